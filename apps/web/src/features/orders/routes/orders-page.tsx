import {
  DOCUMENT_STATUS_TEXT,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  SEARCH_MIN_LENGTH,
  type TOrderListItem,
  type TUnprocessedOrder,
} from '@orderbridge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, FileText, Inbox, Search, SearchX, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager, SkeletonCards, SkeletonRows } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { useOpenUpload } from '../../../lib/upload-order-context';
import { useIsMobile } from '../../../lib/use-media-query';
import { documentsQueryOptions, type TDocumentList, useDocuments } from '../api/get-documents';
import { ordersQueryOptions, useOrders } from '../api/get-orders';
import { useSupplierOptions } from '../api/get-supplier-options';
import { orderKeys } from '../api/keys';
import { useLiveDocuments } from '../api/use-live-documents';
import { formatDate, formatMoney, orderNumberOf, since } from '../components/format';
import { DocumentStatusBadge, OrderStatusBadge } from '../components/status-badge';

const PER_PAGE = 25;

type TTab = 'orders' | 'review' | 'unprocessed';
const TABS: { id: TTab; label: string }[] = [
  { id: 'orders', label: 'Orders' },
  { id: 'review', label: 'Needs review' },
  { id: 'unprocessed', label: 'All unprocessed' },
];
const documentList: Record<Exclude<TTab, 'orders'>, TDocumentList> = {
  review: 'pending-review',
  unprocessed: 'unprocessed',
};

const SORTS = [
  { id: 'newest', label: 'Newest first' },
  { id: 'oldest', label: 'Oldest first' },
  { id: 'invoiceDate', label: 'Invoice date' },
  { id: 'total', label: 'Total' },
] as const;

/** Orders of a shop (with its documents waiting to be read or reviewed) or of a supplier. */
/** A document's supplier; an unknown email sender's document waits for a person to choose it. */
const supplierOf = (d: TUnprocessedOrder) =>
  d.supplierName ?? <span className="font-medium text-amber-800">Unknown sender: choose the supplier</span>;

export default function OrdersPage() {
  useLiveDocuments();
  const { companyType, companyId, basePath } = useCompany();
  const isShop = companyType === 'shops';
  const openUpload = useOpenUpload();
  const isMobile = useIsMobile();
  const filters = useListUrl();
  const tab: TTab =
    isShop && (['review', 'unprocessed'] as string[]).includes(filters.get('tab'))
      ? (filters.get('tab') as TTab)
      : 'orders';

  // Typing settles for a moment before the list is asked again.
  const committed = filters.get('q');
  const search = useSearchBox(committed, (q) => filters.set({ q }));

  const supplierId = Number(filters.get('supplier')) || undefined;
  const suppliers = useSupplierOptions(companyId, isShop);
  const pendingCount = useDocuments(
    companyType,
    companyId,
    'pending-review',
    { page: 1, perPage: 1 },
    isShop,
  );

  const uploadButton = openUpload ? (
    <Button onClick={openUpload}>
      <Upload size={16} aria-hidden="true" /> Upload order
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Orders"
        description={
          isShop ? 'Orders and invoices from your suppliers.' : 'Orders your client shops received from you.'
        }
        actions={uploadButton}
      />
      {isShop ? (
        <div
          role="tablist"
          aria-label="Order lists"
          className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
        >
          {TABS.map((t) => {
            const count = t.id === 'review' ? pendingCount.data?.total : undefined;
            return (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                onClick={() => filters.set({ tab: t.id === 'orders' ? null : t.id })}
                className={cn(
                  '-mb-px flex h-10 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-medium',
                  tab === t.id
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {t.label}
                {count ? (
                  <span className="tabular rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">
                    {count}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
      <div className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="col-span-2 sm:w-64">
          <label htmlFor="orders-search" className="mb-1.5 block text-xs font-medium text-slate-700">
            Search
          </label>
          <div className="relative">
            <Search
              size={16}
              aria-hidden="true"
              className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
            />
            <input
              id="orders-search"
              type="search"
              placeholder="Number, supplier or item"
              value={search.text}
              onChange={(e) => search.setText(e.target.value)}
              aria-describedby={search.tooShort ? 'orders-search-hint' : undefined}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
            />
          </div>
          {/* Absolutely placed: the hint appears without moving the filters or the list. */}
          <div className="relative h-0">
            {search.tooShort ? (
              <p id="orders-search-hint" className="absolute top-0.5 left-0 text-xs text-slate-600">
                Type at least {SEARCH_MIN_LENGTH} characters
              </p>
            ) : null}
          </div>
        </div>
        {isShop ? (
          <FilterSelect
            id="orders-supplier"
            label="Supplier"
            value={filters.get('supplier')}
            onChange={(v) => filters.set({ supplier: v })}
          >
            <option value="">All suppliers</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.shopSupplierId} value={s.shopSupplierId}>
                {s.supplierName}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        {tab === 'orders' ? (
          <>
            <FilterSelect
              id="orders-status"
              label="Status"
              value={filters.get('status')}
              onChange={(v) => filters.set({ status: v })}
            >
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_TEXT[s]}
                </option>
              ))}
            </FilterSelect>
            <DateFilter
              id="orders-from"
              label="From"
              value={filters.get('from')}
              onChange={(v) => filters.set({ from: v })}
            />
            <DateFilter
              id="orders-to"
              label="To"
              value={filters.get('to')}
              onChange={(v) => filters.set({ to: v })}
            />
            {isMobile ? (
              <FilterSelect
                id="orders-sort"
                label="Sort"
                value={filters.get('sort') || 'newest'}
                onChange={(v) => filters.set({ sort: v === 'newest' ? null : v })}
              >
                {SORTS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </FilterSelect>
            ) : null}
          </>
        ) : null}
      </div>
      {isShop ? <ReadingStrip basePath={basePath} tab={tab} /> : null}
      {tab === 'orders' ? (
        <OrdersList
          filter={{
            page: filters.page,
            perPage: PER_PAGE,
            search: committed || undefined,
            status: filters.get('status') || undefined,
            shopSupplierId: supplierId,
            from: filters.get('from') || undefined,
            to: filters.get('to') || undefined,
            sort: filters.get('sort') || undefined,
          }}
          filtered={Boolean(
            committed || filters.get('status') || supplierId || filters.get('from') || filters.get('to'),
          )}
          onPage={(page) => filters.set({ page })}
          onSort={(sort) => filters.set({ sort: sort === 'newest' ? null : sort })}
          emptyAction={uploadButton}
        />
      ) : (
        <DocumentsList
          which={documentList[tab]}
          filter={{
            page: filters.page,
            perPage: PER_PAGE,
            search: committed || undefined,
            shopSupplierId: supplierId,
          }}
          filtered={Boolean(committed || supplierId)}
          onPage={(page) => filters.set({ page })}
          emptyAction={uploadButton}
        />
      )}
    </>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 pr-8 text-sm focus:outline-2 focus:outline-brand-600 sm:w-44"
      >
        {children}
      </select>
    </div>
  );
}

function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-brand-600 sm:w-40"
      />
    </div>
  );
}

const th =
  'sticky top-14 z-10 bg-slate-50 px-4 py-2.5 text-left text-xs font-medium tracking-wide text-slate-600 uppercase';

/**
 * A sortable column: the API sorts by newest (or oldest) upload, invoice date or total, each one way.
 * Clicking the active column goes back to newest first; 'Number' toggles newest/oldest.
 */
function SortHeader({
  sort,
  other,
  current = 'newest',
  onSort,
  className,
  children,
}: {
  sort: string;
  other?: string;
  current?: string;
  onSort: (sort: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const active = current === sort || (other !== undefined && current === other);
  const ascending = other !== undefined && current === other;
  const next = other ? (current === sort ? other : sort) : active ? 'newest' : sort;
  const Icon = !active ? ArrowUpDown : ascending ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={cn(th, className)}
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className={cn(
          'inline-flex items-center gap-1 uppercase hover:text-slate-900',
          active && 'text-slate-900',
          className?.includes('text-right') && 'flex-row-reverse',
        )}
      >
        {children}
        <Icon size={12} aria-hidden="true" className={active ? 'opacity-100' : 'opacity-50'} />
      </button>
    </th>
  );
}

/** Documents being read right now, with live progress; orders appear when they are done. */
function ReadingStrip({ basePath, tab }: { basePath: string; tab: TTab }) {
  const showReview = tab === 'orders';
  const { companyType, companyId } = useCompany();
  const qc = useQueryClient();
  const docs = useDocuments(companyType, companyId, 'unprocessed', { page: 1, perPage: 25 });
  const reading = (docs.data?.data ?? []).filter((d) => d.status === 'reading');
  const review = showReview ? (docs.data?.data ?? []).filter((d) => d.status !== 'reading').length : 0;
  const [, tick] = useState(0);
  const readingIds = reading.map((d) => d.id).join(',');
  const previous = useRef(readingIds);

  // When a document finishes reading, it may have become an order: ask the lists again.
  useEffect(() => {
    if (previous.current && previous.current !== readingIds) {
      void qc.invalidateQueries({ queryKey: orderKeys.lists(companyType, companyId) });
      void qc.invalidateQueries({ queryKey: orderKeys.documents(companyType, companyId) });
    }
    previous.current = readingIds;
  }, [readingIds, qc, companyType, companyId]);

  useEffect(() => {
    if (!readingIds) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [readingIds]);

  // The unprocessed list shows reading documents itself; the strip still watches them for the other lists.
  if (tab === 'unprocessed' || (reading.length === 0 && review === 0)) return null;
  return (
    <div className="mb-4 space-y-2" aria-live="polite">
      {reading.map((d) => (
        <div
          key={d.id}
          className="flex items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2.5 text-sm text-blue-900"
          data-testid="reading-document"
        >
          <Spinner size={16} label="" />
          <span className="min-w-0 flex-1 truncate">
            Reading <strong className="font-semibold">{d.fileName}</strong> from{' '}
            {d.supplierName ?? d.emailSender ?? 'an unknown sender'}…
          </span>
          <span className="tabular text-xs">{since(d.createdDate)}</span>
        </div>
      ))}
      {review > 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          <Inbox size={16} aria-hidden="true" />
          <span className="flex-1">
            {review === 1
              ? '1 document needs your review before it becomes an order.'
              : `${review} documents need your review before they become orders.`}
          </span>
          <Link
            to={`${basePath}/orders?tab=review`}
            className="font-semibold underline-offset-2 hover:underline"
          >
            Review
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function OrdersList({
  filter,
  filtered,
  onPage,
  onSort,
  emptyAction,
}: {
  filter: Parameters<typeof useOrders>[2];
  filtered: boolean;
  onPage: (page: number) => void;
  onSort: (sort: string) => void;
  emptyAction: ReactNode;
}) {
  const { companyType, companyId, basePath } = useCompany();
  const isShop = companyType === 'shops';
  const orders = useOrders(companyType, companyId, filter);
  usePrefetchNextPage(orders.data, filter.page, (page) =>
    ordersQueryOptions(companyType, companyId, { ...filter, page }),
  );
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const rows = orders.data?.data ?? [];
  const open = (o: TOrderListItem) => `${basePath}/orders/${o.id}`;
  const party = (o: TOrderListItem) => (isShop ? o.supplierName : o.companyName);

  if (orders.isError) return <Alert tone="error">{userMessage(orders.error)}</Alert>;
  if (orders.data && rows.length === 0) {
    return filtered ? (
      <EmptyState icon={SearchX} title="No orders match these filters">
        Try another number, supplier, status or dates.
      </EmptyState>
    ) : (
      <EmptyState icon={FileText} title="No orders yet" action={emptyAction}>
        {isShop
          ? 'Upload a supplier invoice (PDF or photo) or forward it by email; OrderBridge reads it into an order you can check and process.'
          : 'Orders appear here once your client shops upload or email your invoices.'}
      </EmptyState>
    );
  }
  if (isMobile) {
    return (
      <div aria-busy={orders.isPending || undefined}>
        {orders.isPending ? (
          <SkeletonCards />
        ) : (
          <ul className="space-y-2" aria-label="Orders">
            {rows.map((o) => (
              <li key={o.id}>
                <Link
                  to={open(o)}
                  className="block rounded-xl border border-slate-200 bg-white p-4 active:bg-slate-50"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">
                        {orderNumberOf(o) ?? `Order ${o.id}`}
                      </p>
                      <p className="truncate text-sm text-slate-600">{party(o)}</p>
                    </div>
                    <OrderStatusBadge status={o.orderStatus} text={o.orderStatusText} />
                  </div>
                  <div className="mt-2 flex items-center justify-between text-sm text-slate-600">
                    <span>{formatDate(o.invoiceDate ?? o.createdDate)}</span>
                    <span className="tabular font-medium text-slate-900">
                      {formatMoney(o.invoiceTotal, o.currency)}
                    </span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {orders.data ? (
          <Card className="mt-3">
            <Pager
              page={filter.page}
              perPage={filter.perPage}
              total={orders.data.total}
              capped={orders.data.totalCapped}
              noun={['order', 'orders']}
              onPage={onPage}
            />
          </Card>
        ) : null}
      </div>
    );
  }
  return (
    <Card>
      <table className={cn('w-full text-sm', orders.isFetching && !orders.isPending && 'opacity-70')}>
        <caption className="sr-only">Orders</caption>
        <thead>
          <tr>
            <SortHeader
              sort="newest"
              current={filter.sort}
              onSort={onSort}
              className="rounded-tl-xl"
              other="oldest"
            >
              Number
            </SortHeader>
            <th scope="col" className={th}>
              {isShop ? 'Supplier' : 'Shop'}
            </th>
            <SortHeader sort="invoiceDate" current={filter.sort} onSort={onSort}>
              Invoice date
            </SortHeader>
            <th scope="col" className={cn(th, 'text-right')}>
              Items
            </th>
            <SortHeader sort="total" current={filter.sort} onSort={onSort} className="text-right">
              Total
            </SortHeader>
            <th scope="col" className={cn(th, 'rounded-tr-xl')}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.isPending ? (
            <SkeletonRows columns={6} />
          ) : (
            rows.map((o) => (
              <tr key={o.id} onClick={() => navigate(open(o))} className="cursor-pointer hover:bg-slate-50">
                <td className="px-4 py-3">
                  <Link
                    to={open(o)}
                    className="font-medium text-slate-900 hover:text-brand-700"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {orderNumberOf(o) ?? `Order ${o.id}`}
                  </Link>
                  {o.orderNum && o.invoiceNum ? (
                    <span className="block text-xs text-slate-500">Order {o.orderNum}</span>
                  ) : null}
                </td>
                <td className="max-w-56 truncate px-4 py-3 text-slate-700">{party(o)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(o.invoiceDate)}</td>
                <td className="tabular px-4 py-3 text-right text-slate-700">{o.totalItems}</td>
                <td className="tabular px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900">
                  {formatMoney(o.invoiceTotal, o.currency)}
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={o.orderStatus} text={o.orderStatusText} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {orders.data ? (
        <Pager
          page={filter.page}
          perPage={filter.perPage}
          total={orders.data.total}
          capped={orders.data.totalCapped}
          noun={['order', 'orders']}
          onPage={onPage}
        />
      ) : null}
    </Card>
  );
}

function DocumentsList({
  which,
  filter,
  filtered,
  onPage,
  emptyAction,
}: {
  which: TDocumentList;
  filter: Parameters<typeof useDocuments>[3];
  filtered: boolean;
  onPage: (page: number) => void;
  emptyAction: ReactNode;
}) {
  const { companyType, companyId, basePath } = useCompany();
  const docs = useDocuments(companyType, companyId, which, filter);
  usePrefetchNextPage(docs.data, filter.page, (page) =>
    documentsQueryOptions(companyType, companyId, which, { ...filter, page }),
  );
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const rows = docs.data?.data ?? [];
  const target = (d: TUnprocessedOrder) =>
    d.orderId
      ? `${basePath}/orders/${d.orderId}`
      : d.status === 'reading'
        ? null
        : `${basePath}/orders/review/${d.id}`;

  if (docs.isError) return <Alert tone="error">{userMessage(docs.error)}</Alert>;
  if (docs.data && rows.length === 0) {
    return filtered ? (
      <EmptyState icon={SearchX} title="No documents match these filters">
        Try another number or supplier.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Inbox}
        title={which === 'pending-review' ? 'Nothing to review' : 'No documents waiting'}
        action={emptyAction}
      >
        {which === 'pending-review'
          ? 'Documents the reader is unsure about wait here for you to check them. Upload an order to get started.'
          : 'Uploaded documents stay here while they are read and until they become orders.'}
      </EmptyState>
    );
  }
  const number = (d: TUnprocessedOrder) => orderNumberOf(d) ?? d.fileName;
  const status = (d: TUnprocessedOrder) => (
    <DocumentStatusBadge status={d.status} text={d.statusText || DOCUMENT_STATUS_TEXT[d.status]} />
  );
  const issues = (d: TUnprocessedOrder) =>
    d.status === 'reading' ? (
      <span className="text-slate-500">Reading for {since(d.createdDate)}</span>
    ) : d.issueCount > 0 ? (
      <span className="font-medium text-amber-800">
        {d.issueCount} {d.issueCount === 1 ? 'issue' : 'issues'}
      </span>
    ) : (
      <span className="text-slate-500">No issues</span>
    );

  if (isMobile) {
    return (
      <div>
        {docs.isPending ? (
          <SkeletonCards />
        ) : (
          <ul className="space-y-2" aria-label="Documents">
            {rows.map((d) => {
              const to = target(d);
              const body = (
                <>
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{number(d)}</p>
                      <p className="truncate text-sm text-slate-600">{supplierOf(d)}</p>
                    </div>
                    {status(d)}
                  </div>
                  <div className="mt-2 flex items-center justify-between text-sm">
                    {issues(d)}
                    <span className="tabular font-medium text-slate-900">
                      {formatMoney(d.invoiceTotal, d.currency)}
                    </span>
                  </div>
                </>
              );
              return (
                <li key={d.id}>
                  {to ? (
                    <Link
                      to={to}
                      className="block rounded-xl border border-slate-200 bg-white p-4 active:bg-slate-50"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="rounded-xl border border-slate-200 bg-white p-4">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {docs.data ? (
          <Card className="mt-3">
            <Pager
              page={filter.page}
              perPage={filter.perPage}
              total={docs.data.total}
              capped={docs.data.totalCapped}
              noun={['document', 'documents']}
              onPage={onPage}
            />
          </Card>
        ) : null}
      </div>
    );
  }
  return (
    <Card>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {which === 'pending-review' ? 'Documents that need review' : 'Unprocessed documents'}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={cn(th, 'rounded-tl-xl')}>
              Document
            </th>
            <th scope="col" className={th}>
              Supplier
            </th>
            <th scope="col" className={th}>
              Uploaded
            </th>
            <th scope="col" className={th}>
              Checks
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Total
            </th>
            <th scope="col" className={cn(th, 'rounded-tr-xl')}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {docs.isPending ? (
            <SkeletonRows columns={6} />
          ) : (
            rows.map((d) => {
              const to = target(d);
              return (
                <tr
                  key={d.id}
                  onClick={to ? () => navigate(to) : undefined}
                  className={cn(to && 'cursor-pointer hover:bg-slate-50')}
                >
                  <td className="max-w-64 px-4 py-3">
                    {to ? (
                      <Link
                        to={to}
                        className="block truncate font-medium text-slate-900 hover:text-brand-700"
                        onClick={(e) => e.stopPropagation()}
                      >
                        {number(d)}
                      </Link>
                    ) : (
                      <span className="block truncate font-medium text-slate-900">{number(d)}</span>
                    )}
                    {orderNumberOf(d) ? (
                      <span className="block truncate text-xs text-slate-500">{d.fileName}</span>
                    ) : null}
                    {d.uploadedVia === 'email' ? (
                      <span className="block truncate text-xs text-slate-500">
                        By email{d.emailSender ? ` from ${d.emailSender}` : ''}
                      </span>
                    ) : null}
                  </td>
                  <td className="max-w-48 truncate px-4 py-3 text-slate-700">{supplierOf(d)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(d.createdDate)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{issues(d)}</td>
                  <td className="tabular px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900">
                    {formatMoney(d.invoiceTotal, d.currency)}
                  </td>
                  <td className="px-4 py-3">{status(d)}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {docs.data ? (
        <Pager
          page={filter.page}
          perPage={filter.perPage}
          total={docs.data.total}
          capped={docs.data.totalCapped}
          noun={['document', 'documents']}
          onPage={onPage}
        />
      ) : null}
    </Card>
  );
}
