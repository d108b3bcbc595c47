import { RETURN_STEPS, type TReturn } from '@orderbridge/contract';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { dateTime } from '../../../lib/format';
import { useAdvanceReturn } from '../api/get-returns';

export const STEP_TEXT: Record<TReturn['status'], string> = {
  requested: 'Requested',
  collected: 'Collected',
  received: 'Received',
  credited: 'Credited',
};
const NEXT: Record<TReturn['status'], 'collected' | 'received' | 'credited' | null> = {
  requested: 'collected',
  collected: 'received',
  received: 'credited',
  credited: null,
};
const today = () => new Date().toISOString().slice(0, 10);

/** One collection: what, from whom, its four steps with who did each and when, and the next step to take. */
export function ReturnCard({ r }: { r: TReturn }) {
  const { basePath } = useCompany();
  return (
    <Card className="space-y-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">
            {r.quantity} × {r.itemDesc ?? r.itemCode ?? 'item'}
          </h2>
          <p className="text-sm text-slate-600">
            {r.shopName} ·{' '}
            <Link
              to={`${basePath}/disputes/${r.disputeId}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {r.invoiceNum ? `Invoice ${r.invoiceNum}` : `Order ${r.orderNum ?? r.orderId}`}: the dispute
            </Link>
          </p>
          {r.note ? <p className="mt-1 text-sm text-slate-700">“{r.note}”</p> : null}
        </div>
        <span
          className={cn(
            'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
            r.status === 'credited'
              ? 'bg-green-50 text-green-800 ring-green-200'
              : 'bg-amber-50 text-amber-900 ring-amber-200',
          )}
        >
          {STEP_TEXT[r.status]}
        </span>
      </div>
      <ol className="grid gap-3 sm:grid-cols-4" aria-label="Steps">
        {RETURN_STEPS.map((s) => {
          const done = r.steps[s];
          return (
            <li key={s} className="flex gap-2 text-sm">
              <span
                className={cn(
                  'mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full',
                  done ? 'bg-green-600 text-white' : 'bg-slate-200 text-slate-500',
                )}
                aria-hidden="true"
              >
                {done ? <Check size={12} /> : null}
              </span>
              <span>
                <span className={cn('block font-medium', done ? 'text-slate-900' : 'text-slate-500')}>
                  {STEP_TEXT[s]}
                  <span className="sr-only">{done ? ', done' : ', not yet'}</span>
                </span>
                {done ? (
                  <span className="block text-xs text-slate-500">
                    {dateTime(done.at)}
                    {done.by ? ` · ${done.by}` : ''}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <NextStep r={r} />
    </Card>
  );
}

/** The next step of a live return; the last one (credited) carries the credit note that settles the dispute. */
function NextStep({ r }: { r: TReturn }) {
  const { companyId } = useCompany();
  const advance = useAdvanceReturn(companyId);
  const [creditNoteNum, setNum] = useState('');
  const [creditDate, setDate] = useState(today());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const next = NEXT[r.status];
  if (!next) return null;
  const label = `Mark ${next}`;
  const go = async () => {
    setErrors({});
    try {
      await advance.mutateAsync({
        returnId: r.id,
        input:
          next === 'credited'
            ? { step: next, creditNoteNum: creditNoteNum.trim() || undefined, creditDate }
            : { step: next },
      });
      notify.success(`Return marked ${next}`);
    } catch (e) {
      const fields = toAppError(e).fieldErrors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])));
      else notify.error('The return did not move on', userMessage(e));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-3">
      {next === 'credited' ? (
        <>
          <TextField
            label="Credit note number"
            value={creditNoteNum}
            error={errors.creditNoteNum}
            onChange={(e) => setNum(e.target.value)}
          />
          <TextField
            label="Credit date"
            type="date"
            value={creditDate}
            error={errors.creditDate}
            onChange={(e) => setDate(e.target.value)}
          />
        </>
      ) : null}
      <Button
        loading={advance.isPending}
        onClick={go}
        aria-label={`${label}: ${r.itemDesc ?? r.itemCode ?? 'item'}`}
      >
        {label}
      </Button>
    </div>
  );
}
