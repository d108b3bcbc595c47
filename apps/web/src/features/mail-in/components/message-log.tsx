import type { TMailMessage } from '@orderbridge/contract';
import { Mail } from 'lucide-react';
import { useRef } from 'react';
import { Card } from '../../../components/ui/card';
import { ChooseSupplier } from '../../../components/ui/choose-supplier';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { cn } from '../../../lib/cn';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { useAddSecondaryEmail, useChooseSupplier, useSupplierChoices } from '../api/choose-supplier';
import { mailMessagesQueryOptions, useMailMessages } from '../api/get-mail-messages';

const STATUS_TONE: Record<TMailMessage['status'], string> = {
  queued: 'bg-blue-50 text-blue-800',
  done: 'bg-green-50 text-green-800',
  needs_supplier: 'bg-amber-50 text-amber-900',
  refused: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-50 text-red-800',
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A message from an unknown sender: a person picks the supplier of all its documents. */
function ChooseMessageSupplier({
  shopId,
  message,
  onChoose,
}: {
  shopId: number;
  message: TMailMessage;
  onChoose: () => void;
}) {
  const suppliers = useSupplierChoices(shopId, true);
  const choose = useChooseSupplier(shopId);
  const addEmail = useAddSecondaryEmail(shopId);
  return (
    <div className="mt-2">
      <ChooseSupplier
        id={`supplier-${message.id}`}
        label="Supplier of this message"
        submitLabel="Read as this supplier's"
        suppliers={suppliers.data?.data}
        choose={(shopSupplierId) => {
          onChoose();
          return choose.mutateAsync({ messageId: message.id, shopSupplierId });
        }}
        addSecondaryEmail={(shopSupplierId, email) => {
          const supplier = suppliers.data?.data.find((s) => s.shopSupplierId === shopSupplierId);
          return supplier ? addEmail.mutateAsync({ supplier, email }) : Promise.resolve();
        }}
        chosenText="The documents are now that supplier's."
      />
    </div>
  );
}

const TABS = [
  { id: '', label: 'All' },
  { id: 'needs_supplier', label: 'Needs a supplier' },
  { id: 'queued', label: 'Waiting to be read' },
  { id: 'done', label: 'Read' },
  { id: 'refused', label: 'Refused' },
  { id: 'failed', label: 'Failed' },
] as const;
const PER_PAGE = 20;
type TStatus = Exclude<(typeof TABS)[number]['id'], ''>;

/** Every received message and what became of it, newest first: filtered by state and paged, in the address. */
export function MessageLog({ shopId }: { shopId: number }) {
  const url = useListUrl();
  const status = TABS.find((t) => t.id === url.get('mail'))?.id ?? '';
  const filter = { page: url.page, perPage: PER_PAGE, status: (status || undefined) as TStatus | undefined };
  const query = useMailMessages(shopId, filter);
  usePrefetchNextPage(query.data, url.page, (page) => mailMessagesQueryOptions(shopId, { ...filter, page }));
  // Messages whose supplier was chosen here keep the picker mounted, so it can offer the sender's address.
  const picking = useRef(new Set<number>());
  const data = query.data;
  return (
    <>
      <FilterTabs label="State" tabs={TABS} value={status} onChange={(id) => url.set({ mail: id })} />
      {query.isError ? (
        <LoadError
          title="The messages could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : !data ? (
        <ListLoading label="Loading the messages" />
      ) : data.total === 0 ? (
        <EmptyState icon={Mail} title={status ? 'No messages in this state' : 'No messages yet'}>
          Messages sent to your address or found in your mailbox appear here with what became of them.
        </EmptyState>
      ) : (
        <Card className="divide-y divide-slate-100">
          <MessageRows shopId={shopId} messages={data.data} picking={picking.current} />
          <Pager
            page={url.page}
            perPage={PER_PAGE}
            total={data.total}
            capped={data.totalCapped}
            noun={['message', 'messages']}
            onPage={(page) => url.set({ page })}
          />
        </Card>
      )}
    </>
  );
}

function MessageRows({
  shopId,
  messages,
  picking,
}: {
  shopId: number;
  messages: TMailMessage[];
  picking: Set<number>;
}) {
  return (
    <>
      {messages.map((m) => (
        <div key={m.id} className="px-4 py-3 text-sm" data-testid="mail-message">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[m.status])}>
              {m.statusText}
            </span>
            <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
              {m.subject || '(no subject)'}
            </span>
            <time className="text-xs text-slate-600" dateTime={m.receivedAt}>
              {when.format(new Date(m.receivedAt))}
            </time>
          </div>
          <p className="mt-1 truncate text-xs text-slate-600">
            {m.sender ?? 'unknown sender'} ·{' '}
            {m.source === 'imap' ? 'mailbox' : m.source === 'smtp' ? 'your address' : m.source}
          </p>
          {m.outcome ? <p className="mt-1 text-slate-800">{m.outcome}</p> : null}
          {m.attachments.length ? (
            <ul className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
              {m.attachments.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a logged message's attachments never change, and names may repeat
                <li key={`${a.fileName}-${i}`} title={a.reason}>
                  {a.fileName}: {a.outcome === 'document' ? 'read' : a.outcome}
                </li>
              ))}
            </ul>
          ) : null}
          {m.status === 'needs_supplier' || picking.has(m.id) ? (
            <ChooseMessageSupplier shopId={shopId} message={m} onChoose={() => picking.add(m.id)} />
          ) : null}
        </div>
      ))}
    </>
  );
}
