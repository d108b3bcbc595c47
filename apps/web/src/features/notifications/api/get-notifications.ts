import type { TCompanyType, TNotification, TPage } from '@orderbridge/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, notificationsPath } from './keys';

export type TNotificationsPage = TPage<TNotification> & { unread: number };
const PER_PAGE = 25;

/** One page of the user's notifications in a company, unread first. */
export const getNotifications = (type: TCompanyType, companyId: number, page: number, signal?: AbortSignal) =>
  api.get<TNotificationsPage>(notificationsPath(type, companyId), {
    query: { Page: page, PerPage: PER_PAGE },
    signal,
  });

/** A feed: the newest page first, older pages on request ("Show older"). */
export const notificationsQueryOptions = (type: TCompanyType, companyId: number) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(type, companyId),
    queryFn: ({ signal, pageParam }) => getNotifications(type, companyId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.perPage < last.total ? last.page + 1 : undefined),
  });

export const useNotifications = (type: TCompanyType, companyId: number) =>
  useInfiniteQuery(notificationsQueryOptions(type, companyId));
