import type { TCompanyType, TInviteUser } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './keys';

export const inviteUser = (type: TCompanyType, id: number, input: TInviteUser) =>
  api.post<unknown>(`/${type}/${id}/users/invite`, input);

export function useInviteUser(type: TCompanyType, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TInviteUser) => inviteUser(type, id, input),
    onSettled: () => qc.invalidateQueries({ queryKey: companyKeys.users(type, id) }),
  });
}
