import { SEARCH_MIN_LENGTH } from '@orderbridge/contract';
import { Link2, Package, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { useIntegrationNamed } from '../api/get-integrations';
import { productsQueryOptions, useProducts } from '../api/get-products';
import { useProductLinks } from '../api/link-product';
import { money } from './format';
import { ListError, Pager, SearchBox, SkeletonList } from './list-parts';
import { PosProductPicker } from './pickers';
import { PriceChanges } from './price-changes';

const VIEWS = [
  { id: 'products', label: 'Supplier products' },
  { id: 'price-changes', label: 'Price changes' },
] as const;

/** Shop: its suppliers' products linked to its POS catalogue, and the price changes found on invoices. */
export function ShopProducts() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'price-changes' ? 'price-changes' : 'products';
  return (
    <div>
      <PageHeader
        title="Products"
        description="Your suppliers' products, linked to your POS catalogue so invoices are matched and received quantities go back to the till."
      />
      <div className="mb-4 flex flex-wrap gap-2" role="tablist" aria-label="View">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            role="tab"
            aria-selected={view === v.id}
            onClick={() => setParams(v.id === 'products' ? {} : { view: v.id }, { replace: true })}
            className={cn(
              'min-h-10 rounded-lg px-3 text-sm font-medium',
              view === v.id
                ? 'bg-brand-600 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {v.label}
          </button>
        ))}
      </div>
      {view === 'products' ? <LinkedProducts /> : <PriceChanges />}
    </div>
  );
}

function LinkedProducts() {
  const { companyId, basePath } = useCompany();
  // Page and search live in the address (lib/list-state); the search is sent once typing settles.
  const url = useListUrl();
  const search = useSearchBox(url.get('q'), (q) => url.set({ q }));
  const committed = url.get('q');
  const filter = { page: url.page, search: committed };
  const [linking, setLinking] = useState<number | null>(null);
  const list = useProducts('shops', companyId, filter);
  usePrefetchNextPage(list.data, url.page, (page) =>
    productsQueryOptions('shops', companyId, { ...filter, page }),
  );
  const semtek = useIntegrationNamed(companyId, 'semtek');
  const links = useProductLinks(companyId);
  const data = list.data;

  const link = async (productId: number, semtekProductId: number) => {
    setLinking(null);
    try {
      await links.link.mutateAsync({ productId, semtekProductId });
      notify.success('Product linked to your POS product.');
    } catch (e) {
      notify.error('The product could not be linked', userMessage(e));
    }
  };
  const unlink = async (productId: number) => {
    try {
      await links.unlink.mutateAsync(productId);
      notify.success('Product unlinked.');
    } catch (e) {
      notify.error('The product could not be unlinked', userMessage(e));
    }
  };
  const linkCell = (p: { id: number; name: string; semtekProductId: number | null }) =>
    p.semtekProductId ? (
      <Button size="sm" variant="ghost" onClick={() => unlink(p.id)} aria-label={`Unlink ${p.name}`}>
        <Unlink size={14} aria-hidden="true" /> Linked · unlink
      </Button>
    ) : (
      <Button size="sm" variant="secondary" onClick={() => setLinking(p.id)} aria-label={`Link ${p.name}`}>
        <Link2 size={14} aria-hidden="true" /> Link to POS
      </Button>
    );

  return (
    <>
      <div className="mb-4 flex flex-col gap-1">
        <SearchBox value={search.text} onChange={search.setText} placeholder="SKU or name" />
        {search.tooShort ? (
          <p className="text-xs text-slate-600">Type at least {SEARCH_MIN_LENGTH} characters</p>
        ) : null}
      </div>
      {list.isError ? (
        <ListError what="The products" error={list.error} retry={() => list.refetch()} />
      ) : !data ? (
        <Card>
          <SkeletonList />
        </Card>
      ) : data.total === 0 ? (
        <EmptyState icon={Package} title={committed ? 'No product matches' : 'No supplier products yet'}>
          {committed ? (
            'Try a shorter part of the SKU or the name.'
          ) : (
            <>
              Your suppliers' price lists appear here once they add them. Lines of invoices are matched to
              your POS catalogue either way: see{' '}
              <Link to={`${basePath}/config/integrations`} className="text-brand-700 underline">
                Integrations
              </Link>
              .
            </>
          )}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm max-md:hidden">
            <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">SKU</th>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3 text-right">Pack</th>
                <th className="px-4 py-3 text-right">Unit price</th>
                <th className="px-4 py-3">POS product</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.data.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-3 font-medium whitespace-nowrap">{p.sku}</td>
                  <td className="px-4 py-3">{p.name}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.packSize}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{money(p.unitPrice)}</td>
                  <td className="px-4 py-3">{linkCell(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-slate-100 md:hidden">
            {data.data.map((p) => (
              <li key={p.id} className="space-y-2 px-4 py-3">
                <div className="flex justify-between gap-3">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{p.name}</span>
                    <span className="block text-xs text-slate-600">{p.sku}</span>
                  </span>
                  <span className="tabular-nums">{money(p.unitPrice)}</span>
                </div>
                {linkCell(p)}
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            total={data.total}
            capped={data.totalCapped}
            noun={['product', 'products']}
            onPage={(page) => url.set({ page })}
          />
        </Card>
      )}
      {linking !== null ? (
        <PosProductPicker
          open
          onOpenChange={(o) => (o ? null : setLinking(null))}
          integrationId={semtek.integration?.id}
          title="Link to a POS product"
          onPick={(pos) => link(linking, pos)}
        />
      ) : null}
    </>
  );
}
