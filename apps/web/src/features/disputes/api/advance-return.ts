import type { TReturn } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

export type TReturnStepInput = {
  step: 'collected' | 'received' | 'credited';
  creditNoteNum?: string;
  creditDate?: string;
};

/** Supplier: the next step of a return (collected → received → credited; credited carries the credit note). */
export const advanceReturn = (companyId: number, returnId: number, input: TReturnStepInput) =>
  api.patch<TReturn>(`/suppliers/${companyId}/returns/${returnId}`, input);

export function useAdvanceReturn(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { returnId: number; input: TReturnStepInput }) =>
      advanceReturn(companyId, v.returnId, v.input),
    onSettled: () => invalidateCompanyDisputes(qc, 'suppliers', companyId),
  });
}
