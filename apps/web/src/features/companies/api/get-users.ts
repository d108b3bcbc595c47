import type { TCompanyType, TCompanyUser, TCompanyUsersQuery, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyKeys } from './keys';

/** The users page shows this many members (and this many pending invitations) a page. */
export const USERS_PER_PAGE = 25;

/** One page of the users page: the members (`active`) or the pending invitations, and the committed search. */
export type TUsersFilter = { status: TCompanyUsersQuery['status']; page: number; search: string };

export const getUsers = (type: TCompanyType, id: number, f: TUsersFilter, signal?: AbortSignal) =>
  api.get<TPage<TCompanyUser>>(`/${type}/${id}/users`, {
    query: { status: f.status, Page: f.page, PerPage: USERS_PER_PAGE, search: f.search || undefined },
    signal,
  });

export const usersQueryOptions = (type: TCompanyType, id: number, f: TUsersFilter) =>
  queryOptions({
    queryKey: companyKeys.usersPage(type, id, f),
    queryFn: ({ signal }) => getUsers(type, id, f, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useUsers = (type: TCompanyType, id: number, f: TUsersFilter) =>
  useQuery(usersQueryOptions(type, id, f));
