import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type TTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<TTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-blue-200 bg-blue-50 text-blue-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

// Inline paths instead of the icon library: alerts sit on the login route, which has a size budget.
const paths: Record<TTone, string> = {
  error: 'M12 8v4m0 4h.01',
  warning: 'M12 8v4m0 4h.01',
  success: 'm9 12 2 2 4-4',
  info: 'M12 16v-4m0-4h.01',
};

/** An inline message box; errors are announced as alerts. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: TTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-3 py-2.5 text-sm', tones[tone], className)}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="mt-0.5 shrink-0"
      >
        <circle cx="12" cy="12" r="10" />
        <path d={paths[tone]} />
      </svg>
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="whitespace-pre-line">{children}</div> : null}
      </div>
    </div>
  );
}
