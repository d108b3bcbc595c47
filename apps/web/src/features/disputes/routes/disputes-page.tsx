import { SEARCH_MIN_LENGTH, type TDisputeRow } from '@orderbridge/contract';
import { Search, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { useCompany } from '../../../lib/company-context';
import { date, money } from '../../../lib/format';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { disputesQueryOptions, useDisputes } from '../api/get-disputes';
import { StatusBadge } from '../components/status-badge';

const TABS = [
  { id: 'active', label: 'Active' },
  { id: 'open', label: 'Awaiting supplier' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'withdrawn', label: 'Withdrawn' },
  { id: 'all', label: 'All' },
] as const;
const PER_PAGE = 25;

/**
 * Disputes of the company: status tabs, search, sort, the disputed and credited totals, a table (cards on a phone).
 * Tab, search, sort and page live in the address (`?status=all&q=…&sort=oldest&page=2`); the first tab is the default.
 */
export default function DisputesPage() {
  const { companyType, companyId, basePath } = useCompany();
  const url = useListUrl();
  const tab = TABS.some((t) => t.id === url.get('status')) ? url.get('status') : 'active';
  const sort = url.get('sort') === 'oldest' ? ('oldest' as const) : ('newest' as const);
  const search = useSearchBox(url.get('q'), (q) => url.set({ q }));
  const filter = {
    page: url.page,
    perPage: PER_PAGE,
    status: tab === 'all' ? undefined : tab,
    search: url.get('q') || undefined,
    sort,
  };
  const query = useDisputes(companyType, companyId, filter);
  usePrefetchNextPage(query.data, url.page, (page) =>
    disputesQueryOptions(companyType, companyId, { ...filter, page }),
  );
  const data = query.data;
  const other = companyType === 'shops' ? 'Supplier' : 'Shop';
  const party = (r: TDisputeRow) => (companyType === 'shops' ? r.supplierName : r.shopName);

  return (
    <div>
      <PageHeader
        title="Disputes"
        description={
          companyType === 'shops'
            ? 'Items you disputed: short deliveries, damage, wrong items or prices, and what the supplier answered.'
            : 'Items your client shops disputed; answer each with a credit, a return or a reason.'
        }
      />
      <FilterTabs
        label="Status"
        tabs={TABS}
        value={tab}
        onChange={(id) => url.set({ status: id === 'active' ? null : id })}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <span className="relative">
            <Search size={16} aria-hidden="true" className="absolute top-3 left-3 text-slate-400" />
            <input
              type="search"
              value={search.text}
              onChange={(e) => search.setText(e.target.value)}
              aria-describedby={search.tooShort ? 'disputes-search-hint' : undefined}
              placeholder="Invoice, order, item or note"
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm"
            />
            {/* Absolutely placed: the hint appears without moving the filters or the list. */}
            {search.tooShort ? (
              <span
                id="disputes-search-hint"
                className="absolute top-full left-0 mt-0.5 text-xs font-normal text-slate-600"
              >
                Type at least {SEARCH_MIN_LENGTH} characters
              </span>
            ) : null}
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Sort
          <select
            value={sort}
            onChange={(e) => url.set({ sort: e.target.value === 'newest' ? null : e.target.value })}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
        {/* The API leaves the sums out (null) beyond its count cap: they would read every dispute. */}
        {data && data.totalDisputed !== null && data.totalCredited !== null ? (
          <dl className="flex gap-6 text-sm" aria-label="Totals">
            <div>
              <dt className="text-slate-500">Disputed</dt>
              <dd className="font-semibold tabular-nums text-slate-900">
                {money(data.totalDisputed, data.data[0]?.currency ?? null)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Credited</dt>
              <dd className="font-semibold tabular-nums text-green-700">
                {money(data.totalCredited, data.data[0]?.currency ?? null)}
              </dd>
            </div>
          </dl>
        ) : null}
      </div>

      {query.isError ? (
        <LoadError
          title="The disputes could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : !data ? (
        <ListLoading label="Loading disputes" />
      ) : data.total === 0 ? (
        <EmptyState
          icon={TriangleAlert}
          title={filter.search || filter.status ? 'No disputes match' : 'No disputes'}
        >
          {companyType === 'shops'
            ? 'When a delivery is short, damaged or wrongly priced, dispute the item from its order; it appears here with its conversation.'
            : 'When a client shop disputes an item, it appears here for you to answer.'}
        </EmptyState>
      ) : (
        <>
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-3">Item</th>
                  <th className="px-4 py-3">{other}</th>
                  <th className="px-4 py-3">Invoice</th>
                  <th className="px-4 py-3">Reason</th>
                  <th className="px-4 py-3 text-right">Qty</th>
                  <th className="px-4 py-3 text-right">Disputed</th>
                  <th className="px-4 py-3 text-right">Credited</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3">Raised</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.data.map((r) => (
                  <tr key={r.id}>
                    <td className="px-4 py-3">
                      <Link
                        to={`${basePath}/disputes/${r.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {r.itemDesc ?? r.itemCode ?? '—'}
                      </Link>
                      <div className="text-xs text-slate-500">
                        {r.itemCode}
                        {r.unreadMessages ? ` · ${r.unreadMessages} unread` : ''}
                      </div>
                    </td>
                    <td className="px-4 py-3">{party(r)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{r.invoiceNum ?? r.orderNum ?? '—'}</td>
                    <td className="px-4 py-3">{r.reasonText}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{r.quantity}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{money(r.disputeVal, r.currency)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{money(r.totalCredit, r.currency)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={r.status} text={r.statusText} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{date(r.createdDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <ul className="flex flex-col gap-3 md:hidden">
            {data.data.map((r) => (
              <li key={r.id}>
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={`${basePath}/disputes/${r.id}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {r.itemDesc ?? r.itemCode ?? '—'}
                    </Link>
                    <StatusBadge status={r.status} text={r.statusText} />
                  </div>
                  <div className="mt-1 text-sm text-slate-600">
                    {party(r)} · {r.invoiceNum ?? r.orderNum ?? '—'} · {r.reasonText} × {r.quantity}
                  </div>
                  <div className="mt-2 flex justify-between text-sm tabular-nums">
                    <span>Disputed {money(r.disputeVal, r.currency)}</span>
                    <span className="text-green-700">Credited {money(r.totalCredit, r.currency)}</span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            perPage={PER_PAGE}
            total={data.total}
            capped={data.totalCapped}
            noun={['dispute', 'disputes']}
            onPage={(page) => url.set({ page })}
          />
        </>
      )}
    </div>
  );
}
