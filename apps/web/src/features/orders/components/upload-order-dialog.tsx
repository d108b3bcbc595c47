import type { TShopSupplier } from '@orderbridge/contract';
import { Camera, FileUp, X } from 'lucide-react';
import { type ComponentType, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Overlay, type TOverlayState, useOverlay } from '../../../components/ui/overlay';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { useIsMobile } from '../../../lib/use-media-query';
import { useUploadOrder } from '../api/upload-order';
import { UploadProgress } from './upload-progress';
import {
  DROP_ZONE_TEXT,
  isAcceptedFile,
  shortFileName,
  UPLOAD_ACCEPT,
  UPLOAD_TEXT,
  uploadErrorText,
} from './upload-rules';

/** What the dialog needs of a supplier picker; the app layer hands in the partners feature's picker. */
export type TSupplierPickerProps = {
  value: TShopSupplier | null;
  onChange: (supplier: TShopSupplier | null) => void;
  disabled?: boolean;
};

const IDLE: TOverlayState = { status: 'idle' };

/**
 * The 'Upload order' dialog (spec §2, §4, §5): a file drop zone, the supplier picker, an optional memo and
 * 'Upload', enabled once a file and a supplier are chosen. While sending, an 'Uploading' overlay covers the
 * dialog; on success the dialog closes and resets and the app's overlay says so, with 'Go to orders'; on
 * failure the overlay goes and the error shows in the dialog.
 */
export function UploadOrderDialog({
  open,
  onOpenChange,
  SupplierPicker,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  SupplierPicker: ComponentType<TSupplierPickerProps>;
}) {
  const { companyId: shopId, basePath } = useCompany();
  const navigate = useNavigate();
  const overlay = useOverlay();
  const upload = useUploadOrder(shopId);
  const isMobile = useIsMobile();
  const [file, setFile] = useState<File | null>(null);
  const [supplier, setSupplier] = useState<TShopSupplier | null>(null);
  const [memo, setMemo] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState<TOverlayState>(IDLE);
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const reset = () => {
    setFile(null);
    setSupplier(null);
    setMemo('');
    setFileError(null);
    setError(null);
    setBusy(IDLE);
    if (inputRef.current) inputRef.current.value = '';
  };

  // A dialog opened again starts empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open only
  useEffect(() => {
    if (open) reset();
  }, [open]);

  const choose = (chosen: File | null | undefined) => {
    setError(null);
    if (!chosen) return;
    if (!isAcceptedFile(chosen)) {
      setFile(null);
      setFileError(UPLOAD_TEXT.typeError);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  const canUpload = file !== null && supplier !== null && busy.status === 'idle';

  const submit = async () => {
    if (!file || !supplier) return;
    setError(null);
    setBusy({ status: 'loading', title: UPLOAD_TEXT.loading });
    try {
      const uploaded = await upload.mutateAsync({ file, shopSupplierId: supplier.shopSupplierId, memo });
      reset();
      onOpenChange(false);
      overlay.success({
        title: UPLOAD_TEXT.successTitle,
        subtitle: UPLOAD_TEXT.successText,
        detail: <UploadProgress shopId={shopId} documentId={uploaded.tempOrderId} />,
        actionText: UPLOAD_TEXT.successAction,
        onAction: () => navigate(`${basePath}/orders`),
      });
    } catch (e) {
      setBusy(IDLE);
      setError(uploadErrorText(e));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy.status !== 'idle') return;
        onOpenChange(next);
      }}
      title={UPLOAD_TEXT.title}
      description="Send a supplier invoice (PDF or photo) to be read into an order."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard path */}
          <div
            data-testid="drop-zone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
              fileError && 'border-red-400',
            )}
          >
            <FileUp size={24} aria-hidden="true" className="text-slate-500" />
            <p className="text-sm text-slate-700">
              <button
                type="button"
                onClick={() => inputRef.current?.click()}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Choose a file
              </button>{' '}
              or drag it here
            </p>
            <p id={`${id}-types`} className="text-xs text-slate-600">
              {DROP_ZONE_TEXT}
            </p>
            {isMobile ? (
              <Button size="md" variant="secondary" onClick={() => cameraRef.current?.click()}>
                <Camera size={16} aria-hidden="true" /> Take a photo
              </Button>
            ) : null}
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept={UPLOAD_ACCEPT}
              aria-label="Order file"
              aria-describedby={`${id}-types`}
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            <input
              ref={cameraRef}
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              aria-label="Photo of the order"
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </div>
          {fileError ? (
            <p role="alert" className="mt-1.5 text-xs font-medium text-red-700">
              {fileError}
            </p>
          ) : null}
          {file ? (
            <div className="mt-2 flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={file.name}>
                {shortFileName(file.name)}
              </span>
              <span className="tabular text-xs text-slate-500">{formatSize(file.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setFile(null);
                  if (inputRef.current) inputRef.current.value = '';
                }}
                className="rounded p-1 text-slate-500 hover:bg-slate-100"
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          ) : null}
        </div>
        <SupplierPicker value={supplier} onChange={setSupplier} disabled={busy.status !== 'idle'} />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-memo`} className="text-sm font-medium text-slate-800">
            Memo <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-memo`}
            rows={2}
            maxLength={2000}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canUpload}>
            {UPLOAD_TEXT.submit}
          </Button>
        </div>
      </form>
      <Overlay state={busy} onClose={() => setBusy(IDLE)} />
    </Dialog>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
