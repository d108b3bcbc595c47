import type { TCompanyType, TMessage } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** A message in a dispute's thread, from either side. */
export const postMessage = (
  type: TCompanyType,
  companyId: number,
  itemDisputeId: number,
  messageVal: string,
) => api.post<TMessage>(`/${type}/${companyId}/messages`, { itemDisputeId, messageVal });

export function usePostMessage(type: TCompanyType, companyId: number, itemDisputeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageVal: string) => postMessage(type, companyId, itemDisputeId, messageVal),
    onSettled: () => invalidateCompanyDisputes(qc, type, companyId),
  });
}
