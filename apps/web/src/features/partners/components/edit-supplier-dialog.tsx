import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_SECONDARY_EMAILS, type TShopSupplier, ZUpdateSupplierSchema } from '@orderbridge/contract';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useUpdateSupplier } from '../api/update-supplier';

type TInput = z.input<typeof ZUpdateSupplierSchema>;
type TOutput = z.output<typeof ZUpdateSupplierSchema>;

const valuesOf = (s: TShopSupplier): TInput => ({
  supplierName: s.supplierName,
  supplierMainEmail: s.supplierMainEmail,
  secondaryEmails: s.secondaryEmails,
  isAutoProcessed: s.isAutoProcessed,
  skipApproval: s.skipApproval,
});

/** Edit a supplier's name, addresses and processing flags. */
export function EditSupplierDialog({
  supplier,
  onClose,
}: {
  supplier: TShopSupplier | null;
  onClose: () => void;
}) {
  const { companyId: shopId } = useCompany();
  const update = useUpdateSupplier(shopId);
  const [formError, setFormError] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const id = useId();
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(ZUpdateSupplierSchema) });
  const { errors } = form.formState;
  const secondary = form.watch('secondaryEmails') ?? [];

  useEffect(() => {
    if (!supplier) return;
    form.reset(valuesOf(supplier));
    setFormError(null);
    setNewEmail('');
  }, [supplier, form]);

  const addEmail = () => {
    const email = newEmail.trim().toLowerCase();
    if (!email) return;
    if (!secondary.includes(email)) {
      form.setValue('secondaryEmails', [...secondary, email], { shouldDirty: true });
    }
    setNewEmail('');
  };

  const onSubmit = form.handleSubmit(async (input) => {
    if (!supplier) return;
    setFormError(null);
    try {
      await update.mutateAsync({ shopSupplierId: supplier.shopSupplierId, input });
      notify.success(`${input.supplierName ?? supplier.supplierName} was saved.`);
      onClose();
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      applyServerErrors(e, form.setError, ['supplierName', 'supplierMainEmail', 'secondaryEmails']);
      setFormError(userMessage(e));
    }
  });

  const secondaryError =
    errors.secondaryEmails?.message ??
    (Array.isArray(errors.secondaryEmails)
      ? errors.secondaryEmails.find((e) => e?.message)?.message
      : undefined);

  return (
    <Dialog
      open={supplier !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Edit supplier"
      description={supplier ? `How your shop knows ${supplier.supplierName}.` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Supplier name"
          autoComplete="off"
          error={errors.supplierName?.message}
          {...form.register('supplierName')}
        />
        <TextField
          label="Main email"
          type="email"
          autoComplete="off"
          hint="Orders sent from this address are matched to this supplier."
          error={errors.supplierMainEmail?.message}
          {...form.register('supplierMainEmail')}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-secondary`} className="text-sm font-medium text-slate-800">
            Secondary emails
          </label>
          {secondary.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Secondary emails">
              {secondary.map((email) => (
                <li
                  key={email}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
                >
                  {email}
                  <button
                    type="button"
                    aria-label={`Remove ${email}`}
                    onClick={() =>
                      form.setValue(
                        'secondaryEmails',
                        secondary.filter((e) => e !== email),
                        { shouldDirty: true },
                      )
                    }
                    className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200"
                  >
                    <X size={12} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex gap-2">
            <input
              id={`${id}-secondary`}
              type="email"
              autoComplete="off"
              placeholder="another@address.com"
              value={newEmail}
              disabled={secondary.length >= MAX_SECONDARY_EMAILS}
              onChange={(e) => setNewEmail(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addEmail();
                }
              }}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-brand-600"
            />
            <Button variant="secondary" onClick={addEmail} disabled={!newEmail.trim()}>
              Add
            </Button>
          </div>
          <p className="text-xs text-slate-600">Other addresses this supplier sends orders from.</p>
          <FieldError message={secondaryError} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Processing</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5" {...form.register('isAutoProcessed')} />
            <span>
              Process automatically
              <span className="block text-xs text-slate-600">
                Orders that read cleanly become orders without waiting in the review queue.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5" {...form.register('skipApproval')} />
            <span>
              Skip approval
              <span className="block text-xs text-slate-600">
                Orders from this supplier do not need an approver.
              </span>
            </span>
          </label>
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
