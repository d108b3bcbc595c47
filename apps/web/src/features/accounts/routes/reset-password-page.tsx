import { zodResolver } from '@hookform/resolvers/zod';
import { type TResetPassword, ZResetPasswordSchema } from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthShell, linkClass } from '../../../components/ui/auth-shell';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TResetPassword>({
    resolver: zodResolver(ZResetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (!token) {
    return (
      <AuthShell title="Reset your password">
        <Alert tone="error">This reset link is incomplete. Ask for a new one.</Alert>
        <Link to="/forgot-password" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
          Request a new link
        </Link>
      </AuthShell>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthShell title="Password changed">
        <Alert tone="success">Your password is changed. Sign in with your new password.</Alert>
        <Link to="/login" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
          Sign in
        </Link>
      </AuthShell>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      applyServerErrors(e, form.setError, ['password', 'confirmPassword', 'token']);
      setFormError(userMessage(e));
    }
  });

  return (
    <AuthShell
      title="Choose a new password"
      footer={
        <Link to="/forgot-password" className={linkClass}>
          Request a new link
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {errors.token?.message ? <Alert tone="error">{errors.token.message}</Alert> : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, with a letter and a digit or symbol."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          Change password
        </Button>
      </form>
    </AuthShell>
  );
}
