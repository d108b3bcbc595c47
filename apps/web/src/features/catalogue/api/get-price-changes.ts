import type { TPage, TPriceChange } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, PER_PAGE, STALE_MS } from './keys';

/** Shop: read lines whose unit cost moved past its threshold, newest first. */
export const getPriceChanges = (shopId: number, page: number, signal?: AbortSignal) =>
  api.get<TPage<TPriceChange>>(`/shops/${shopId}/products/price-changes`, {
    query: { Page: page, PerPage: PER_PAGE },
    signal,
  });

export const priceChangesQueryOptions = (shopId: number, page: number) =>
  queryOptions({
    queryKey: catalogueKeys.priceChanges(shopId, page),
    queryFn: ({ signal }) => getPriceChanges(shopId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export const usePriceChanges = (shopId: number, page: number) =>
  useQuery(priceChangesQueryOptions(shopId, page));
