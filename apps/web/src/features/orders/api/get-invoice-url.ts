import type { TCompanyType } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys } from './keys';

export type TSignedUrl = { url: string; expiresAt: string };

/** A short-lived link to the original file of an order. */
export const getOrderFileUrl = (type: TCompanyType, companyId: number, orderId: number) =>
  api.get<TSignedUrl>(
    type === 'shops'
      ? `/shops/${companyId}/orders/${orderId}/invoice-url`
      : `${companyPath(type, companyId)}/orders/invoice-url/${orderId}`,
  );

/** A short-lived link to the original file of an uploaded document. */
export const getDocumentFileUrl = (shopId: number, documentId: number, signal?: AbortSignal) =>
  api.get<TSignedUrl>(`/shops/${shopId}/orders/unprocessed/${documentId}/invoice-url`, { signal });

/** Links live 5 minutes: refresh a little before they expire. */
export const documentFileQueryOptions = (shopId: number, documentId: number) =>
  queryOptions({
    queryKey: [...orderKeys.review(shopId, documentId), 'file'] as const,
    queryFn: ({ signal }) => getDocumentFileUrl(shopId, documentId, signal),
    staleTime: 4 * 60_000,
    gcTime: 4 * 60_000,
    refetchOnWindowFocus: false,
  });

export const useDocumentFileUrl = (shopId: number, documentId: number) =>
  useQuery(documentFileQueryOptions(shopId, documentId));
