import type { TCompanyType } from '@orderbridge/contract';

/** Query keys of the notifications domain (per company: each company has its own notifications). */
export const notificationKeys = {
  all: ['notifications'] as const,
  company: (type: TCompanyType, companyId: number) => [...notificationKeys.all, type, companyId] as const,
  list: (type: TCompanyType, companyId: number) =>
    [...notificationKeys.company(type, companyId), 'list'] as const,
  unread: (type: TCompanyType, companyId: number) =>
    [...notificationKeys.company(type, companyId), 'unread'] as const,
  preferences: (type: TCompanyType, companyId: number) =>
    [...notificationKeys.company(type, companyId), 'preferences'] as const,
  unsubscribe: (token: string) => [...notificationKeys.all, 'unsubscribe', token] as const,
};

export const notificationsPath = (type: TCompanyType, companyId: number) =>
  `/${type}/${companyId}/notifications`;
