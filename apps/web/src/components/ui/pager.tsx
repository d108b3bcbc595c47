import { formatTotal } from '../../lib/list-state';
import { Button } from './button';

/** Previous/next paging with the total count ("10,000+" when the API capped it). */
export function Pager({
  page,
  perPage,
  total,
  capped,
  noun,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  capped?: boolean;
  noun: [string, string];
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600">
      <span className="tabular" data-testid="list-total">
        {formatTotal(total, capped)} {total === 1 && !capped ? noun[0] : noun[1]}
      </span>
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

/** Placeholder rows while a list loads. */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <tr key={r}>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <td key={c} className="px-4 py-3.5">
              <span
                className="block h-3 animate-pulse rounded bg-slate-200"
                style={{ width: `${50 + ((r + c) % 4) * 12}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function SkeletonCards({ rows = 4 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
          <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-200" />
          <span className="block h-3 w-3/4 animate-pulse rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
