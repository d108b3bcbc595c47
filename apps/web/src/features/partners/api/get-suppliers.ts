import type { TPage, TShopSupplier } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAllPages, PARTNER_LIST_STALE_MS } from './fetch-all-pages';
import { partnerKeys } from './keys';

/** One page of a shop's suppliers, by name (the API's list module), searched by name when `search` is given. */
export const getSuppliersPage = (
  shopId: number,
  page: number,
  perPage: number,
  search?: string,
  signal?: AbortSignal,
) =>
  api.get<TPage<TShopSupplier>>(`/shops/${shopId}/suppliers`, {
    query: { Page: page, PerPage: perPage, search: search || undefined },
    signal,
  });

/** Every supplier of a shop, fetched 100 at a time. */
export const getSuppliers = (shopId: number, signal?: AbortSignal) =>
  fetchAllPages((page, perPage) => getSuppliersPage(shopId, page, perPage, undefined, signal));

export const suppliersQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: partnerKeys.suppliers(shopId),
    queryFn: ({ signal }) => getSuppliers(shopId, signal),
    staleTime: PARTNER_LIST_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

/** The supplier list shared by the suppliers page and the supplier picker. */
export const useSuppliers = (shopId: number) => useQuery(suppliersQueryOptions(shopId));

/** The suppliers page shows this many a page. */
export const SUPPLIERS_PER_PAGE = 25;

/** What a page of the suppliers page shows: its number and the committed search (empty for none). */
export type TSuppliersFilter = { page: number; search: string };

/** One page of the suppliers page; under the suppliers key, so every supplier change refreshes it too. */
export const suppliersPageQueryOptions = (shopId: number, f: TSuppliersFilter) =>
  queryOptions({
    queryKey: [...partnerKeys.suppliers(shopId), 'page', f] as const,
    queryFn: ({ signal }) => getSuppliersPage(shopId, f.page, SUPPLIERS_PER_PAGE, f.search, signal),
    placeholderData: keepPreviousData,
    staleTime: PARTNER_LIST_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

export const useSuppliersPage = (shopId: number, f: TSuppliersFilter) =>
  useQuery(suppliersPageQueryOptions(shopId, f));
