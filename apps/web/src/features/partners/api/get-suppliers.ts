import type { TPage, TShopSupplier } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAllPages, PARTNER_LIST_STALE_MS } from './fetch-all-pages';
import { partnerKeys } from './keys';

/** One page of a shop's suppliers. */
export const getSuppliersPage = (shopId: number, page: number, perPage: number, signal?: AbortSignal) =>
  api.get<TPage<TShopSupplier>>(`/shops/${shopId}/suppliers`, {
    query: { Page: page, PerPage: perPage },
    signal,
  });

/** Every supplier of a shop, fetched 100 at a time. */
export const getSuppliers = (shopId: number, signal?: AbortSignal) =>
  fetchAllPages((page, perPage) => getSuppliersPage(shopId, page, perPage, signal));

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
