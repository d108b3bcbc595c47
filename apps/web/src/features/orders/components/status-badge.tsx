import type { TDocumentStatus, TOrderStatus } from '@orderbridge/contract';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

const tones = {
  green: 'bg-green-50 text-green-800 ring-green-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

const orderTone: Record<TOrderStatus, keyof typeof tones> = {
  open: 'blue',
  delivered: 'green',
  disputed: 'red',
  closed: 'grey',
};

const documentTone: Record<TDocumentStatus, keyof typeof tones> = {
  reading: 'blue',
  pending_review: 'amber',
  processed: 'green',
  failed: 'red',
};

function Badge({ tone, children }: { tone: keyof typeof tones; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** An order's status in words and colour (the words carry the meaning; colour only helps). */
export function OrderStatusBadge({ status, text }: { status: TOrderStatus; text: string }) {
  return <Badge tone={orderTone[status]}>{text}</Badge>;
}

/** A document's state; 'Reading' spins while the reader works. */
export function DocumentStatusBadge({ status, text }: { status: TDocumentStatus; text: string }) {
  return (
    <Badge tone={documentTone[status]}>
      {status === 'reading' ? <Spinner size={12} label="" /> : null}
      {text}
    </Badge>
  );
}
