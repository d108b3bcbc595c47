import type { TCompanyType } from '@orderbridge/contract';
import type { TUsersFilter } from './get-users';

/** Query keys of the companies domain. */
export const companyKeys = {
  all: ['companies'] as const,
  users: (type: TCompanyType, id: number) => [...companyKeys.all, type, id, 'users'] as const,
  usersPage: (type: TCompanyType, id: number, filter: TUsersFilter) =>
    [...companyKeys.users(type, id), filter] as const,
};
