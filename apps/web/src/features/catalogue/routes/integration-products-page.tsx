import type { TExternalProduct, TIntegration } from '@orderbridge/contract';
import { Link2, Package, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { usePosProducts } from '../api/get-pos-products';
import { useProductLinks } from '../api/link-product';
import { money } from '../components/format';
import { IntegrationShell } from '../components/integration-shell';
import { ListError, Pager, SearchBox, SkeletonList } from '../components/list-parts';
import { SupplierProductPicker } from '../components/pickers';

/** Integrations → Semtek → POS products: the catalogue the agent sent, searched, with links to supplier products. */
export default function IntegrationProductsPage() {
  return (
    <IntegrationShell name="Semtek" title="POS products">
      {(i) => <PosProducts integration={i} />}
    </IntegrationShell>
  );
}

function PosProducts({ integration }: { integration: TIntegration }) {
  const { companyId } = useCompany();
  const [search, setSearch] = useState('');
  const [linked, setLinked] = useState<'' | 'true' | 'false'>('');
  const [page, setPage] = useState(1);
  const [linking, setLinking] = useState<TExternalProduct | null>(null);
  const list = usePosProducts(companyId, integration.id, {
    page,
    search: search.trim(),
    linked: linked || undefined,
  });
  const links = useProductLinks(companyId);
  const data = list.data;

  const link = async (pos: TExternalProduct, productId: number) => {
    setLinking(null);
    try {
      await links.link.mutateAsync({ productId, semtekProductId: pos.id });
      notify.success(`Linked to ${pos.productCode}.`);
    } catch (e) {
      notify.error('The product could not be linked', userMessage(e));
    }
  };
  const unlink = async (productId: number, sku: string) => {
    try {
      await links.unlink.mutateAsync(productId);
      notify.success(`${sku} unlinked.`);
    } catch (e) {
      notify.error('The product could not be unlinked', userMessage(e));
    }
  };
  const linkedCell = (p: TExternalProduct) => (
    <div className="flex flex-wrap items-center gap-1.5">
      {p.linkedProducts.map((l) => (
        <Button
          key={l.shopSupplierProductId}
          size="sm"
          variant="ghost"
          onClick={() => unlink(l.productId, l.sku)}
          aria-label={`Unlink ${l.sku}`}
        >
          {l.sku} <Unlink size={12} aria-hidden="true" />
        </Button>
      ))}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setLinking(p)}
        aria-label={`Link ${p.productCode}`}
      >
        <Link2 size={14} aria-hidden="true" /> Link
      </Button>
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          placeholder="Code, barcode or description"
        />
        <SelectField
          label="Links"
          value={linked}
          onChange={(e) => {
            setLinked(e.target.value as '' | 'true' | 'false');
            setPage(1);
          }}
          className="w-48"
        >
          <option value="">All products</option>
          <option value="true">Linked to a supplier product</option>
          <option value="false">Not linked</option>
        </SelectField>
      </div>
      {list.isError ? (
        <ListError what="The POS products" error={list.error} retry={() => list.refetch()} />
      ) : !data ? (
        <Card>
          <SkeletonList />
        </Card>
      ) : data.total === 0 ? (
        <EmptyState
          icon={Package}
          title={search || linked ? 'No POS product matches' : 'No POS catalogue yet'}
        >
          {search || linked
            ? 'Try another search or filter.'
            : 'Once the agent is paired, it sends the CSV files the POS exports into its folder; they appear here.'}
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm max-md:hidden">
            <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Code</th>
                <th className="px-4 py-3">Description</th>
                <th className="px-4 py-3">Barcode</th>
                <th className="px-4 py-3 text-right">Case</th>
                <th className="px-4 py-3 text-right">Case cost</th>
                <th className="px-4 py-3 text-right">Price</th>
                <th className="px-4 py-3">Supplier products</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.data.map((p) => (
                <tr key={p.id} className={p.active ? undefined : 'text-slate-400'}>
                  <td className="px-4 py-3 font-medium whitespace-nowrap">{p.productCode}</td>
                  <td className="px-4 py-3">
                    {p.description}
                    {p.active ? null : <span className="ml-2 text-xs">(inactive)</span>}
                  </td>
                  <td className="px-4 py-3 tabular-nums">{p.barcode ?? '—'}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.caseQty}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{money(p.casePrice)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{money(p.price)}</td>
                  <td className="px-4 py-3">{linkedCell(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-slate-100 md:hidden">
            {data.data.map((p) => (
              <li key={p.id} className="space-y-2 px-4 py-3">
                <div className="flex justify-between gap-3 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{p.description}</span>
                    <span className="block text-xs text-slate-600">
                      {p.productCode} · case of {p.caseQty}
                    </span>
                  </span>
                  <span className="tabular-nums">{money(p.price)}</span>
                </div>
                {linkedCell(p)}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            total={data.total}
            capped={data.totalCapped}
            noun={['POS product', 'POS products']}
            onPage={setPage}
          />
        </Card>
      )}
      {linking ? (
        <SupplierProductPicker
          open
          onOpenChange={(o) => (o ? null : setLinking(null))}
          title={`Link ${linking.productCode} to a supplier product`}
          onPick={(productId) => link(linking, productId)}
        />
      ) : null}
    </div>
  );
}
