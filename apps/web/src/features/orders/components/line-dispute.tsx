import type { TDisputeReason, TDisputeRow, TOrderItem } from '@orderbridge/contract';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { DisputeItemDialog } from './dispute-item-dialog';

/** The dispute of a line worth showing: the live one, else the latest. */
export function disputeOfLine(rows: TDisputeRow[], itemId: number): TDisputeRow | undefined {
  const mine = rows.filter((r) => r.itemId === itemId);
  return mine.find((r) => r.active) ?? mine.sort((a, b) => b.id - a.id)[0];
}

/**
 * A line's dispute state: a link to its dispute, and for the shop the "Dispute this item" action. A line received
 * short proposes a dispute of exactly the missing quantity.
 */
export function LineDispute({
  orderId,
  item,
  dispute,
  canDispute,
}: {
  orderId: number;
  item: TOrderItem;
  dispute: TDisputeRow | undefined;
  canDispute: boolean;
}) {
  const { companyId, basePath } = useCompany();
  const [open, setOpen] = useState(false);
  const label = `line ${item.lineNo}${item.itemDesc ? `, ${item.itemDesc}` : ''}`;
  const ordered = item.itemQty ?? 0;
  const short = item.receivedQuantity !== null ? Math.max(0, ordered - item.receivedQuantity) : 0;
  const reason: TDisputeReason = short > 0 ? 'short_delivery' : 'damaged';
  const action = short > 0 ? `Dispute ${short} missing` : 'Dispute this item';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {dispute ? (
        <Link
          to={`${basePath}/disputes/${dispute.id}`}
          aria-label={`Disputed: ${dispute.statusText}, ${label}`}
          className={
            dispute.active
              ? 'inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-200 hover:underline'
              : 'inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-200 hover:underline'
          }
        >
          <AlertTriangle size={12} aria-hidden="true" />
          Disputed: {dispute.statusText}
        </Link>
      ) : null}
      {canDispute && !dispute?.active ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            className="max-md:h-10"
            aria-label={`${action}: ${label}`}
            onClick={() => setOpen(true)}
          >
            {action}
          </Button>
          {open ? (
            <DisputeItemDialog
              shopId={companyId}
              orderId={orderId}
              item={item}
              initialReason={reason}
              open={open}
              onOpenChange={setOpen}
              onDisputed={() => {
                setOpen(false);
                notify.success('The dispute has been sent to the supplier.');
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
