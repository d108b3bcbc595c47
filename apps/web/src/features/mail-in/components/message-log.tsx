import type { TMailMessage } from '@orderbridge/contract';
import { Mail } from 'lucide-react';
import { useRef } from 'react';
import { Card } from '../../../components/ui/card';
import { ChooseSupplier } from '../../../components/ui/choose-supplier';
import { EmptyState } from '../../../components/ui/page';
import { cn } from '../../../lib/cn';
import { useAddSecondaryEmail, useChooseSupplier, useSupplierChoices } from '../api/choose-supplier';

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

/** The last 50 messages and what became of each. */
export function MessageLog({ shopId, messages }: { shopId: number; messages: TMailMessage[] }) {
  // Messages whose supplier was chosen here keep the picker mounted, so it can offer the sender's address.
  const picking = useRef(new Set<number>());
  if (messages.length === 0)
    return (
      <EmptyState icon={Mail} title="No messages yet">
        Messages sent to your address or found in your mailbox appear here with what became of them.
      </EmptyState>
    );
  return (
    <Card className="divide-y divide-slate-100">
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
          {m.status === 'needs_supplier' || picking.current.has(m.id) ? (
            <ChooseMessageSupplier shopId={shopId} message={m} onChoose={() => picking.current.add(m.id)} />
          ) : null}
        </div>
      ))}
    </Card>
  );
}
