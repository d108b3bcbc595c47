import type { TCompanyType } from '@orderbridge/contract';

/** Query keys of the companies domain. */
export const companyKeys = {
  all: ['companies'] as const,
  users: (type: TCompanyType, id: number) => [...companyKeys.all, type, id, 'users'] as const,
  usersPage: (type: TCompanyType, id: number, params: { page: number; perPage: number; search: string }) =>
    [...companyKeys.users(type, id), params] as const,
};
