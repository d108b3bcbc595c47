import type { TAdminCompany, TAdminCompanyDetail, TPage } from '@orderbridge/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

export type TCompaniesFilter = {
  page: number;
  search?: string;
  type?: string;
  plan?: string;
  billingCycle?: string;
  status?: string;
};

export const useCompanies = (f: TCompaniesFilter) =>
  useQuery({
    queryKey: adminKeys.companies(f),
    queryFn: ({ signal }) =>
      adminApi.get<TPage<TAdminCompany>>(
        '/companies',
        {
          Page: f.page,
          PerPage: 25,
          search: f.search,
          type: f.type,
          plan: f.plan,
          billingCycle: f.billingCycle,
          status: f.status,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useCompany = (id: number) =>
  useQuery({
    queryKey: adminKeys.company(id),
    queryFn: ({ signal }) => adminApi.get<TAdminCompanyDetail>(`/companies/${id}`, undefined, signal),
  });
