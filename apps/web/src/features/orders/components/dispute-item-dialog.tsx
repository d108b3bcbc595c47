import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISPUTE_PHOTO_MAX_BYTES,
  DISPUTE_REASON_TEXT,
  DISPUTE_REASONS,
  type TDisputeReason,
  type TItemDispute,
  type TOrderItem,
  ZDisputeCreateSchema,
} from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, SelectField, TextField } from '../../../components/ui/field';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useDisputeItem } from '../api/order-disputes';

/** The form's fields: the contract's dispute minus the order and line, which the dialog knows. */
const ZFormSchema = ZDisputeCreateSchema.omit({ orderId: true, itemId: true });
type TInput = z.input<typeof ZFormSchema>;
type TOutput = z.output<typeof ZFormSchema>;

/** Image types the server accepts (it checks the bytes again and turns a phone's HEIC photo into a JPEG). */
const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/**
 * What a line allows, as the server counts it: for a short delivery what is missing (nothing recorded as received
 * means all of it), otherwise what was delivered.
 */
export function disputeLimits(item: Pick<TOrderItem, 'itemQty' | 'receivedQuantity'>) {
  const ordered = item.itemQty ?? 0;
  return {
    missing: Math.max(0, ordered - (item.receivedQuantity ?? 0)),
    delivered: item.receivedQuantity ?? ordered,
  };
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** "Dispute this item": reason, quantity (or price difference), note and an optional photo of one order line. */
export function DisputeItemDialog({
  shopId,
  orderId,
  item,
  initialReason,
  open,
  onOpenChange,
  onDisputed,
}: {
  shopId: number;
  orderId: number;
  item: TOrderItem;
  initialReason: TDisputeReason;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDisputed: (d: TItemDispute) => void;
}) {
  const limits = disputeLimits(item);
  const dispute = useDisputeItem(shopId, orderId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZFormSchema),
    defaultValues: {
      reason: initialReason,
      quantity: initialReason === 'short_delivery' && limits.missing > 0 ? limits.missing : undefined,
      note: '',
    },
  });
  const { errors } = form.formState;
  const reason = form.watch('reason') as TDisputeReason;
  const quantityHint =
    reason === 'short_delivery'
      ? `${limits.missing} missing (ordered ${item.itemQty ?? 0}, received ${item.receivedQuantity ?? 'not recorded'})`
      : `At most the ${limits.delivered} delivered`;

  const choosePhoto = (file: File | undefined) => {
    setPhotoError(undefined);
    if (!file) return setPhoto(null);
    if (file.size > DISPUTE_PHOTO_MAX_BYTES) {
      setPhoto(null);
      return setPhotoError('The photo is larger than 10 MB.');
    }
    setPhoto(file);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (photoError) return;
    try {
      const created = await dispute.mutateAsync({
        itemId: item.id,
        reason: values.reason,
        quantity: values.quantity,
        priceDifference: values.reason === 'wrong_price' ? values.priceDifference : undefined,
        note: values.note,
        photo: photo ?? undefined,
      });
      onDisputed(created);
    } catch (e) {
      const err = toAppError(e);
      // The server judges the photo by its bytes and size; those answers belong under the photo field.
      if (err.status === 413 || err.status === 415) return setPhotoError(userMessage(e));
      if (!applyServerErrors(e, form.setError, ['reason', 'quantity', 'priceDifference', 'note'])) {
        setFormError(userMessage(e));
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Dispute this item"
      description={`Line ${item.lineNo}: ${item.itemDesc ?? item.itemCode ?? 'item'}`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Dispute this item">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <SelectField label="Reason" error={errors.reason?.message} {...form.register('reason')}>
          {DISPUTE_REASONS.map((r) => (
            <option key={r} value={r}>
              {DISPUTE_REASON_TEXT[r]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Quantity"
          inputMode="decimal"
          hint={quantityHint}
          error={errors.quantity?.message}
          {...form.register('quantity', { setValueAs: emptyToUndefined })}
        />
        {reason === 'wrong_price' ? (
          <TextField
            label="Price difference per unit"
            inputMode="decimal"
            hint={`Charged ${item.price ?? '—'} per unit; how much more than agreed?`}
            error={errors.priceDifference?.message}
            {...form.register('priceDifference', { setValueAs: emptyToUndefined })}
          />
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor="dispute-note" className="text-sm font-medium text-slate-800">
            Note <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id="dispute-note"
            rows={3}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'dispute-note-error' : undefined}
            placeholder="What did you find?"
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600"
            {...form.register('note')}
          />
          <FieldError id="dispute-note-error" message={errors.note?.message} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="dispute-photo" className="text-sm font-medium text-slate-800">
            Photo <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="dispute-photo"
            type="file"
            accept={PHOTO_ACCEPT}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'dispute-photo-error' : 'dispute-photo-hint'}
            onChange={(e) => choosePhoto(e.target.files?.[0])}
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          />
          <p id="dispute-photo-hint" className="text-xs text-slate-600">
            JPEG, PNG, WebP or HEIC, up to 10 MB.
          </p>
          <FieldError id="dispute-photo-error" message={photoError} />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={dispute.isPending}>
            Send dispute
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
