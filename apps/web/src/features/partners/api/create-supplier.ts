import type { TCreateSupplier, TShopSupplier } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** Adds a supplier to a shop; the reply's data is the created supplier (null if the server sent none). */
export const createSupplier = (shopId: number, input: TCreateSupplier) =>
  api.post<TShopSupplier | null>(`/shops/${shopId}/suppliers`, input);

export function useCreateSupplier(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateSupplier) => createSupplier(shopId, input),
    // The supplier list cache is cleared whatever the outcome (spec §4).
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.suppliers(shopId) }),
  });
}
