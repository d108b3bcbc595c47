import { SEARCH_MIN_LENGTH } from '@orderbridge/contract';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/field';
import { useSearchBox } from '../../../lib/list-state';

/** List state in the address (shareable, survives reload): filters by key and the page. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) || undefined;
  const set = (k: string, v: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(k, v);
        else next.delete(k);
        if (k !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { get, set, page, setPage: (p: number) => set('page', p > 1 ? String(p) : undefined) };
}
export type TListParams = ReturnType<typeof useListParams>;

/** A search box (committed after typing settles) and selects, all kept in the address. */
export function Filters({
  list,
  search,
  selects,
}: {
  list: TListParams;
  search: string;
  selects: { key: string; label: string; options: [string, string][] }[];
}) {
  const box = useSearchBox(list.get('q') ?? '', (q) => list.set('q', q || undefined));
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="col-span-2 space-y-1.5 sm:w-72">
        <label htmlFor="admin-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <div className="relative">
          <Search size={16} aria-hidden="true" className="absolute top-3 left-3 text-slate-400" />
          <input
            id="admin-search"
            type="search"
            value={box.text}
            placeholder={search}
            onChange={(e) => box.setText(e.target.value)}
            aria-describedby={box.tooShort ? 'admin-search-hint' : undefined}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {box.tooShort ? (
          <p id="admin-search-hint" className="text-xs text-slate-600">
            Type at least {SEARCH_MIN_LENGTH} characters
          </p>
        ) : null}
      </div>
      {selects.map((s) => (
        <SelectField
          key={s.key}
          label={s.label}
          value={list.get(s.key) ?? ''}
          onChange={(e) => list.set(s.key, e.target.value || undefined)}
          className="sm:w-40"
        >
          <option value="">All</option>
          {s.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
