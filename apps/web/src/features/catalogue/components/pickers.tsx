import type { TExternalProduct, TProduct } from '@orderbridge/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { usePosProducts } from '../api/get-pos-products';
import { useProducts } from '../api/get-products';
import { SearchBox } from './list-parts';

type TOption = { id: number; title: string; detail: string };

/** A search box and the first page of what it finds; a click picks one. */
function PickerDialog({
  open,
  onOpenChange,
  title,
  description,
  placeholder,
  search,
  onSearch,
  options,
  loading,
  error,
  empty,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: string;
  placeholder: string;
  search: string;
  onSearch: (s: string) => void;
  options: TOption[] | undefined;
  loading: boolean;
  error: unknown;
  empty: string;
  onPick: (id: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="space-y-3">
        <SearchBox value={search} onChange={onSearch} placeholder={placeholder} />
        {error ? (
          <Alert tone="error">{userMessage(error)}</Alert>
        ) : !options || loading ? (
          <div className="flex justify-center py-6">
            <Spinner label="Searching" />
          </div>
        ) : options.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {options.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  onClick={() => onPick(o.id)}
                  className="flex min-h-11 w-full flex-col items-start px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-brand-50"
                >
                  <span className="text-sm font-medium text-slate-900">{o.title}</span>
                  <span className="text-xs text-slate-600">{o.detail}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

const posOption = (p: TExternalProduct): TOption => ({
  id: p.id,
  title: p.description,
  detail: [p.productCode, p.barcode, p.caseQty > 1 ? `case of ${p.caseQty}` : null]
    .filter(Boolean)
    .join(' · '),
});

/** Shop: pick a product of its POS catalogue. */
export function PosProductPicker({
  open,
  onOpenChange,
  integrationId,
  title,
  initialSearch = '',
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  integrationId: number | undefined;
  title: string;
  initialSearch?: string;
  onPick: (posProductId: number) => void;
}) {
  const { companyId } = useCompany();
  const [search, setSearch] = useState(initialSearch);
  const found = usePosProducts(companyId, integrationId, { page: 1, search: search.trim() });
  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Products of your POS catalogue, as your Semtek agent sent it."
      placeholder="Code, barcode or description"
      search={search}
      onSearch={setSearch}
      options={integrationId === undefined ? [] : found.data?.data.map(posOption)}
      loading={found.isFetching && !found.data}
      error={found.error}
      empty={
        integrationId === undefined
          ? 'No POS catalogue yet: connect Semtek under Configuration → Integrations.'
          : 'No POS product matches.'
      }
      onPick={onPick}
    />
  );
}

const productOption = (p: TProduct): TOption => ({
  id: p.id,
  title: p.name,
  detail: [
    p.sku,
    p.packSize > 1 ? `pack of ${p.packSize}` : null,
    p.semtekProductId ? 'already linked' : null,
  ]
    .filter(Boolean)
    .join(' · '),
});

/** Shop: pick a product of one of its suppliers' price lists. */
export function SupplierProductPicker({
  open,
  onOpenChange,
  title,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  onPick: (productId: number) => void;
}) {
  const { companyId } = useCompany();
  const [search, setSearch] = useState('');
  const found = useProducts('shops', companyId, { page: 1, search: search.trim() });
  return (
    <PickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Products from your suppliers' price lists."
      placeholder="SKU or name"
      search={search}
      onSearch={setSearch}
      options={found.data?.data.map(productOption)}
      loading={found.isFetching && !found.data}
      error={found.error}
      empty="No supplier product matches. Suppliers add products on their own Products page."
      onPick={onPick}
    />
  );
}
