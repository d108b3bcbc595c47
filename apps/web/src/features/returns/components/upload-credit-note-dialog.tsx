import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, SelectField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { useShopOptions, useUploadCreditNote } from '../api/get-credits';

/** The supplier sends a credit note for one client shop; it is read and matched to that shop's open disputes. */
export function UploadCreditNoteDialog({
  open,
  onOpenChange,
  onUploaded,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The document the credit note became; it turns into a credit once read. */
  onUploaded: (documentId: number) => void;
}) {
  const { companyId } = useCompany();
  const shops = useShopOptions(companyId, open);
  const upload = useUploadCreditNote(companyId);
  const [shopId, setShopId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ shop?: string; file?: string; form?: string }>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = {
      shop: shopId ? undefined : 'Choose the shop the credit note is for',
      file: file ? undefined : 'Choose the credit note to upload',
    };
    setErrors(missing);
    if (missing.shop || missing.file) return;
    try {
      const reply = await upload.mutateAsync({ shopId: Number(shopId), file: file! });
      notify.success('Credit note uploaded', reply.message);
      onUploaded(reply.documentId);
      setShopId('');
      setFile(null);
      onOpenChange(false);
    } catch (err) {
      const fields = toAppError(err).fieldErrors;
      setErrors({
        shop: fields?.ShopId?.join(' '),
        file:
          fields?.File?.join(' ') ??
          ([413, 415].includes(toAppError(err).status ?? 0) ? userMessage(err) : undefined),
        form: fields ? undefined : userMessage(err),
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload a credit note"
      description="It is read like an invoice and matched to the open disputes of the shop; what cannot be matched waits here for you."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Upload a credit note">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <SelectField
          label="Shop"
          value={shopId}
          error={errors.shop}
          onChange={(e) => setShopId(e.target.value)}
        >
          <option value="">{shops.isPending ? 'Loading shops…' : 'Choose a shop'}</option>
          {(shops.data ?? []).map((s) => (
            <option key={s.shopId} value={s.shopId}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <div className="space-y-1.5">
          <label htmlFor="credit-note-file" className="text-sm font-medium text-slate-800">
            Credit note
          </label>
          <input
            id="credit-note-file"
            type="file"
            accept=".pdf,.png,.jpg,.jpeg"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'credit-note-file-error' : 'credit-note-file-hint'}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          />
          <p id="credit-note-file-hint" className="text-xs text-slate-600">
            PDF, PNG or JPEG, up to 10 MB.
          </p>
          <FieldError id="credit-note-file-error" message={errors.file} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
