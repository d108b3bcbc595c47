import type { TPage, TReturn } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterCredit, returnKeys, type TReturnsFilter } from './keys';

/** A supplier's returns (collections), newest first, by step. */
export const getReturns = (supplierId: number, f: TReturnsFilter, signal?: AbortSignal) =>
  api.get<TPage<TReturn>>(`/suppliers/${supplierId}/returns`, {
    query: { Page: f.page, PerPage: f.perPage, status: f.status },
    signal,
  });

export const returnsQueryOptions = (supplierId: number, filter: TReturnsFilter) =>
  queryOptions({
    queryKey: returnKeys.returns(supplierId, filter),
    queryFn: ({ signal }) => getReturns(supplierId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useReturns = (supplierId: number, filter: TReturnsFilter) =>
  useQuery(returnsQueryOptions(supplierId, filter));

export type TReturnStepInput = {
  step: 'collected' | 'received' | 'credited';
  creditNoteNum?: string;
  creditDate?: string;
  amount?: number;
};

/** The next step of a return (collected → received → credited; credited carries the credit note). */
export const advanceReturn = (supplierId: number, returnId: number, input: TReturnStepInput) =>
  api.patch<TReturn>(`/suppliers/${supplierId}/returns/${returnId}`, input);

export function useAdvanceReturn(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { returnId: number; input: TReturnStepInput }) =>
      advanceReturn(supplierId, v.returnId, v.input),
    onSettled: () => invalidateAfterCredit(qc, 'suppliers', supplierId),
  });
}
