import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { userMessage } from '../../../lib/errors';
import { PER_PAGE } from '../api/keys';

/** The search box above a list; changing it goes back to page 1 (the caller's job). */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label = 'Search',
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  label?: string;
}) {
  return (
    <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <span className="relative">
        <Search size={16} aria-hidden="true" className="absolute top-3 left-3 text-slate-400" />
        <input
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm"
        />
      </span>
    </label>
  );
}

/** Previous/next with the total; "10,000+" when the server capped the count. */
export function Pager({
  page,
  total,
  capped,
  noun,
  onPage,
}: {
  page: number;
  total: number;
  capped?: boolean;
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const count = `${total.toLocaleString()}${capped ? '+' : ''}`;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600"
    >
      <span className="tabular" data-testid="list-total">
        {count} {total === 1 ? noun[0] : noun[1]}
      </span>
      {pages > 1 ? (
        <span className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="tabular">
            Page {page} of {pages.toLocaleString()}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </span>
      ) : null}
    </nav>
  );
}

/** Placeholder rows while a list loads. */
export function SkeletonList({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-3 p-4" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => i).map((i) => (
        <span
          key={i}
          className="block h-4 animate-pulse rounded bg-slate-200"
          style={{ width: `${60 + (i % 3) * 13}%` }}
        />
      ))}
    </div>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function ListError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Alert tone="error" title={`${what} could not be loaded`}>
      {userMessage(error)}{' '}
      <Button variant="secondary" size="sm" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}

/** A labelled value of a detail card. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
