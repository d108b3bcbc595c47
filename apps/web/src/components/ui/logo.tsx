import { cn } from '../../lib/cn';

/** The OrderBridge mark and word. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-slate-900', className)}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M8 20c4-8 12-8 16 0" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="8" cy="21" r="2.5" fill="#fff" />
        <circle cx="24" cy="21" r="2.5" fill="#fff" />
      </svg>
      {compact ? (
        <span className="sr-only">OrderBridge</span>
      ) : (
        <span className="text-base">OrderBridge</span>
      )}
    </span>
  );
}
