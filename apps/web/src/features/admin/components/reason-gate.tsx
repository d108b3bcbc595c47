import { AUDIT_REASON_MAX, AUDIT_REASON_MIN } from '@orderbridge/contract';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';

/**
 * Asks why the operator opens company data (a support ticket, the customer's request …). The reason goes
 * with every call of this tab and is written to the audit log next to each read.
 */
export function ReasonGate({ initial, onReason }: { initial: string; onReason: (reason: string) => void }) {
  const [reason, setReason] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = reason.trim();
    if (value.length < AUDIT_REASON_MIN || value.length > AUDIT_REASON_MAX) {
      setError(`Give a reason of ${AUDIT_REASON_MIN} to ${AUDIT_REASON_MAX} characters`);
      return;
    }
    onReason(value);
  };
  return (
    <Card className="mx-auto mt-8 max-w-lg p-6">
      <div className="mb-4 flex items-start gap-3">
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <ShieldCheck size={20} aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-lg font-semibold text-slate-900">Why are you opening company data?</h1>
          <p className="mt-1 text-sm text-slate-600">
            Every read of a company's data is written to the audit log with your name and this reason.
          </p>
        </div>
      </div>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Reason"
          placeholder="Support ticket 4711: invoice not read"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          maxLength={AUDIT_REASON_MAX}
          autoFocus
        />
        <Button type="submit">Continue</Button>
      </form>
    </Card>
  );
}
