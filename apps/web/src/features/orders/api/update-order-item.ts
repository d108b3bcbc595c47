import type { TOrderItem } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

export type TReceiveInput = { receivedQuantity?: number | null; notes?: string | null };

/** Record what arrived of an order line (received quantity, notes); the server keeps the change. */
export const updateOrderItem = (shopId: number, orderId: number, itemId: number, input: TReceiveInput) =>
  api.patch<TOrderItem>(`/shops/${shopId}/orders/${orderId}/item/${itemId}`, input);

export function useUpdateOrderItem(shopId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { itemId: number; input: TReceiveInput }) =>
      updateOrderItem(shopId, orderId, v.itemId, v.input),
    // Status (all received → delivered) and the change history move with each line.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.detail('shops', shopId, orderId) }),
        qc.invalidateQueries({ queryKey: orderKeys.lists('shops', shopId) }),
      ]),
  });
}
