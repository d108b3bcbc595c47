import type { TLineMatch } from '@orderbridge/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, type TMatchSource } from './keys';

const path = (shopId: number, source: TMatchSource) =>
  'documentId' in source
    ? `/shops/${shopId}/orders/pending-review/${source.documentId}/matches`
    : `/shops/${shopId}/orders/${source.orderId}/matches`;

/** Each line's POS product, how it was found, and its price against the last one. */
export const getLineMatches = (shopId: number, source: TMatchSource, signal?: AbortSignal) =>
  api.get<TLineMatch[]>(path(shopId, source), { signal });

/**
 * `revision` changes when the document's lines are edited on the review screen: the server matches them again.
 * Every line's mark shares one request.
 */
export const lineMatchesQueryOptions = (shopId: number, source: TMatchSource, revision = '') =>
  queryOptions({
    queryKey: [...catalogueKeys.matches(shopId, source), revision],
    queryFn: ({ signal }) => getLineMatches(shopId, source, signal),
    staleTime: 30_000,
  });

export const useLineMatches = (shopId: number, source: TMatchSource, revision?: string) =>
  useQuery(lineMatchesQueryOptions(shopId, source, revision));

/** Confirm or change a line's POS product; its code and description become aliases for the supplier. */
export const confirmMatch = (shopId: number, documentId: number, lineNo: number, semtekProductId: number) =>
  api.put<TLineMatch[]>(`/shops/${shopId}/orders/pending-review/${documentId}/matches/${lineNo}`, {
    semtekProductId,
  });

export function useConfirmMatch(shopId: number, documentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ lineNo, semtekProductId }: { lineNo: number; semtekProductId: number }) =>
      confirmMatch(shopId, documentId, lineNo, semtekProductId),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.matches(shopId, { documentId }) }),
  });
}

/** The line has no POS product: it stays unmatched, and what its code and words taught is forgotten. */
export const unmatchLine = (shopId: number, documentId: number, lineNo: number) =>
  api.delete<TLineMatch[]>(`/shops/${shopId}/orders/pending-review/${documentId}/matches/${lineNo}`);

export function useUnmatchLine(shopId: number, documentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lineNo: number) => unmatchLine(shopId, documentId, lineNo),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.matches(shopId, { documentId }) }),
  });
}
