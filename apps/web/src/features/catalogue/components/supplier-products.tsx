import type { TProduct } from '@orderbridge/contract';
import { Package, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { useCompany } from '../../../lib/company-context';
import { useProducts } from '../api/get-products';
import { money } from './format';
import { ImportDialog } from './import-dialog';
import { ListError, Pager, SearchBox, SkeletonList } from './list-parts';
import { ProductDialog } from './product-dialog';

/** Supplier: its price list — search, paging, create, edit (a row opens it), CSV import. */
export function SupplierProducts() {
  const { companyId } = useCompany();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useProducts('suppliers', companyId, { page, search: search.trim() });
  const data = list.data;

  return (
    <div>
      <PageHeader
        title="Products"
        description="Your price list: client shops see it, and their invoices from you are matched against it."
        actions={
          <>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload size={16} aria-hidden="true" /> Import CSV
            </Button>
            <Button onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden="true" /> New product
            </Button>
          </>
        }
      />
      <div className="mb-4 flex">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          placeholder="SKU or name"
        />
      </div>
      {list.isError ? (
        <ListError what="The products" error={list.error} retry={() => list.refetch()} />
      ) : !data ? (
        <Card>
          <SkeletonList />
        </Card>
      ) : data.total === 0 ? (
        <EmptyState
          icon={Package}
          title={search ? 'No product matches' : 'No products yet'}
          action={
            search ? null : (
              <Button onClick={() => setEditing('new')}>
                <Plus size={16} aria-hidden="true" /> New product
              </Button>
            )
          }
        >
          {search
            ? 'Try a shorter part of the SKU or the name.'
            : 'Add your products one by one, or import your price list as a CSV file.'}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm max-md:hidden">
            <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">SKU</th>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Barcode</th>
                <th className="px-4 py-3 text-right">Pack</th>
                <th className="px-4 py-3 text-right">Unit price</th>
                <th className="px-4 py-3">Aliases</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.data.map((p) => (
                <tr key={p.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 whitespace-nowrap">
                    <button
                      type="button"
                      onClick={() => setEditing(p)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {p.sku}
                    </button>
                  </td>
                  <td className="px-4 py-3">
                    {p.name}
                    {p.description ? <div className="text-xs text-slate-500">{p.description}</div> : null}
                  </td>
                  <td className="px-4 py-3 tabular-nums text-slate-600">{p.barcode ?? '—'}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.packSize}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{money(p.unitPrice)}</td>
                  <td className="px-4 py-3 text-xs text-slate-600">{p.aliases.join(' · ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-slate-100 md:hidden">
            {data.data.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => setEditing(p)}
                  className="flex min-h-11 w-full items-start justify-between gap-3 px-4 py-3 text-left"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{p.name}</span>
                    <span className="block text-xs text-slate-600">
                      {p.sku}
                      {p.packSize > 1 ? ` · pack of ${p.packSize}` : ''}
                    </span>
                  </span>
                  <span className="tabular-nums text-slate-900">{money(p.unitPrice)}</span>
                </button>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            total={data.total}
            capped={data.totalCapped}
            noun={['product', 'products']}
            onPage={setPage}
          />
        </Card>
      )}
      <ProductDialog
        open={editing !== null}
        onOpenChange={(o) => (o ? null : setEditing(null))}
        product={editing === 'new' ? null : editing}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
