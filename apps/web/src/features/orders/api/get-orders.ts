import type { TCompanyType, TOrderListItem, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys, type TOrdersFilter } from './keys';

/** One page of a company's orders (shop or supplier side). */
export const getOrders = (type: TCompanyType, companyId: number, f: TOrdersFilter, signal?: AbortSignal) =>
  api.get<TPage<TOrderListItem>>(`${companyPath(type, companyId)}/orders`, {
    query: {
      Page: f.page,
      PerPage: f.perPage,
      search: f.search,
      status: f.status,
      shopSupplierId: f.shopSupplierId,
      from: f.from,
      to: f.to,
      sort: f.sort,
    },
    signal,
  });

export const ordersQueryOptions = (type: TCompanyType, companyId: number, filter: TOrdersFilter) =>
  queryOptions({
    queryKey: orderKeys.list(type, companyId, filter),
    queryFn: ({ signal }) => getOrders(type, companyId, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useOrders = (type: TCompanyType, companyId: number, filter: TOrdersFilter) =>
  useQuery(ordersQueryOptions(type, companyId, filter));
