import type { TLinkProduct, TShopSupplierProduct } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

/** Shop: links a supplier's product to a POS product (spec Shop-supplier product). */
export const linkProduct = (shopId: number, input: TLinkProduct) =>
  api.post<TShopSupplierProduct>(`/shops/${shopId}/products/integrations`, input);
/** Shop: removes the supplier product's POS link. */
export const unlinkProduct = (shopId: number, productId: number) =>
  api.delete<null>(`/shops/${shopId}/products/${productId}/integrations`);

export function useProductLinks(shopId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: catalogueKeys.company('shops', shopId) });
  return {
    link: useMutation({
      mutationFn: (input: TLinkProduct) => linkProduct(shopId, input),
      onSuccess: refresh,
    }),
    unlink: useMutation({
      mutationFn: (productId: number) => unlinkProduct(shopId, productId),
      onSuccess: refresh,
    }),
  };
}
