import type { TMailMessage, TShopSupplier } from '@orderbridge/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

type TPageOf<T> = { total: number; data: T[] };

/** The shop's suppliers to choose from (one page of 100: the picker is for the few a message can be from). */
export const supplierChoicesQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: mailInKeys.suppliers(shopId),
    queryFn: ({ signal }) =>
      api.get<TPageOf<TShopSupplier>>(`/shops/${shopId}/suppliers`, {
        query: { Page: 1, PerPage: 100 },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
export const useSupplierChoices = (shopId: number, enabled: boolean) =>
  useQuery({ ...supplierChoicesQueryOptions(shopId), enabled });

export const chooseSupplier = (shopId: number, messageId: number, shopSupplierId: number) =>
  api.post<{ message: TMailMessage; offerSecondaryEmail: string | null }>(
    `/shops/${shopId}/email-config/messages/${messageId}/supplier`,
    { shopSupplierId },
  );

export function useChooseSupplier(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { messageId: number; shopSupplierId: number }) =>
      chooseSupplier(shopId, v.messageId, v.shopSupplierId),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.shop(shopId) }),
  });
}

/** Accepting the offer: the sender becomes one of the supplier's secondary emails. */
export function useAddSecondaryEmail(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { supplier: TShopSupplier; email: string }) =>
      api.patch(`/shops/${shopId}/suppliers/${v.supplier.shopSupplierId}`, {
        secondaryEmails: [...v.supplier.secondaryEmails, v.email],
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.suppliers(shopId) }),
  });
}
