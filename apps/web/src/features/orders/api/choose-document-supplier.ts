import type { TReviewOrder } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TSupplierOption } from './get-supplier-options';
import { orderKeys } from './keys';

/** Chooses the supplier of a document from an unknown email sender; the reply may offer the sender's address. */
export const chooseDocumentSupplier = (shopId: number, documentId: number, shopSupplierId: number) =>
  api.post<{ document: TReviewOrder; offerSecondaryEmail: string | null }>(
    `/shops/${shopId}/orders/pending-review/${documentId}/supplier`,
    { shopSupplierId },
  );

export function useChooseDocumentSupplier(shopId: number, documentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shopSupplierId: number) => chooseDocumentSupplier(shopId, documentId, shopSupplierId),
    onSuccess: (r) => {
      qc.setQueryData(orderKeys.review(shopId, documentId), r.document);
      return qc.invalidateQueries({ queryKey: orderKeys.company('shops', shopId) });
    },
  });
}

/** Accepting the offer: the sender becomes one of the supplier's secondary emails. */
export function useAddSupplierEmail(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { supplier: TSupplierOption; email: string }) =>
      api.patch(`/shops/${shopId}/suppliers/${v.supplier.shopSupplierId}`, {
        secondaryEmails: [...v.supplier.secondaryEmails, v.email],
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.company('shops', shopId) }),
  });
}
