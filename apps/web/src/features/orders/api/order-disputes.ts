import type { TCompanyType, TDisputesPage, TItemDispute } from '@orderbridge/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys } from './keys';

/** The disputes raised on one order's lines (all statuses; an order has at most a few). */
export const getOrderDisputes = (
  type: TCompanyType,
  companyId: number,
  orderId: number,
  signal?: AbortSignal,
) =>
  api.get<TDisputesPage>(`${companyPath(type, companyId)}/disputes`, {
    query: { orderid: orderId, Page: 1, PerPage: 100 },
    signal,
  });

export const useOrderDisputes = (type: TCompanyType, companyId: number, orderId: number) =>
  useQuery({
    queryKey: orderKeys.disputes(type, companyId, orderId),
    queryFn: ({ signal }) => getOrderDisputes(type, companyId, orderId, signal),
  });

export type TDisputeItemInput = {
  itemId: number;
  reason: string;
  quantity?: number;
  priceDifference?: number;
  note?: string;
  photo?: File;
};

/** Raises a dispute on one line (spec §7: POST form data, with the optional photo as a file part). */
export function disputeItem(shopId: number, orderId: number, input: TDisputeItemInput) {
  const form = new FormData();
  form.append('orderId', String(orderId));
  form.append('itemId', String(input.itemId));
  form.append('reason', input.reason);
  if (input.quantity !== undefined) form.append('quantity', String(input.quantity));
  if (input.priceDifference !== undefined) form.append('priceDifference', String(input.priceDifference));
  if (input.note) form.append('note', input.note);
  if (input.photo) form.append('photo', input.photo, input.photo.name);
  return api.post<TItemDispute>(`/shops/${shopId}/disputes`, form);
}

export function useDisputeItem(shopId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TDisputeItemInput) => disputeItem(shopId, orderId, input),
    // The order turns `disputed`, and the Disputes pages (their own query domain, 'disputes') gain a row.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.company('shops', shopId) }),
        qc.invalidateQueries({ queryKey: ['disputes', 'shops', shopId] }),
      ]),
  });
}
