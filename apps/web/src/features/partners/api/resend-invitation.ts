import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** Sends the invitation to claim an unclaimed supplier again; resolves to the server's message. */
export const resendInvitation = (shopId: number, shopSupplierId: number) =>
  request<null>(`/shops/${shopId}/suppliers/${shopSupplierId}/invitation`, { method: 'POST', body: {} }).then(
    (r) => r.message,
  );

export function useResendInvitation(shopId: number) {
  return useMutation({ mutationFn: (shopSupplierId: number) => resendInvitation(shopId, shopSupplierId) });
}
