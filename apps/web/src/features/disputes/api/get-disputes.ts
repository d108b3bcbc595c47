import type { TCompanyType, TDisputesPage } from '@orderbridge/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TDisputesFilter = {
  page: number;
  perPage: number;
  status?: string;
  search?: string;
  sort?: 'newest' | 'oldest';
};

/** Query keys of the disputes domain. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: (type: TCompanyType, companyId: number, filter: TDisputesFilter) =>
    [...disputeKeys.all, type, companyId, 'list', filter] as const,
  detail: (type: TCompanyType, companyId: number, id: number) =>
    [...disputeKeys.all, type, companyId, 'detail', id] as const,
  thread: (type: TCompanyType, companyId: number, id: number) =>
    [...disputeKeys.all, type, companyId, 'thread', id] as const,
  inbox: (type: TCompanyType, companyId: number, filter: TInboxFilter) =>
    [...disputeKeys.all, type, companyId, 'inbox', filter] as const,
};

export type TInboxFilter = { page: number; perPage: number; unread: boolean };

/** One page of a company's disputes, with the totals of everything the filter matches. */
export const getDisputes = (
  type: TCompanyType,
  companyId: number,
  f: TDisputesFilter,
  signal?: AbortSignal,
) =>
  api.get<TDisputesPage>(`/${type}/${companyId}/disputes`, {
    query: { Page: f.page, PerPage: f.perPage, status: f.status, search: f.search, sort: f.sort },
    signal,
  });

export const disputesQueryOptions = (type: TCompanyType, companyId: number, filter: TDisputesFilter) =>
  queryOptions({
    queryKey: disputeKeys.list(type, companyId, filter),
    queryFn: ({ signal }) => getDisputes(type, companyId, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useDisputes = (type: TCompanyType, companyId: number, filter: TDisputesFilter) =>
  useQuery(disputesQueryOptions(type, companyId, filter));

/** After any answer or message every view of the company's disputes may change (status, totals, thread). */
export const invalidateCompanyDisputes = (qc: QueryClient, type: TCompanyType, companyId: number) =>
  qc.invalidateQueries({ queryKey: [...disputeKeys.all, type, companyId] });
