import type { TCompanyType, TRole } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './keys';

export const changeRole = (type: TCompanyType, id: number, userId: string, role: TRole) =>
  api.patch<unknown>(`/${type}/${id}/users/${encodeURIComponent(userId)}`, { role });

export function useChangeRole(type: TCompanyType, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; role: TRole }) => changeRole(type, id, v.userId, v.role),
    onSettled: () => qc.invalidateQueries({ queryKey: companyKeys.users(type, id) }),
  });
}
