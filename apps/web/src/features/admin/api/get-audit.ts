import type { TAuditEntry, TPage } from '@orderbridge/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

export type TAuditFilter = { page: number; operator?: string; companyId?: number };

/** The audit log, newest first. */
export const useAudit = (f: TAuditFilter) =>
  useQuery({
    queryKey: adminKeys.audit(f),
    queryFn: ({ signal }) =>
      adminApi.get<TPage<TAuditEntry>>(
        '/audit',
        { Page: f.page, PerPage: 25, operator: f.operator, companyId: f.companyId },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
