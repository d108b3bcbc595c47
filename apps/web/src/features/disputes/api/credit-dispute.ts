import type { TCreditAnswer, TItemDispute } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Supplier: a credit note for the dispute (partial credits add up; covering the value resolves it). */
export const creditDispute = (companyId: number, id: number, input: TCreditAnswer) =>
  api.post<TItemDispute>(`/suppliers/${companyId}/disputes/${id}/credit`, input);

export function useCreditDispute(companyId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreditAnswer) => creditDispute(companyId, id, input),
    onSettled: () => invalidateCompanyDisputes(qc, 'suppliers', companyId),
  });
}
