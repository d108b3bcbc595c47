import type { TDisputeRow } from '@orderbridge/contract';
import { Search, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { useCompany } from '../../../lib/company-context';
import { date, money } from '../../../lib/format';
import { useDisputes } from '../api/get-disputes';
import { StatusBadge } from '../components/status-badge';

const TABS = [
  { id: 'active', label: 'Active' },
  { id: 'open', label: 'Awaiting supplier' },
  { id: 'rejected', label: 'Rejected' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'withdrawn', label: 'Withdrawn' },
  { id: '', label: 'All' },
] as const;
const PER_PAGE = 25;

/** Disputes of the company: status tabs, search, the disputed and credited totals, a table (cards on a phone). */
export default function DisputesPage() {
  const { companyType, companyId, basePath } = useCompany();
  const [status, setStatus] = useState<string>('active');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDisputes(companyType, companyId, {
    page,
    perPage: PER_PAGE,
    status: status || undefined,
    search: search.trim() || undefined,
  });
  const data = query.data;
  const other = companyType === 'shops' ? 'Supplier' : 'Shop';
  const party = (r: TDisputeRow) => (companyType === 'shops' ? r.supplierName : r.shopName);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;

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
        value={status}
        onChange={(id) => {
          setStatus(id);
          setPage(1);
        }}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <span className="relative">
            <Search size={16} aria-hidden="true" className="absolute top-3 left-3 text-slate-400" />
            <input
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              placeholder="Invoice, order, item or note"
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm"
            />
          </span>
        </label>
        {data ? (
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
        <EmptyState icon={TriangleAlert} title={search || status ? 'No disputes match' : 'No disputes'}>
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
          {pages > 1 ? (
            <nav className="mt-4 flex items-center justify-between text-sm" aria-label="Pages">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {pages} · {data.total} disputes
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
