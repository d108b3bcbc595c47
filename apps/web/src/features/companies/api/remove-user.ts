import type { TCompanyType } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './keys';

export const removeUser = (type: TCompanyType, id: number, userId: string) =>
  api.delete<unknown>(`/${type}/${id}/users/${encodeURIComponent(userId)}`);

export function useRemoveUser(type: TCompanyType, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeUser(type, id, userId),
    onSettled: () => qc.invalidateQueries({ queryKey: companyKeys.users(type, id) }),
  });
}
