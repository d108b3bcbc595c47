import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export const deleteSupplier = (shopId: number, shopSupplierId: number) =>
  api.delete<null>(`/shops/${shopId}/suppliers/${shopSupplierId}`);

export function useDeleteSupplier(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shopSupplierId: number) => deleteSupplier(shopId, shopSupplierId),
    onSettled: () => qc.invalidateQueries({ queryKey: partnerKeys.suppliers(shopId) }),
  });
}
