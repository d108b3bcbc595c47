import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TItemDispute,
  type TReturn,
  ZCreditAnswerSchema,
  ZRejectAnswerSchema,
} from '@orderbridge/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useAcceptRejection } from '../api/accept-rejection';
import { useAdvanceReturn } from '../api/advance-return';
import { useCreditDispute } from '../api/credit-dispute';
import { useRejectDispute } from '../api/reject-dispute';
import { useStartReturn } from '../api/start-return';
import { useWithdrawDispute } from '../api/withdraw-dispute';

const today = () => new Date().toISOString().slice(0, 10);

/** Runs an answer, toasts the outcome; the queries refresh themselves. */
async function run(action: () => Promise<unknown>, done: string) {
  try {
    await action();
    notify.success(done);
  } catch (e) {
    notify.error('That did not work', userMessage(e));
  }
}

/** The shop's actions: withdraw while open or rejected, accept a rejection. */
export function ShopActions({ shopId, d }: { shopId: number; d: TItemDispute }) {
  const withdraw = useWithdrawDispute(shopId, d.id);
  const accept = useAcceptRejection(shopId, d.id);
  if (d.status !== 'open' && d.status !== 'rejected') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {d.status === 'rejected' ? (
        <Button
          loading={accept.isPending}
          onClick={() => run(() => accept.mutateAsync(), 'Rejection accepted')}
        >
          Accept the rejection
        </Button>
      ) : null}
      <Button
        variant="secondary"
        loading={withdraw.isPending}
        onClick={() => run(() => withdraw.mutateAsync(), 'Dispute withdrawn')}
      >
        Withdraw dispute
      </Button>
    </div>
  );
}

type TCreditIn = z.input<typeof ZCreditAnswerSchema>;
type TCreditOut = z.output<typeof ZCreditAnswerSchema>;

/** The supplier's answers while the dispute is live: credit, return (and its steps), reject. */
export function SupplierActions({ supplierId, d }: { supplierId: number; d: TItemDispute }) {
  const [mode, setMode] = useState<'credit' | 'reject' | null>(null);
  const start = useStartReturn(supplierId, d.id);
  if (d.status !== 'open' && d.status !== 'accepted') return null;
  const live = d.returns.find((r) => r.status !== 'credited');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button variant={mode === 'credit' ? 'primary' : 'secondary'} onClick={() => setMode('credit')}>
          Credit
        </Button>
        {live ? null : (
          <Button
            variant="secondary"
            loading={start.isPending}
            onClick={() => run(() => start.mutateAsync(), 'Return requested')}
          >
            Start a return
          </Button>
        )}
        {d.status === 'open' ? (
          <Button variant={mode === 'reject' ? 'danger' : 'secondary'} onClick={() => setMode('reject')}>
            Reject
          </Button>
        ) : null}
      </div>
      {mode === 'credit' ? (
        <CreditForm supplierId={supplierId} d={d} onDone={() => setMode(null)} />
      ) : mode === 'reject' ? (
        <RejectForm supplierId={supplierId} d={d} onDone={() => setMode(null)} />
      ) : null}
      {live ? <ReturnStep supplierId={supplierId} r={live} /> : null}
    </div>
  );
}

function CreditForm({ supplierId, d, onDone }: { supplierId: number; d: TItemDispute; onDone: () => void }) {
  const credit = useCreditDispute(supplierId, d.id);
  const open = Math.max(0, Math.round((d.disputeVal - d.totalCredit) * 100) / 100);
  const form = useForm<TCreditIn, unknown, TCreditOut>({
    resolver: zodResolver(ZCreditAnswerSchema),
    defaultValues: { creditNoteNum: '', creditDate: today(), amount: open },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await credit.mutateAsync(values);
      notify.success('Credit recorded');
      onDone();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['creditNoteNum', 'creditDate', 'amount'])) {
        notify.error('The credit was not recorded', userMessage(e));
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-3" aria-label="Credit">
      <TextField
        label="Credit note number"
        error={errors.creditNoteNum?.message}
        {...form.register('creditNoteNum')}
      />
      <TextField
        label="Credit date"
        type="date"
        error={errors.creditDate?.message}
        {...form.register('creditDate')}
      />
      <TextField
        label="Amount"
        type="number"
        step="0.01"
        inputMode="decimal"
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <div className="flex justify-end gap-2 sm:col-span-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={credit.isPending}>
          Record credit
        </Button>
      </div>
    </form>
  );
}

type TRejectIn = z.input<typeof ZRejectAnswerSchema>;
type TRejectOut = z.output<typeof ZRejectAnswerSchema>;

function RejectForm({ supplierId, d, onDone }: { supplierId: number; d: TItemDispute; onDone: () => void }) {
  const reject = useRejectDispute(supplierId, d.id);
  const form = useForm<TRejectIn, unknown, TRejectOut>({
    resolver: zodResolver(ZRejectAnswerSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync(reason);
      notify.success('Dispute rejected');
      onDone();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['reason'])) {
        notify.error('The dispute was not rejected', userMessage(e));
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Reject">
      <TextField
        label="Reason for rejecting"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={reject.isPending}>
          Reject dispute
        </Button>
      </div>
    </form>
  );
}

const NEXT: Record<TReturn['status'], 'collected' | 'received' | 'credited' | null> = {
  requested: 'collected',
  collected: 'received',
  received: 'credited',
  credited: null,
};

/** The next step of a live return; the last one (credited) carries the credit note. */
function ReturnStep({ supplierId, r }: { supplierId: number; r: TReturn }) {
  const advance = useAdvanceReturn(supplierId);
  const [creditNoteNum, setNum] = useState('');
  const [creditDate, setDate] = useState(today());
  const next = NEXT[r.status];
  if (!next) return null;
  const go = () =>
    run(
      () =>
        advance.mutateAsync({
          returnId: r.id,
          input: next === 'credited' ? { step: next, creditNoteNum, creditDate } : { step: next },
        }),
      `Return marked ${next}`,
    );
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3 text-sm">
      <span className="basis-full text-slate-700">
        Return: <strong>{r.status}</strong>
      </span>
      {next === 'credited' ? (
        <>
          <TextField
            label="Credit note number"
            value={creditNoteNum}
            onChange={(e) => setNum(e.target.value)}
          />
          <TextField
            label="Credit date"
            type="date"
            value={creditDate}
            onChange={(e) => setDate(e.target.value)}
          />
        </>
      ) : null}
      <Button variant="secondary" loading={advance.isPending} onClick={go}>
        Mark {next}
      </Button>
    </div>
  );
}
