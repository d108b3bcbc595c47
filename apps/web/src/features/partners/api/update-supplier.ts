import type { TShopSupplier, TUpdateSupplier } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export const updateSupplier = (shopId: number, shopSupplierId: number, input: TUpdateSupplier) =>
  api.patch<TShopSupplier>(`/shops/${shopId}/suppliers/${shopSupplierId}`, input);

export function useUpdateSupplier(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { shopSupplierId: number; input: TUpdateSupplier }) =>
      updateSupplier(shopId, v.shopSupplierId, v.input),
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.suppliers(shopId) }),
  });
}
