import { zodResolver } from '@hookform/resolvers/zod';
import { type TRegister, ZRegisterSchema } from '@orderbridge/contract';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthShell, linkClass } from '../../../components/ui/auth-shell';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { hasValidToken } from '../../../lib/session';
import { useInvitation } from '../api/get-invitation';
import { useRegister } from '../api/register';
import { useResendConfirmation } from '../api/use-resend-confirmation';
import { AcceptInvitation } from '../components/accept-invitation';

const FIELDS = ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'invitation'] as const;

export default function RegisterPage() {
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  const invite = useInvitation(invitation);
  const registerMutation = useRegister();
  const resend = useResendConfirmation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<TRegister>({
    resolver: zodResolver(ZRegisterSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (invite.data?.email && !form.getValues('email')) form.setValue('email', invite.data.email);
  }, [invite.data, form]);

  if (hasValidToken())
    return invitation ? <AcceptInvitation token={invitation} /> : <Navigate to="/" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reply = await registerMutation.mutateAsync({ ...values, invitation: invitation ?? undefined });
      setSentTo({ email: values.email, message: reply.message });
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      applyServerErrors(e, form.setError, FIELDS);
      setFormError(userMessage(e));
    }
  });

  if (sentTo) {
    return (
      <AuthShell title="Check your email">
        <div className="space-y-4 text-sm text-slate-700">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-700">
            <MailCheck size={24} aria-hidden="true" />
          </span>
          <p>
            {sentTo.message || 'We sent you a confirmation link.'} We sent it to{' '}
            <strong className="font-semibold text-slate-900">{sentTo.email}</strong>. Open the link to confirm
            your address, then sign in.
          </p>
          {resend.isSuccess ? <Alert tone="success">A new confirmation email is on its way.</Alert> : null}
          {resend.isError ? <Alert tone="error">{userMessage(resend.error)}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              loading={resend.isPending}
              onClick={() => resend.mutate({ email: sentTo.email })}
            >
              Resend email
            </Button>
            <Link
              to={invitation ? `/login?invitation=${encodeURIComponent(invitation)}` : '/login'}
              className={`self-center ${linkClass}`}
            >
              Go to sign in
            </Link>
          </div>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Start exchanging orders with your suppliers or shops."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={invitation ? `/login?invitation=${encodeURIComponent(invitation)}` : '/login'}
            className={linkClass}
          >
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {invite.data ? (
          <Alert tone="info" title={`You were invited to join ${invite.data.companyName}`}>
            Create your account to join the {invite.data.companyType === 'shops' ? 'shop' : 'supplier'}.
          </Alert>
        ) : null}
        {invite.isError ? (
          <Alert tone="warning">
            This invitation link is not valid any more. You can still create an account.
          </Alert>
        ) : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, with a letter and a digit or symbol."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          Create account
        </Button>
        <p className="text-xs text-slate-600">
          By creating an account you accept the{' '}
          <Link to="/terms" className={linkClass}>
            terms
          </Link>{' '}
          and the{' '}
          <Link to="/privacy-policy" className={linkClass}>
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthShell>
  );
}
