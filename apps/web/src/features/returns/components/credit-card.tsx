import type { TCredit } from '@orderbridge/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { date, money } from '../../../lib/format';
import { CreditReview } from './credit-review';

/** One credit: its note, the party, the amount, what each line settled; a waiting one can be reviewed by hand. */
export function CreditCard({ c }: { c: TCredit }) {
  const { companyType, basePath } = useCompany();
  const [reviewing, setReviewing] = useState(false);
  const waiting = c.status === 'review';
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">
            {c.creditNoteNum ? `Credit note ${c.creditNoteNum}` : 'Credit note without a number'}
          </h2>
          <p className="text-sm text-slate-600">
            {companyType === 'suppliers' ? c.shopName : c.supplierName}
            {c.creditDate ? ` · ${date(c.creditDate)}` : ''} ·{' '}
            {c.source === 'credit_note'
              ? 'read from a credit note'
              : `entered${c.createdBy ? ` by ${c.createdBy}` : ''}`}
            {c.reference ? ` · refers to ${c.reference}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-base font-semibold tabular-nums text-slate-900">{money(c.amount, null)}</span>
          <span
            className={cn(
              'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
              waiting
                ? 'bg-amber-50 text-amber-900 ring-amber-200'
                : 'bg-green-50 text-green-800 ring-green-200',
            )}
          >
            {waiting ? 'Waiting for review' : 'Applied'}
          </span>
        </div>
      </div>
      {waiting && c.reviewReason ? <Alert tone="warning">{c.reviewReason}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" aria-label="Lines">
        {c.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="min-w-0 text-slate-900">
              {[l.itemCode, l.description].filter(Boolean).join(' ') || 'Line without a description'}
              {l.quantity !== null ? <span className="text-slate-500"> × {l.quantity}</span> : null}
            </span>
            <span className="flex items-baseline gap-3">
              {l.disputeId ? (
                <Link to={`${basePath}/disputes/${l.disputeId}`} className="text-brand-700 hover:underline">
                  {waiting ? 'assigned to' : 'settles'} dispute {l.disputeId}
                </Link>
              ) : (
                <span className="text-amber-800">not matched</span>
              )}
              <span className="font-medium tabular-nums">{money(l.amount, null)}</span>
            </span>
          </li>
        ))}
      </ul>
      {waiting ? (
        reviewing ? (
          <CreditReview creditId={c.id} onApplied={() => setReviewing(false)} />
        ) : (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => setReviewing(true)}>
              Assign lines
            </Button>
          </div>
        )
      ) : null}
    </Card>
  );
}
