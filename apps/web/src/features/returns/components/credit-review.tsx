import type { TCreditCandidate } from '@orderbridge/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { money } from '../../../lib/format';
import { useCredit, useReviewCredit } from '../api/get-credits';

const candidateText = (c: TCreditCandidate) =>
  [
    c.invoiceNum ? `Invoice ${c.invoiceNum}` : `Order ${c.orderNum ?? c.orderId}`,
    [c.itemCode, c.itemDesc].filter(Boolean).join(' '),
    c.reasonText,
    `${money(c.open, null)} open`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A credit the reader could not settle by itself: each line is assigned by hand to one open dispute of the same
 * shop and supplier, then the credit is applied (the lines left unassigned settle nothing).
 */
export function CreditReview({ creditId, onApplied }: { creditId: number; onApplied: () => void }) {
  const { companyType, companyId } = useCompany();
  const credit = useCredit(companyType, companyId, creditId);
  const review = useReviewCredit(companyType, companyId, creditId);
  const [errors, setErrors] = useState<Record<number, string>>({});
  if (credit.isError)
    return (
      <Alert tone="error" title="The credit could not be loaded">
        {userMessage(credit.error)}
      </Alert>
    );
  if (!credit.data) return <Spinner label="Loading the open disputes" />;
  const c = credit.data;
  const assigned = c.lines.filter((l) => l.disputeId !== null).length;

  const assign = async (lineId: number, value: string) => {
    setErrors((e) => ({ ...e, [lineId]: '' }));
    try {
      await review.assign.mutateAsync({ lineId, disputeId: value ? Number(value) : null });
    } catch (e) {
      const err = toAppError(e);
      setErrors((all) => ({ ...all, [lineId]: err.fieldErrors?.disputeId?.join(' ') ?? userMessage(e) }));
    }
  };
  const apply = async () => {
    try {
      await review.apply.mutateAsync();
      notify.success('Credit applied');
      onApplied();
    } catch (e) {
      notify.error('The credit was not applied', userMessage(e));
    }
  };

  return (
    <section className="space-y-3 rounded-lg bg-slate-50 p-3" aria-label="Assign lines">
      {c.candidates.length === 0 ? (
        <p className="text-sm text-slate-700">
          There is no open dispute between this shop and supplier to assign to.
        </p>
      ) : (
        c.lines.map((l, n) => (
          <SelectField
            key={l.id}
            label={`Line ${n + 1}: ${[l.itemCode, l.description].filter(Boolean).join(' ') || 'no description'} (${money(l.amount, null)})`}
            value={l.disputeId ?? ''}
            error={errors[l.id] || undefined}
            disabled={review.assign.isPending}
            onChange={(e) => assign(l.id, e.target.value)}
          >
            <option value="">Not assigned</option>
            {c.candidates.map((d) => (
              <option key={d.disputeId} value={d.disputeId}>
                {candidateText(d)}
              </option>
            ))}
          </SelectField>
        ))
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <span className="text-sm text-slate-600">
          {assigned} of {c.lines.length} lines assigned
        </span>
        <Button disabled={assigned === 0} loading={review.apply.isPending} onClick={apply}>
          Apply credit
        </Button>
      </div>
    </section>
  );
}
