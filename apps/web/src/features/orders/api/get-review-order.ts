import type { TReviewOrder } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** A document under review with everything needed to correct it. */
export const getReviewOrder = (shopId: number, documentId: number, signal?: AbortSignal) =>
  api.get<TReviewOrder>(`/shops/${shopId}/orders/pending-review/${documentId}`, { signal });

export const reviewOrderQueryOptions = (shopId: number, documentId: number) =>
  queryOptions({
    queryKey: orderKeys.review(shopId, documentId),
    queryFn: ({ signal }) => getReviewOrder(shopId, documentId, signal),
    staleTime: 60_000,
    // Edits live in this cache; a focus refetch must not throw away what the form shows.
    refetchOnWindowFocus: false,
    // While the reader works, ask again every few seconds: the live "document read" event may have been sent
    // before this page's event stream connected, and the page must not wait on a missed event.
    refetchInterval: (query) => (query.state.data?.status === 'reading' ? 2_000 : false),
  });

export const useReviewOrder = (shopId: number, documentId: number) =>
  useQuery(reviewOrderQueryOptions(shopId, documentId));
