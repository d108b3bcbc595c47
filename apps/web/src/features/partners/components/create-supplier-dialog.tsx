import { zodResolver } from '@hookform/resolvers/zod';
import { type TShopSupplier, ZCreateSupplierSchema } from '@orderbridge/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Overlay, type TOverlayState } from '../../../components/ui/overlay';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useCreateSupplier } from '../api/create-supplier';
import { suppliersQueryOptions } from '../api/get-suppliers';

type TInput = z.input<typeof ZCreateSupplierSchema>;
type TOutput = z.output<typeof ZCreateSupplierSchema>;

/** Texts of spec §4 "Create supplier". */
export const CREATE_SUPPLIER_TEXT = {
  title: 'Create new supplier',
  submit: 'Create supplier',
  loading: (name: string) => `Creating supplier client: ${name}...`,
  success: 'You’ve successfully added a new supplier.',
  noData: "Error creating supplier client, data isn't there",
  failure: (error: string) => `Error creating supplier client: ${error}`,
} as const;

const IDLE: TOverlayState = { status: 'idle' };

/**
 * The 'Create new supplier' dialog (spec §2, §4). Its overlay sits inside the dialog so that it stays
 * reachable above the modal, wherever the dialog is opened from (suppliers page, supplier picker).
 */
export function CreateSupplierDialog({
  open,
  onOpenChange,
  initialName = '',
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Prefills the name, e.g. with what was typed into the supplier picker. */
  initialName?: string;
  onCreated?: (supplier: TShopSupplier) => void;
}) {
  const { companyId: shopId } = useCompany();
  // Every supplier's name, for the check below: fetched only while the dialog is open (the suppliers page shows
  // one page of them).
  const suppliers = useQuery({ ...suppliersQueryOptions(shopId), enabled: open });
  const create = useCreateSupplier(shopId);
  const [overlay, setOverlay] = useState<TOverlayState>(IDLE);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZCreateSupplierSchema),
    defaultValues: { supplierName: initialName, supplierEmail: '' },
  });
  const { errors } = form.formState;
  const name = form.watch('supplierName') ?? '';
  const email = form.watch('supplierEmail') ?? '';
  const canSubmit = name.trim() !== '' && email.trim() !== '';

  useEffect(() => {
    if (open) form.reset({ supplierName: initialName, supplierEmail: '' });
  }, [open, initialName, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    // A name the shop already uses abandons the form (spec §5); the server refuses it too.
    const taken = suppliers.data?.find(
      (s) => s.supplierName.toLowerCase() === values.supplierName.toLowerCase(),
    );
    if (taken) {
      form.setError('supplierName', { message: `A supplier named "${taken.supplierName}" already exists` });
      return;
    }
    setOverlay({ status: 'loading', title: CREATE_SUPPLIER_TEXT.loading(values.supplierName) });
    try {
      const created = await create.mutateAsync(values);
      if (!created) {
        setOverlay({ status: 'error', title: CREATE_SUPPLIER_TEXT.noData });
        return;
      }
      setOverlay(IDLE);
      notify.success(CREATE_SUPPLIER_TEXT.success);
      onCreated?.(created);
      onOpenChange(false);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') {
        setOverlay(IDLE);
        return;
      }
      applyServerErrors(e, form.setError, ['supplierName', 'supplierEmail']);
      setOverlay({ status: 'error', title: CREATE_SUPPLIER_TEXT.failure(userMessage(e)) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the overlay shows, Escape and outside clicks belong to it, not to the dialog.
        if (!next && overlay.status !== 'idle') return;
        onOpenChange(next);
      }}
      title={CREATE_SUPPLIER_TEXT.title}
      description="The supplier receives an email inviting it to OrderBridge."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Supplier name"
          autoComplete="off"
          error={errors.supplierName?.message}
          {...form.register('supplierName')}
        />
        <TextField
          label="Supplier email"
          type="email"
          autoComplete="off"
          error={errors.supplierEmail?.message}
          {...form.register('supplierEmail')}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit} loading={create.isPending}>
            {CREATE_SUPPLIER_TEXT.submit}
          </Button>
        </div>
      </form>
      <Overlay state={overlay} onClose={() => setOverlay(IDLE)} />
    </Dialog>
  );
}
