import { SEARCH_MIN_LENGTH, type TCompanyType } from '@orderbridge/contract';

/** Paged, searchable list filters of this domain. */
export type TListFilter = { page: number; search?: string; linked?: 'true' | 'false' };

/** Query keys of the catalogue domain (products, POS catalogue, integrations, line matches). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  company: (type: TCompanyType, companyId: number) => [...catalogueKeys.all, type, companyId] as const,
  products: (type: TCompanyType, companyId: number, f: TListFilter) =>
    [...catalogueKeys.company(type, companyId), 'products', f] as const,
  priceChanges: (shopId: number, page: number) =>
    [...catalogueKeys.company('shops', shopId), 'price-changes', page] as const,
  settings: (shopId: number) => [...catalogueKeys.company('shops', shopId), 'settings'] as const,
  integrations: (shopId: number) => [...catalogueKeys.company('shops', shopId), 'integrations'] as const,
  integration: (shopId: number, id: number) => [...catalogueKeys.integrations(shopId), id] as const,
  history: (shopId: number, id: number, page: number) =>
    [...catalogueKeys.integration(shopId, id), 'history', page] as const,
  posProducts: (shopId: number, id: number, f: TListFilter) =>
    [...catalogueKeys.integration(shopId, id), 'pos-products', f] as const,
  matches: (shopId: number, source: TMatchSource) =>
    [...catalogueKeys.company('shops', shopId), 'matches', source] as const,
};

/** Whose lines are matched: a document in review, or a processed order. */
export type TMatchSource = { documentId: number } | { orderId: number };

/** Lists of this domain show 25 rows a page. */
export const PER_PAGE = 25;
/** Spec §9: cached data lives one minute. */
export const STALE_MS = 60_000;

/** The search a list is sent: nothing until the term is long enough to narrow anything down (a shorter one is a 400). */
export const searchTerm = (search: string | undefined) => {
  const term = search?.trim() ?? '';
  return term.length >= SEARCH_MIN_LENGTH ? term : undefined;
};
