import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/field';

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
  const committed = list.get('q') ?? '';
  const [text, setText] = useState(committed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing commits the search
  useEffect(() => {
    if (text.trim() === committed) return;
    const t = setTimeout(() => list.set('q', text.trim() || undefined), 300);
    return () => clearTimeout(t);
  }, [text]);
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
            value={text}
            placeholder={search}
            onChange={(e) => setText(e.target.value)}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
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
