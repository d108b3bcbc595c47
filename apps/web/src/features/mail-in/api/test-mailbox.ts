import type { TEmailServer } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export const testMailbox = (shopId: number, id: number) =>
  api.post<TEmailServer>(`/shops/${shopId}/email-config/${id}/test`);

export function useTestMailbox(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testMailbox(shopId, id),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.shop(shopId) }),
  });
}
