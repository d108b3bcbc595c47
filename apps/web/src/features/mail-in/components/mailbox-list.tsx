import type { TEmailServer } from '@orderbridge/contract';
import { CircleAlert, CircleCheck, Inbox, Plug, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { userMessage } from '../../../lib/errors';
import { useRemoveMailbox } from '../api/remove-mailbox';
import { useTestMailbox } from '../api/test-mailbox';
import { MailboxForm } from './mailbox-form';

/** The shop's mailboxes: state from the last connection, test, edit and remove. */
export function MailboxList({
  shopId,
  mailboxes,
  isAdmin,
}: {
  shopId: number;
  mailboxes: TEmailServer[];
  isAdmin: boolean;
}) {
  const test = useTestMailbox(shopId);
  const remove = useRemoveMailbox(shopId);
  const [editing, setEditing] = useState<TEmailServer | null>(null);
  const [removing, setRemoving] = useState<TEmailServer | null>(null);

  if (mailboxes.length === 0)
    return (
      <EmptyState icon={Inbox} title="No mailbox connected">
        Connect the mailbox your suppliers already send invoices to; OrderBridge reads new messages every
        minute.
      </EmptyState>
    );
  return (
    <>
      <Card className="divide-y divide-slate-100">
        {mailboxes.map((m) => (
          <div key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            {m.error ? (
              <CircleAlert size={18} className="shrink-0 text-red-600" aria-label="Not connected" />
            ) : (
              <CircleCheck size={18} className="shrink-0 text-green-600" aria-label="Connected" />
            )}
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate font-medium text-slate-900">{m.emailAddress}</p>
              <p className="truncate text-xs text-slate-600">
                {m.credentials.host}:{m.credentials.port} · {m.credentials.username}
              </p>
              {m.error ? (
                <p className="mt-1 text-xs text-red-700">The mail server answered: {m.error}</p>
              ) : null}
            </div>
            {isAdmin ? (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={test.isPending}
                  onClick={() =>
                    test.mutate(m.id, {
                      onSuccess: (r) =>
                        r.error
                          ? notify.error('The mail server refused', r.error)
                          : notify.success(`${r.emailAddress} works.`),
                      onError: (e) => notify.error('Could not test the mailbox', userMessage(e)),
                    })
                  }
                >
                  <Plug size={14} aria-hidden="true" /> Test
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setEditing(m)}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${m.emailAddress}`}
                  onClick={() => setRemoving(m)}
                >
                  <Trash2 size={14} aria-hidden="true" /> Remove
                </Button>
              </div>
            ) : null}
          </div>
        ))}
      </Card>
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={`Edit ${editing?.emailAddress ?? ''}`}
      >
        {editing ? <MailboxForm shopId={shopId} mailbox={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.emailAddress ?? ''}?`}
        description="OrderBridge stops reading it and forgets its password. Messages already read stay."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              removing &&
              remove.mutate(removing.id, {
                onSuccess: () => {
                  notify.success(`${removing.emailAddress} was removed.`);
                  setRemoving(null);
                },
                onError: (e) => notify.error('Could not remove the mailbox', userMessage(e)),
              })
            }
          >
            Remove
          </Button>
        </div>
      </Dialog>
    </>
  );
}
