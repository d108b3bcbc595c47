import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export const rotateAddress = (shopId: number) =>
  api.post<{ ingestionAddress: string }>(`/shops/${shopId}/email-config/address`);

export function useRotateAddress(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => rotateAddress(shopId),
    onSettled: () => qc.invalidateQueries({ queryKey: mailInKeys.config(shopId) }),
  });
}
