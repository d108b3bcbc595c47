import type { TReviewOrder } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * Turn a reviewed document into an order. The server re-runs its checks and refuses (409 with
 * `errors.issues`) while issues remain, unless `override` is set.
 */
export const processReviewOrder = (shopId: number, documentId: number, override = false) =>
  api.post<TReviewOrder>(`/shops/${shopId}/orders/pending-review/${documentId}/process`, { override });

export function useProcessReviewOrder(shopId: number, documentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (override: boolean) => processReviewOrder(shopId, documentId, override),
    onSuccess: (doc) => {
      qc.setQueryData(orderKeys.review(shopId, documentId), doc);
      return qc.invalidateQueries({ queryKey: orderKeys.company('shops', shopId) });
    },
  });
}
