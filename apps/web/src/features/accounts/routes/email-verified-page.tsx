import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmailOnlySchema } from '@orderbridge/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { AuthShell } from '../../../components/ui/auth-shell';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { userMessage } from '../../../lib/errors';
import { useResendConfirmation } from '../api/use-resend-confirmation';

export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const resend = useResendConfirmation();
  const form = useForm<z.input<typeof ZEmailOnlySchema>, unknown, z.output<typeof ZEmailOnlySchema>>({
    resolver: zodResolver(ZEmailOnlySchema),
    defaultValues: { email: '' },
  });

  if (!error) {
    return (
      <AuthShell title="Email confirmed">
        <div className="space-y-5 text-sm text-slate-700">
          <CircleCheck size={40} aria-hidden="true" className="text-green-600" />
          <p>Your email address is confirmed. You can now sign in and set up your company.</p>
          <Link to="/login" className={buttonClass('primary', 'md', 'w-full')}>
            Sign in
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="We could not confirm your email">
      <div className="space-y-4 text-sm text-slate-700">
        <CircleAlert size={40} aria-hidden="true" className="text-red-600" />
        <Alert tone="error">{error === 'true' ? 'The confirmation link is not valid.' : error}</Alert>
        <p>Enter your email address and we will send you a new confirmation link.</p>
        {resend.isSuccess ? (
          <Alert tone="success">If an account is waiting for confirmation, a new link is on its way.</Alert>
        ) : null}
        {resend.isError ? <Alert tone="error">{userMessage(resend.error)}</Alert> : null}
        <form onSubmit={form.handleSubmit((v) => resend.mutate(v))} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" loading={resend.isPending}>
            Send a new link
          </Button>
        </form>
      </div>
    </AuthShell>
  );
}
