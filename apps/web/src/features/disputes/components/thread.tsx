import { zodResolver } from '@hookform/resolvers/zod';
import { type TCompanyType, type TMessage, ZMessageUpdateSchema } from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { dateTime } from '../../../lib/format';
import { useChangeMessage } from '../api/change-message';
import { useDisputeMessages } from '../api/get-dispute-messages';
import { usePostMessage } from '../api/post-message';

type TInput = z.input<typeof ZMessageUpdateSchema>;
type TOutput = z.output<typeof ZMessageUpdateSchema>;

/** The conversation of one dispute, oldest first, with a reply box under it. */
export function Thread({
  type,
  companyId,
  disputeId,
}: {
  type: TCompanyType;
  companyId: number;
  disputeId: number;
}) {
  const thread = useDisputeMessages(type, companyId, disputeId);
  const post = usePostMessage(type, companyId, disputeId);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZMessageUpdateSchema),
    defaultValues: { messageVal: '' },
  });
  const error = form.formState.errors.messageVal?.message;
  const onSubmit = form.handleSubmit(async ({ messageVal }) => {
    try {
      await post.mutateAsync(messageVal);
      form.reset({ messageVal: '' });
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['messageVal'])) {
        form.setError('messageVal', { type: 'server', message: userMessage(e) });
      }
    }
  });
  const messages = thread.data?.data ?? [];

  return (
    <section aria-labelledby="thread-title" className="space-y-3">
      <h2 id="thread-title" className="text-base font-semibold text-slate-900">
        Messages
      </h2>
      {thread.isError ? (
        <Alert tone="error" title="The messages could not be loaded">
          {userMessage(thread.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => thread.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : thread.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet. Write the first one below.</p>
      ) : (
        <ol className="space-y-2" aria-label="Thread">
          {messages.map((m) => (
            <ThreadMessage key={m.id} m={m} type={type} companyId={companyId} disputeId={disputeId} />
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <label htmlFor="reply" className="sr-only">
          Reply
        </label>
        <textarea
          id="reply"
          rows={3}
          placeholder="Write a reply"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reply-error' : undefined}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 text-sm',
            error ? 'border-red-500' : 'border-slate-300',
          )}
          {...form.register('messageVal')}
        />
        <FieldError id="reply-error" message={error} />
        <div className="flex justify-end">
          <Button type="submit" loading={post.isPending}>
            Send
          </Button>
        </div>
      </form>
    </section>
  );
}

/** One message; the writer may edit it, and delete it while the other side has not read it. */
function ThreadMessage({
  m,
  type,
  companyId,
  disputeId,
}: {
  m: TMessage;
  type: TCompanyType;
  companyId: number;
  disputeId: number;
}) {
  const [editing, setEditing] = useState(false);
  const change = useChangeMessage(type, companyId, disputeId);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZMessageUpdateSchema),
    values: { messageVal: m.messageVal },
  });
  const error = form.formState.errors.messageVal?.message;
  const inputId = `message-${m.id}`;
  const onSave = form.handleSubmit(async ({ messageVal }) => {
    try {
      await change.edit.mutateAsync({ messageId: m.id, messageVal });
      setEditing(false);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['messageVal'])) {
        form.setError('messageVal', { type: 'server', message: userMessage(e) });
      }
    }
  });
  const onDelete = async () => {
    try {
      await change.remove.mutateAsync(m.id);
      notify.success('Message deleted');
    } catch (e) {
      notify.error('The message was not deleted', userMessage(e));
    }
  };
  return (
    <li
      className={cn(
        'max-w-[85%] rounded-lg px-3 py-2 text-sm',
        m.isOwn ? 'ml-auto bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-100',
      )}
    >
      <div className="text-xs text-slate-500">
        {m.username ?? (m.isResponse ? m.dispute.supplierName : m.dispute.shopName)} ·{' '}
        {dateTime(m.messageTimestamp)}
        {m.editedTimestamp ? ' · edited' : ''}
        {m.isOwn ? (m.isRead ? ' · read' : ' · not read yet') : ''}
      </div>
      {editing ? (
        <form onSubmit={onSave} noValidate className="mt-1 space-y-2" aria-label="Edit message">
          <label htmlFor={inputId} className="sr-only">
            Edit message
          </label>
          <textarea
            id={inputId}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            {...form.register('messageVal')}
          />
          <FieldError id={`${inputId}-error`} message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={change.edit.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-900">{m.messageVal}</p>
      )}
      {m.isOwn && !editing ? (
        <div className="mt-1 flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          {m.isRead ? null : (
            <Button variant="ghost" size="sm" loading={change.remove.isPending} onClick={onDelete}>
              Delete
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
