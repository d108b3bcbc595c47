import type { TLogin } from '@orderbridge/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthShell, linkClass } from '../../../components/ui/auth-shell';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { destinationFor, getProfile } from '../../../lib/session';
import { login } from '../api/login';
import { resendConfirmation } from '../api/resend-confirmation';

// zod and the contract load right after the page shows, not with it (login route budget, ARCHITECTURE §8).
const loginResolver = lazyResolver<TLogin>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@orderbridge/contract')]).then(([r, c]) =>
    r.zodResolver(c.ZLoginSchema),
  ),
);

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invitation = params.get('invitation') ?? undefined;
  const sessionEnded = params.get('error') === 'true';
  const [formError, setFormError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resending, setResending] = useState(false);

  const form = useForm<TLogin>({
    resolver: loginResolver,
    defaultValues: { userName: params.get('email') ?? '', password: '' },
  });
  const { errors } = form.formState;
  useEffect(() => loginResolver.preload(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setUnconfirmed(false);
    try {
      // The login route stays free of the query library (bundle budget); the profile is fetched directly.
      const result = await login({ ...values, invitation });
      const profile = await getProfile();
      navigate(destinationFor(profile, result.companyId), { replace: true });
    } catch (e) {
      const err = toAppError(e);
      if (err.kind === 'canceled') return;
      if (applyServerErrors(e, form.setError, ['userName', 'password'])) return;
      setUnconfirmed(err.status === 403);
      setFormError(userMessage(err));
    }
  });

  return (
    <AuthShell
      title="Sign in to OrderBridge"
      subtitle="Orders, invoices and disputes between shops and their suppliers."
      footer={
        <>
          New to OrderBridge?{' '}
          <Link
            to={invitation ? `/register?invitation=${encodeURIComponent(invitation)}` : '/register'}
            className={linkClass}
          >
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {sessionEnded ? (
          <Alert tone="warning" title="Your session has ended">
            Please sign in again to continue.
          </Alert>
        ) : null}
        {formError ? (
          <Alert tone="error">
            {formError}
            {unconfirmed ? (
              <div className="mt-2">
                <button
                  type="button"
                  className="font-medium underline"
                  disabled={resending}
                  onClick={() => {
                    setResending(true);
                    resendConfirmation({ email: form.getValues('userName') })
                      .then(() => {
                        setUnconfirmed(false);
                        setFormError('We sent you a new confirmation email.');
                      })
                      .catch((e: unknown) => setFormError(userMessage(e)))
                      .finally(() => setResending(false));
                  }}
                >
                  Resend the confirmation email
                </button>
              </div>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          error={errors.userName?.message}
          {...form.register('userName')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className={`text-xs ${linkClass}`}>
              Forgot password?
            </Link>
          }
          {...form.register('password')}
        />
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          Sign in
        </Button>
      </form>
    </AuthShell>
  );
}
