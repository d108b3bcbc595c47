import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TPriceDispute = {
  orderId: number;
  itemId: number;
  /** How much more per ordered unit was charged than before. */
  priceDifference: number;
  note: string;
};

/** Shop: disputes a flagged line's price with the supplier (reason "wrong price", the whole delivered quantity). */
export const disputePrice = (shopId: number, input: TPriceDispute) =>
  api.post<{ id: number }>(`/shops/${shopId}/disputes`, { ...input, reason: 'wrong_price' });

export function useDisputePrice(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TPriceDispute) => disputePrice(shopId, input),
    // The disputes feature's lists and the order's own dispute marks read these keys.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['disputes'] }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
