import { DISPUTE_STATUS_TEXT, type TCompanyType } from '@orderbridge/contract';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { dateTime } from '../../../lib/format';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { messagesQueryOptions, type TInboxThread, threadsOf, useMessages } from '../api/get-messages';
import { StatusBadge } from '../components/status-badge';
import { Thread } from '../components/thread';

const PER_PAGE = 100;

/**
 * The company's conversations about disputes: unread first, one opened beside the list (alone on a phone). The tab,
 * the page and the open conversation live in the address (`?show=unread&page=2&dispute=7`).
 */
export default function MessagesPage() {
  const { companyType, companyId } = useCompany();
  const url = useListUrl();
  const unreadOnly = url.get('show') === 'unread';
  const filter = { page: url.page, perPage: PER_PAGE, unread: unreadOnly };
  const query = useMessages(companyType, companyId, filter);
  usePrefetchNextPage(query.data, url.page, (page) =>
    messagesQueryOptions(companyType, companyId, { ...filter, page }),
  );
  const threads = query.data ? threadsOf(query.data.data, companyType) : [];
  const selectedId = Number(url.get('dispute')) || null;
  // Opening a conversation is a step in the history (Back closes it on a phone) and keeps the list's page and tab.
  const [, setParams] = useSearchParams();
  const openThread = (dispute: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (dispute) next.set('dispute', String(dispute));
      else next.delete('dispute');
      return next;
    });
  const hideListOnPhone = selectedId !== null && 'max-md:hidden';
  const selected = threads.find((t) => t.disputeId === selectedId);

  const list = query.isError ? (
    <LoadError title="The messages could not be loaded" error={query.error} onRetry={() => query.refetch()} />
  ) : !query.data ? (
    <ListLoading label="Loading messages" />
  ) : threads.length === 0 ? (
    <EmptyState icon={MessagesSquare} title={unreadOnly ? 'Nothing unread' : 'No messages'}>
      {unreadOnly
        ? 'You have read every message.'
        : companyType === 'shops'
          ? 'Each dispute you raise has a conversation with the supplier; its messages show up here.'
          : 'When a client shop writes about a dispute, or you answer one, the conversation shows up here.'}
    </EmptyState>
  ) : (
    <Card className="overflow-hidden">
      <ul aria-label="Conversations" className="divide-y divide-slate-100">
        {threads.map((t) => (
          <ThreadRow
            key={t.disputeId}
            t={t}
            side={companyType}
            selected={t.disputeId === selectedId}
            onOpen={() => openThread(t.disputeId)}
          />
        ))}
      </ul>
      {query.data.total > PER_PAGE ? (
        <Pager
          page={url.page}
          perPage={PER_PAGE}
          total={query.data.total}
          capped={query.data.totalCapped}
          noun={['message', 'messages']}
          onPage={(page) => url.set({ page, dispute: null })}
        />
      ) : null}
    </Card>
  );

  return (
    <div>
      <PageHeader
        title="Messages"
        description={
          companyType === 'shops'
            ? 'Your conversations with suppliers about disputed items, unread first.'
            : 'Your conversations with client shops about disputed items, unread first.'
        }
      />
      <FilterTabs
        label="Show"
        className={hideListOnPhone || undefined}
        tabs={[
          { id: false, label: 'All' },
          { id: true, label: 'Unread' },
        ]}
        value={unreadOnly}
        onChange={(id) => url.set({ show: id ? 'unread' : null })}
      />
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={cn(hideListOnPhone)}>{list}</div>
        {selectedId ? (
          <OpenThread
            type={companyType}
            companyId={companyId}
            disputeId={selectedId}
            t={selected}
            onBack={() => openThread(null)}
          />
        ) : threads.length ? (
          <p className="hidden self-start rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 md:block">
            Choose a conversation to read it and reply.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ThreadRow({
  t,
  side,
  selected,
  onOpen,
}: {
  t: TInboxThread;
  side: TCompanyType;
  selected: boolean;
  onOpen: () => void;
}) {
  const m = t.latest;
  const party = side === 'shops' ? m.dispute.supplierName : m.dispute.shopName;
  const from = m.isOwn ? 'You' : (m.username ?? (m.isResponse ? m.dispute.supplierName : m.dispute.shopName));
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          selected && 'bg-brand-50',
        )}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className={cn('truncate text-sm text-slate-900', t.unread ? 'font-semibold' : 'font-medium')}>
            {m.item.itemDesc ?? m.item.itemCode ?? 'Item'}
          </span>
          <span className="shrink-0 text-xs text-slate-500">{dateTime(m.messageTimestamp)}</span>
        </span>
        <span className="mt-0.5 block truncate text-xs text-slate-500">
          {party} ·{' '}
          {m.order.invoiceNum ? `Invoice ${m.order.invoiceNum}` : `Order ${m.order.orderNum ?? m.order.id}`} ·{' '}
          {m.dispute.reasonText}
        </span>
        <span className="mt-1 flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700">
            {from}: {m.messageVal}
          </span>
          {t.unread ? (
            <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              {t.unread} unread
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

function OpenThread({
  type,
  companyId,
  disputeId,
  t,
  onBack,
}: {
  type: TCompanyType;
  companyId: number;
  disputeId: number;
  t: TInboxThread | undefined;
  onBack: () => void;
}) {
  const { basePath } = useCompany();
  const m = t?.latest;
  return (
    <Card className="space-y-4 self-start p-4">
      <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack}>
        <ArrowLeft size={16} aria-hidden="true" /> All messages
      </Button>
      {m ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">
              {m.item.itemDesc ?? m.item.itemCode ?? 'Item'}
            </h2>
            <p className="text-sm text-slate-600">
              {type === 'shops' ? m.dispute.supplierName : m.dispute.shopName} · {m.dispute.reasonText}
            </p>
          </div>
          <StatusBadge status={m.dispute.status} text={DISPUTE_STATUS_TEXT[m.dispute.status]} />
        </div>
      ) : null}
      <Link
        to={`${basePath}/disputes/${disputeId}`}
        className="inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        Open the dispute
      </Link>
      <div className="border-t border-slate-100 pt-3">
        <Thread type={type} companyId={companyId} disputeId={disputeId} />
      </div>
    </Card>
  );
}
