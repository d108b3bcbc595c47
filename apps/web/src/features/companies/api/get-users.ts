import type { TCompanyType, TCompanyUser, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './keys';

type TParams = { page: number; perPage: number; search: string };

export const getUsers = (type: TCompanyType, id: number, p: TParams, signal?: AbortSignal) =>
  api.get<TPage<TCompanyUser>>(`/${type}/${id}/users`, {
    query: { Page: p.page, PerPage: p.perPage, search: p.search || undefined },
    signal,
  });

export const usersQueryOptions = (type: TCompanyType, id: number, p: TParams) =>
  queryOptions({
    queryKey: companyKeys.usersPage(type, id, p),
    queryFn: ({ signal }) => getUsers(type, id, p, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useUsers = (type: TCompanyType, id: number, p: TParams) =>
  useQuery(usersQueryOptions(type, id, p));
