import type { TDisputeStatus } from '@orderbridge/contract';
import { cn } from '../../../lib/cn';

const TONE: Record<TDisputeStatus, string> = {
  open: 'bg-red-50 text-red-800 ring-red-200',
  accepted: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-slate-100 text-slate-800 ring-slate-300',
  resolved: 'bg-green-50 text-green-800 ring-green-200',
  withdrawn: 'bg-slate-50 text-slate-600 ring-slate-200',
};

export function StatusBadge({ status, text }: { status: TDisputeStatus; text: string }) {
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1',
        TONE[status],
      )}
    >
      {text}
    </span>
  );
}
