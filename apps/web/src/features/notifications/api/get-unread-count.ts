import type { TCompanyType } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, notificationsPath } from './keys';

/** The bell's number: unread notifications of the user in this company. */
export const getUnreadCount = (type: TCompanyType, companyId: number, signal?: AbortSignal) =>
  api.get<{ unread: number }>(`${notificationsPath(type, companyId)}/unread-count`, { signal });

export const unreadCountQueryOptions = (type: TCompanyType, companyId: number) =>
  queryOptions({
    queryKey: notificationKeys.unread(type, companyId),
    queryFn: ({ signal }) => getUnreadCount(type, companyId, signal),
    select: (reply) => reply.unread,
  });

export const useUnreadCount = (type: TCompanyType, companyId: number) =>
  useQuery(unreadCountQueryOptions(type, companyId));
