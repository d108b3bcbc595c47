import type { TProduct, TProductInput, TProductPatch } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

const base = (supplierId: number) => `/suppliers/${supplierId}/products`;

export const createProduct = (supplierId: number, input: TProductInput) =>
  api.post<TProduct>(base(supplierId), input);
export const updateProduct = (supplierId: number, id: number, patch: TProductPatch) =>
  api.patch<TProduct>(`${base(supplierId)}/${id}`, patch);
export const deleteProduct = (supplierId: number, id: number) =>
  api.delete<null>(`${base(supplierId)}/${id}`);

/** Supplier: create a product (id null) or change one; the price list is fetched again after. */
export function useSaveProduct(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TProductInput }) =>
      id === null ? createProduct(supplierId, input) : updateProduct(supplierId, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.company('suppliers', supplierId) }),
  });
}

export function useDeleteProduct(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteProduct(supplierId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.company('suppliers', supplierId) }),
  });
}
