import { TrendingUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { useCatalogueSettings, useSaveCatalogueSettings } from '../api/catalogue-settings';
import { priceChangesQueryOptions, usePriceChanges } from '../api/get-price-changes';
import { PER_PAGE } from '../api/keys';
import { cost, date } from './format';
import { ListError, SkeletonList } from './list-parts';
import { PriceFlag } from './price-flag';

/**
 * Shop: read lines whose unit cost moved past its threshold, newest first, each opening its order or review. The
 * page lives in the address (`?view=price-changes&page=2`); the next page is fetched while this one is read.
 */
export function PriceChanges() {
  const { companyId, basePath } = useCompany();
  const url = useListUrl();
  const list = usePriceChanges(companyId, url.page);
  usePrefetchNextPage(list.data, url.page, (page) => priceChangesQueryOptions(companyId, page));
  const data = list.data;
  const open = (r: { orderId: number | null; documentId: number }) =>
    r.orderId ? `${basePath}/orders/${r.orderId}` : `${basePath}/orders/review/${r.documentId}`;

  return (
    <div className="space-y-4">
      <Threshold />
      {list.isError ? (
        <ListError what="The price changes" error={list.error} retry={() => list.refetch()} />
      ) : !data ? (
        <Card>
          <SkeletonList />
        </Card>
      ) : data.total === 0 ? (
        <EmptyState icon={TrendingUp} title="No price changes">
          When a supplier charges more or less per unit than on its last invoice (or than your POS cost) by
          more than your threshold, the line is listed here.
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100">
            {data.data.map((r) => (
              <li
                key={`${r.documentId}-${r.lineNo}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
              >
                <div className="min-w-0">
                  <Link to={open(r)} className="font-medium text-brand-700 hover:underline">
                    {r.product?.description ?? r.itemDesc ?? r.itemCode ?? `Line ${r.lineNo}`}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {r.supplierName} · {date(r.createdAt)} · line {r.lineNo}
                    {r.itemDesc && r.product ? ` · “${r.itemDesc}”` : ''}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="tabular-nums text-slate-700">
                    {cost(r.previousUnitCost)} → {cost(r.unitCost)} a unit
                  </span>
                  <PriceFlag match={r} />
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            perPage={PER_PAGE}
            total={data.total}
            capped={data.totalCapped}
            noun={['price change', 'price changes']}
            onPage={(page) => url.set({ page })}
          />
        </Card>
      )}
    </div>
  );
}

/** The shop's threshold in %; admins change it. */
function Threshold() {
  const { companyId, isAdmin } = useCompany();
  const settings = useCatalogueSettings(companyId);
  const save = useSaveCatalogueSettings(companyId);
  const [value, setValue] = useState('');
  const id = useId();
  const current = settings.data?.priceChangeThresholdPct;
  useEffect(() => {
    if (current !== undefined) setValue(String(current));
  }, [current]);
  if (current === undefined) return null;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ priceChangeThresholdPct: Number(value.replace(',', '.')) });
      notify.success('Threshold saved.');
    } catch (err) {
      notify.error('The threshold could not be saved', userMessage(err));
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 text-sm text-slate-700">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          Flag a price that moved by more than (%)
        </label>
        <input
          id={id}
          inputMode="decimal"
          value={value}
          disabled={!isAdmin}
          onChange={(e) => setValue(e.target.value)}
          className="h-10 w-28 rounded-lg border border-slate-300 bg-white px-3 text-sm disabled:bg-slate-100"
        />
      </div>
      {isAdmin ? (
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save
        </Button>
      ) : (
        <span className="pb-2.5 text-xs text-slate-500">Admins change it.</span>
      )}
    </form>
  );
}
