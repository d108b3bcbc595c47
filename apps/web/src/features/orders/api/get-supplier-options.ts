import type { TPage, TShopSupplier } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

export type TSupplierOption = { shopSupplierId: number; supplierName: string; secondaryEmails: string[] };

/** The shop's suppliers as filter choices (first 100, by name). */
export const getSupplierOptions = async (
  shopId: number,
  signal?: AbortSignal,
): Promise<TSupplierOption[]> => {
  const page = await api.get<TPage<TShopSupplier>>(`/shops/${shopId}/suppliers`, {
    query: { Page: 1, PerPage: 100 },
    signal,
  });
  return (page?.data ?? [])
    .map((s) => ({
      shopSupplierId: s.shopSupplierId,
      supplierName: s.supplierName,
      secondaryEmails: s.secondaryEmails,
    }))
    .sort((a, b) => a.supplierName.localeCompare(b.supplierName));
};

export const supplierOptionsQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: [...orderKeys.company('shops', shopId), 'supplier-options'] as const,
    queryFn: ({ signal }) => getSupplierOptions(shopId, signal),
    staleTime: 5 * 60_000,
  });

export const useSupplierOptions = (shopId: number, enabled: boolean) =>
  useQuery({ ...supplierOptionsQueryOptions(shopId), enabled });
