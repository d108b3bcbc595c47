import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES, ZInviteUserSchema } from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useInviteUser } from '../api/invite-user';

type TInput = z.input<typeof ZInviteUserSchema>;
type TOutput = z.output<typeof ZInviteUserSchema>;

export const roleLabel = (r: string) => (r === 'admin' ? 'Administrator' : 'Member');

export function InviteUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { companyType, companyId, company } = useCompany();
  const invite = useInviteUser(companyType, companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZInviteUserSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync(values);
      notify.success(`Invitation sent to ${values.email}.`);
      form.reset();
      onOpenChange(false);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      if (!applyServerErrors(e, form.setError, ['email', 'role'])) setFormError(userMessage(e));
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
      title="Invite a colleague"
      description={`They receive an email with a link to join ${company.name}.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </SelectField>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
