import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAIL_PROVIDERS,
  type TEmailServer,
  type TMailProvider,
  ZMailboxInputSchema,
} from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { toAppError, userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useSaveMailbox } from '../api/save-mailbox';

type TInput = z.input<typeof ZMailboxInputSchema>;
type TOutput = z.output<typeof ZMailboxInputSchema>;
const PROVIDERS = Object.entries(MAIL_PROVIDERS) as [TMailProvider, (typeof MAIL_PROVIDERS)[TMailProvider]][];

/** Connects (or reconnects) a mailbox; saving tests it and shows the mail server's answer. */
export function MailboxForm({
  shopId,
  mailbox,
  onDone,
}: {
  shopId: number;
  mailbox?: TEmailServer;
  onDone?: (saved: TEmailServer) => void;
}) {
  const save = useSaveMailbox(shopId);
  const [answer, setAnswer] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZMailboxInputSchema),
    defaultValues: {
      emailAddress: mailbox?.emailAddress ?? '',
      emailProvider: (mailbox?.emailProvider as TMailProvider) ?? 'gmail',
      credentials: {
        host: mailbox?.credentials.host ?? '',
        port: mailbox?.credentials.port ?? 993,
        tls: mailbox?.credentials.tls ?? true,
        username: mailbox?.credentials.username ?? '',
        password: '',
      },
    },
  });
  const { errors } = form.formState;
  const provider = form.watch('emailProvider');

  const onSubmit = form.handleSubmit(async (values) => {
    setAnswer(null);
    try {
      const saved = await save.mutateAsync({ input: values, id: mailbox?.id });
      form.resetField('credentials.password');
      if (saved.error) {
        setAnswer({ tone: 'error', text: `Saved, but the mail server answered: ${saved.error}` });
        return;
      }
      setAnswer({ tone: 'success', text: 'Connected. New messages are read every minute.' });
      notify.success(`${saved.emailAddress} is connected.`);
      onDone?.(saved);
    } catch (e) {
      if (toAppError(e).kind === 'canceled') return;
      if (!applyServerErrors(e, form.setError, ['emailAddress', 'emailProvider']))
        setAnswer({ tone: 'error', text: userMessage(e) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Mailbox">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Provider"
          error={errors.emailProvider?.message}
          {...form.register('emailProvider')}
        >
          {PROVIDERS.map(([id, p]) => (
            <option key={id} value={id}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          error={errors.emailAddress?.message}
          {...form.register('emailAddress')}
        />
      </div>
      {provider === 'custom' ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <TextField
            label="IMAP server"
            placeholder="imap.example.com"
            error={errors.credentials?.host?.message}
            {...form.register('credentials.host')}
          />
          <TextField
            label="Port"
            inputMode="numeric"
            error={errors.credentials?.port?.message}
            {...form.register('credentials.port')}
          />
          <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" {...form.register('credentials.tls')} /> TLS
          </label>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="User name"
          hint="Leave empty to sign in with the email address."
          autoComplete="off"
          {...form.register('credentials.username')}
        />
        <TextField
          label={mailbox ? 'App password (enter it again to save)' : 'App password'}
          type="password"
          autoComplete="new-password"
          hint="Stored encrypted; never shown again."
          error={errors.credentials?.password?.message}
          {...form.register('credentials.password')}
        />
      </div>
      {answer ? <Alert tone={answer.tone}>{answer.text}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Testing the connection…' : mailbox ? 'Save and test' : 'Connect and test'}
        </Button>
      </div>
    </form>
  );
}
