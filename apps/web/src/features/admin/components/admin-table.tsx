import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/page';
import { cn } from '../../../lib/cn';
import { userMessage } from '../../../lib/errors';
import { formatTotal } from '../../../lib/list-state';
import { useIsMobile } from '../../../lib/use-media-query';

export type TColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  className?: string;
};

type TProps<T> = {
  label: string;
  columns: TColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  isLoading: boolean;
  error: unknown;
  empty: { icon: LucideIcon; title: string; text: string };
  onRowClick?: (row: T) => void;
  paging?: { page: number; perPage: number; total: number; capped?: boolean; onPage: (page: number) => void };
};

/**
 * Every list of the console: a table with loading, empty and error states and paging; on a phone each row
 * becomes a card of label–value pairs.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  empty,
  onRowClick,
  paging,
}: TProps<T>) {
  const isMobile = useIsMobile();
  if (error)
    return (
      <Alert tone="error" title={`The ${label.toLowerCase()} could not be loaded`}>
        {userMessage(error)}
      </Alert>
    );
  if (!isLoading && rows?.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.text}
      </EmptyState>
    );
  }
  const list = rows ?? [];
  const clickable = (row: T) =>
    onRowClick
      ? {
          onClick: () => onRowClick(row),
          onKeyDown: (e: React.KeyboardEvent) => {
            if (e.key === 'Enter') onRowClick(row);
          },
          tabIndex: 0,
          role: 'link',
        }
      : {};
  const pager = paging ? <Pager {...paging} /> : null;

  if (isMobile) {
    return (
      <section className="space-y-3" aria-label={label}>
        {isLoading && !rows ? <p className="text-sm text-slate-600">Loading…</p> : null}
        {list.map((row) => (
          <Card
            key={rowKey(row)}
            className={cn('p-4', onRowClick && 'cursor-pointer hover:border-brand-300')}
            {...clickable(row)}
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {columns.map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-slate-500">{c.header}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
        {pager ? <Card>{pager}</Card> : null}
      </section>
    );
  }

  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="sticky top-0 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={cn('px-4 py-2.5 whitespace-nowrap', c.align === 'right' && 'text-right')}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {isLoading && !rows
              ? Array.from({ length: 5 }, (_, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={r}>
                    {columns.map((c) => (
                      <td key={c.header} className="px-4 py-3.5">
                        <span className="block h-3 w-2/3 animate-pulse rounded bg-slate-200" />
                      </td>
                    ))}
                  </tr>
                ))
              : list.map((row) => (
                  <tr
                    key={rowKey(row)}
                    className={cn(
                      onRowClick &&
                        'cursor-pointer hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none',
                    )}
                    {...clickable(row)}
                  >
                    {columns.map((c) => (
                      <td
                        key={c.header}
                        className={cn(
                          'px-4 py-3 align-top',
                          c.align === 'right' && 'tabular text-right',
                          c.className,
                        )}
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {pager}
    </Card>
  );
}

/** Previous/next with the total as the API gives it ("10,000+ in all" when capped). */
function Pager({ page, perPage, total, capped, onPage }: NonNullable<TProps<unknown>['paging']>) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600">
      <span className="tabular">{formatTotal(total, capped)} in all</span>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="tabular">
            Page {page} of {pages.toLocaleString('en-GB')}
            {capped ? '+' : ''}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A small coloured label (status, plan, flags). */
export function Tag({
  tone = 'grey',
  children,
}: {
  tone?: 'green' | 'amber' | 'red' | 'blue' | 'grey';
  children: ReactNode;
}) {
  const tones = {
    green: 'bg-green-50 text-green-800 ring-green-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    blue: 'bg-blue-50 text-blue-800 ring-blue-200',
    grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  };
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** A timestamp in the browser's locale; a dash when missing. */
export const formatDateTime = (v: string | null | undefined) => (v ? dateTime.format(new Date(v)) : '—');

/** Money in the document's currency when known. */
export function formatMoney(v: number | null | undefined, currency?: string | null) {
  if (v === null || v === undefined) return '—';
  return new Intl.NumberFormat(
    undefined,
    currency && /^[A-Z]{3}$/.test(currency)
      ? { style: 'currency', currency }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ).format(v);
}
