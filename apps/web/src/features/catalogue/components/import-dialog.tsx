import type { TImportResult } from '@orderbridge/contract';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useImportPriceList } from '../api/import-price-list';

/** Supplier: a price list CSV; shows what was taken and each refused line with its reason. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { companyId } = useCompany();
  const run = useImportPriceList(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  const close = (o: boolean) => {
    if (!o) {
      setFile(null);
      setResult(null);
      setFailure(null);
    }
    onOpenChange(o);
  };
  const submit = async () => {
    if (!file) return;
    setFailure(null);
    try {
      const r = await run.mutateAsync(file);
      setResult(r);
      notify.success(`${r.rows} products imported.`);
    } catch (e) {
      setFailure(userMessage(e));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import a price list"
      description="A CSV file with the columns sku and name, and any of description, unitPrice, packSize, barcode, aliases (separated by |). Products are updated by SKU."
    >
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
            className="block w-full text-sm file:mr-3 file:h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3"
          />
        </div>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {result ? (
          <Alert tone={result.errors.length ? 'warning' : 'success'} title="Imported">
            {`${result.created} new, ${result.updated} changed, ${result.unchanged} unchanged.`}
            {result.errors.length ? (
              <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-4">
                {result.errors.map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {result ? 'Done' : 'Cancel'}
          </Button>
          <Button onClick={submit} disabled={!file} loading={run.isPending}>
            Import
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
