import type { TOrderListItem, TPage } from '@orderbridge/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

export type TAdminOrdersFilter = { page: number; search?: string; status?: string; shopId?: number };

/** Orders of every company, newest first. */
export const useAdminOrders = (f: TAdminOrdersFilter) =>
  useQuery({
    queryKey: adminKeys.orders(f),
    queryFn: ({ signal }) =>
      adminApi.get<TPage<TOrderListItem>>(
        '/orders',
        { Page: f.page, PerPage: 25, search: f.search, status: f.status, shopId: f.shopId },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
