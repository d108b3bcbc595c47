import type { TPage } from '@orderbridge/contract';

/** Page size of supplier and client lists (spec §9). */
export const PARTNER_PAGE_SIZE = 100;

/** List freshness (spec §9): cached 5 minutes, refetched on focus and on mount. */
export const PARTNER_LIST_STALE_MS = 5 * 60_000;

/** The page info of a list reply; errors when page or perPage is missing (spec §8). */
export function pageInfo<T>(reply: TPage<T> | null | undefined): { page: number; perPage: number } {
  if (!reply || typeof reply.page !== 'number') throw new Error('Page info is missing: page');
  if (typeof reply.perPage !== 'number') throw new Error('Page info is missing: perPage');
  return { page: reply.page, perPage: reply.perPage };
}

/**
 * Spec §7 paging: fetch page after page from page 1 at 100 per page until an empty or short page, and join
 * them. A next page exists only if the last one was full.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, perPage: number) => Promise<TPage<T>>,
  perPage = PARTNER_PAGE_SIZE,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const reply = await fetchPage(page, perPage);
    pageInfo(reply);
    const items = Array.isArray(reply.data) ? reply.data : [];
    all.push(...items);
    if (items.length < perPage) return all;
  }
}
