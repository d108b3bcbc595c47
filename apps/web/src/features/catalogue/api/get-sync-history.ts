import type { TPage, TSyncEntry } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, PER_PAGE, STALE_MS } from './keys';

/** Everything the connection did: catalogue syncs and order pushes, newest first. */
export const getSyncHistory = (shopId: number, id: number, page: number, signal?: AbortSignal) =>
  api.get<TPage<TSyncEntry>>(`/shops/${shopId}/integrations/${id}/syncs/history`, {
    query: { Page: page, PerPage: PER_PAGE },
    signal,
  });

export const syncHistoryQueryOptions = (shopId: number, id: number, page: number) =>
  queryOptions({
    queryKey: catalogueKeys.history(shopId, id, page),
    queryFn: ({ signal }) => getSyncHistory(shopId, id, page, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export const useSyncHistory = (shopId: number, id: number, page: number) =>
  useQuery(syncHistoryQueryOptions(shopId, id, page));
