import type { TCompanyType, TMessage } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanyDisputes } from './get-disputes';

/** Edits one's own message (spec §7 PATCH /disputes/{id}/messages/{messageId}). */
export const editMessage = (
  type: TCompanyType,
  companyId: number,
  disputeId: number,
  messageId: number,
  messageVal: string,
) => api.patch<TMessage>(`/${type}/${companyId}/disputes/${disputeId}/messages/${messageId}`, { messageVal });

/** Deletes one's own message while the other side has not read it (spec §7 DELETE /messages/{id}). */
export const deleteMessage = (type: TCompanyType, companyId: number, messageId: number) =>
  api.delete<null>(`/${type}/${companyId}/messages/${messageId}`);

export function useChangeMessage(type: TCompanyType, companyId: number, disputeId: number) {
  const qc = useQueryClient();
  const onSettled = () => invalidateCompanyDisputes(qc, type, companyId);
  return {
    edit: useMutation({
      mutationFn: (v: { messageId: number; messageVal: string }) =>
        editMessage(type, companyId, disputeId, v.messageId, v.messageVal),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (messageId: number) => deleteMessage(type, companyId, messageId),
      onSettled,
    }),
  };
}
