import type { TMailMessage } from '@orderbridge/contract';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { userMessage } from '../../../lib/errors';
import { useAddSecondaryEmail, useChooseSupplier, useSupplierChoices } from '../api/choose-supplier';

const STATUS_TONE: Record<TMailMessage['status'], string> = {
  queued: 'bg-blue-50 text-blue-800',
  done: 'bg-green-50 text-green-800',
  needs_supplier: 'bg-amber-50 text-amber-900',
  refused: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-50 text-red-800',
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A message from an unknown sender: a person picks the supplier, then may keep the address for next time. */
function ChooseSupplier({ shopId, message }: { shopId: number; message: TMailMessage }) {
  const suppliers = useSupplierChoices(shopId, true);
  const choose = useChooseSupplier(shopId);
  const addEmail = useAddSecondaryEmail(shopId);
  const [picked, setPicked] = useState('');
  const [offer, setOffer] = useState<{ email: string; supplierId: number } | null>(null);
  const supplier = suppliers.data?.data.find((s) => s.shopSupplierId === offer?.supplierId);

  if (offer && supplier)
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span>
          Use <strong>{offer.email}</strong> for {supplier.supplierName} from now on?
        </span>
        <Button
          size="sm"
          onClick={() =>
            addEmail.mutate(
              { supplier, email: offer.email },
              {
                onSuccess: () => {
                  notify.success(`${offer.email} now belongs to ${supplier.supplierName}.`);
                  setOffer(null);
                },
                onError: (e) => notify.error('Could not add the address', userMessage(e)),
              },
            )
          }
        >
          Add as secondary email
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOffer(null)}>
          Not now
        </Button>
      </div>
    );
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const id = Number(picked);
        if (!id) return;
        choose.mutate(
          { messageId: message.id, shopSupplierId: id },
          {
            onSuccess: (r) => {
              notify.success('The documents are being read.');
              if (r.offerSecondaryEmail) setOffer({ email: r.offerSecondaryEmail, supplierId: id });
            },
            onError: (e) => notify.error('Could not choose the supplier', userMessage(e)),
          },
        );
      }}
    >
      <label className="sr-only" htmlFor={`supplier-${message.id}`}>
        Supplier of this message
      </label>
      <select
        id={`supplier-${message.id}`}
        value={picked}
        onChange={(e) => setPicked(e.target.value)}
        className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Choose the supplier…</option>
        {suppliers.data?.data.map((s) => (
          <option key={s.shopSupplierId} value={s.shopSupplierId}>
            {s.supplierName}
          </option>
        ))}
      </select>
      <Button size="sm" type="submit" disabled={!picked || choose.isPending}>
        Read as this supplier's
      </Button>
    </form>
  );
}

/** The last 50 messages and what became of each. */
export function MessageLog({ shopId, messages }: { shopId: number; messages: TMailMessage[] }) {
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
          {m.status === 'needs_supplier' ? <ChooseSupplier shopId={shopId} message={m} /> : null}
        </div>
      ))}
    </Card>
  );
}
