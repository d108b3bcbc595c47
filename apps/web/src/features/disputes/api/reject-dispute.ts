import type { TItemDispute } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Supplier: reject the dispute with a reason the shop reads in the thread. */
export const rejectDispute = (companyId: number, id: number, reason: string) =>
  api.post<TItemDispute>(`/suppliers/${companyId}/disputes/${id}/reject`, { reason });

export function useRejectDispute(companyId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectDispute(companyId, id, reason),
    onSettled: () => invalidateCompanyDisputes(qc, 'suppliers', companyId),
  });
}
