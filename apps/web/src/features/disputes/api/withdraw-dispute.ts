import type { TItemDispute } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Shop: withdraw the dispute while it is open or rejected; it stays in the history. */
export const withdrawDispute = (companyId: number, id: number) =>
  api.delete<TItemDispute>(`/shops/${companyId}/disputes/${id}`);

export function useWithdrawDispute(companyId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawDispute(companyId, id),
    onSettled: () => invalidateCompanyDisputes(qc, 'shops', companyId),
  });
}
