import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmailOnlySchema } from '@orderbridge/contract';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { AuthShell, linkClass } from '../../../components/ui/auth-shell';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { userMessage } from '../../../lib/errors';
import { hasValidToken } from '../../../lib/session';
import { useForgotPassword } from '../api/forgot-password';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm<z.input<typeof ZEmailOnlySchema>, unknown, z.output<typeof ZEmailOnlySchema>>({
    resolver: zodResolver(ZEmailOnlySchema),
    defaultValues: { email: '' },
  });
  if (hasValidToken()) return <Navigate to="/" replace />;

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      {forgot.isSuccess ? (
        <Alert tone="success" title="Check your email">
          If an account exists for {form.getValues('email')}, a reset link is on its way. The link works once.
        </Alert>
      ) : (
        <form onSubmit={form.handleSubmit((v) => forgot.mutate(v))} noValidate className="space-y-4">
          {forgot.isError ? <Alert tone="error">{userMessage(forgot.error)}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" loading={forgot.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
