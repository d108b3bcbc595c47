import type { TItemDispute } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Supplier: arrange a collection of the disputed goods (the return starts at 'requested'). */
export const startReturn = (companyId: number, id: number) =>
  api.post<TItemDispute>(`/suppliers/${companyId}/disputes/${id}/return`);

export function useStartReturn(companyId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => startReturn(companyId, id),
    onSettled: () => invalidateCompanyDisputes(qc, 'suppliers', companyId),
  });
}
