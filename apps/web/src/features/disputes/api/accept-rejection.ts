import type { TItemDispute } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Shop: accept the supplier's rejection, which resolves the dispute. */
export const acceptRejection = (companyId: number, id: number) =>
  api.post<TItemDispute>(`/shops/${companyId}/disputes/${id}/accept-rejection`);

export function useAcceptRejection(companyId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptRejection(companyId, id),
    onSettled: () => invalidateCompanyDisputes(qc, 'shops', companyId),
  });
}
