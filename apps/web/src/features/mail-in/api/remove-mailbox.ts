import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export const removeMailbox = (shopId: number, id: number) =>
  api.delete<null>(`/shops/${shopId}/email-config/${id}`);

export function useRemoveMailbox(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeMailbox(shopId, id),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.config(shopId) }),
  });
}
