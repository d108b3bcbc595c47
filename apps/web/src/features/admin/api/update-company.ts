import type { TAdminCompanyDetail, TAdminCompanyPatch } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

type TChange =
  | { kind: 'edit'; patch: TAdminCompanyPatch }
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate' };

/** Edits a company's plan, billing, approval and model, or suspends / reactivates it. */
export function useUpdateCompany(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TChange) =>
      change.kind === 'edit'
        ? adminApi.patch<TAdminCompanyDetail>(`/companies/${id}`, change.patch)
        : adminApi.post<TAdminCompanyDetail>(
            `/companies/${id}/${change.kind}`,
            change.kind === 'suspend' ? { reason: change.reason } : {},
          ),
    onSuccess: (company) => {
      client.setQueryData(adminKeys.company(id), company);
      void client.invalidateQueries({ queryKey: adminKeys.companies() });
    },
  });
}
