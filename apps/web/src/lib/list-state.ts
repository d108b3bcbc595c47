import { SEARCH_MIN_LENGTH, type TPage } from '@orderbridge/contract';
import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The state of a list screen (README "Web app"): filters, sort, page and search live in the address, so a list
 * can be shared, reloaded and navigated back to. Setting anything but the page goes back to page 1.
 */
export function useListUrl() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const set = (changes: Record<string, string | number | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { get, set, page: Math.max(1, Number(params.get('page')) || 1) };
}

/**
 * A list's search box: what is typed is committed (to the address) once typing settles for `delay` ms, and only
 * when it is empty or at least SEARCH_MIN_LENGTH characters (the API answers a shorter term with a 400).
 */
export function useSearchBox(committed: string, commit: (term: string) => void, delay = 300) {
  const [text, setText] = useState(committed);
  const term = text.trim();
  const tooShort = term.length > 0 && term.length < SEARCH_MIN_LENGTH;
  // Another screen (or Back) changed the address: show its term.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (committed !== term) setText(committed);
  }, [committed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing commits the search
  useEffect(() => {
    if (term === committed || tooShort) return;
    const t = setTimeout(() => commit(term), delay);
    return () => clearTimeout(t);
  }, [term]);
  return { text, setText, tooShort };
}

/**
 * Asks for the next page as soon as a page is shown (when there is one), so that "Next" shows it at once.
 * `optionsFor` builds the same query options the list uses, for another page.
 */
export function usePrefetchNextPage<TData extends TPage<unknown>, TKey extends QueryKey>(
  data: TData | undefined,
  page: number,
  optionsFor: (page: number) => FetchQueryOptions<TData, Error, TData, TKey>,
) {
  const qc = useQueryClient();
  const hasNext = data ? page * data.perPage < data.total : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options change with every render; the page and data do not
  useEffect(() => {
    if (hasNext) void qc.prefetchQuery(optionsFor(page + 1));
  }, [hasNext, page, data]);
}

/** A list's total as the API gives it: "10,000+" when the API capped the count. */
export const formatTotal = (total: number, capped?: boolean) =>
  `${total.toLocaleString('en-GB')}${capped ? '+' : ''}`;
