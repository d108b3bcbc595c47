import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangePassword, ZChangePasswordSchema } from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TChangePassword>({
    resolver: zodResolver(ZChangePasswordSchema),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      notify.success('Your password has been changed.');
      form.reset();
      onOpenChange(false);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      if (!applyServerErrors(e, form.setError, ['oldPassword', 'password', 'confirmPassword'])) {
        setFormError(userMessage(e));
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          form.reset();
          setFormError(null);
        }
        onOpenChange(o);
      }}
      title="Change password"
      description="Other devices stay signed in; use “Sign out everywhere” to end them."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
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
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
