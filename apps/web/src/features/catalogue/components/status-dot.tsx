import type { TConnectionStatus } from '@orderbridge/contract';
import { cn } from '../../../lib/cn';

export const STATUS_TEXT: Record<TConnectionStatus, string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  neverConnected: 'Never connected',
  error: 'Error',
};
const dot: Record<TConnectionStatus, string> = {
  connected: 'bg-green-500',
  disconnected: 'bg-slate-400',
  neverConnected: 'bg-slate-300 ring-1 ring-slate-400',
  error: 'bg-red-500',
};

/** The connection status dot of spec §2; its words are never only a colour. */
export function StatusDot({ status, label = false }: { status: TConnectionStatus; label?: boolean }) {
  const colour = cn('inline-block h-2.5 w-2.5 shrink-0 rounded-full', dot[status]);
  if (!label) return <span className={colour} role="img" aria-label={STATUS_TEXT[status]} />;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <span className={colour} aria-hidden="true" />
      <span data-testid="integration-status">{STATUS_TEXT[status]}</span>
    </span>
  );
}
