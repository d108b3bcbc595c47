import type { TCompanyType, THome } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the Home screen (per company). */
export const homeKeys = {
  company: (type: TCompanyType, companyId: number) => ['home', type, companyId] as const,
};

/** What the company's Home screen shows: attention, money, reading per day. */
export const getCompanyHome = (type: TCompanyType, companyId: number, signal?: AbortSignal) =>
  api.get<THome>(`/${type}/${companyId}/home`, { signal });

export const companyHomeQueryOptions = (type: TCompanyType, companyId: number) =>
  queryOptions({
    queryKey: homeKeys.company(type, companyId),
    queryFn: ({ signal }) => getCompanyHome(type, companyId, signal),
  });

export const useCompanyHome = (type: TCompanyType, companyId: number) =>
  useQuery(companyHomeQueryOptions(type, companyId));
