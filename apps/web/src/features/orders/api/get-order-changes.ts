import type { TCompanyType, TOrderChange, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys } from './keys';

export const CHANGES_PER_PAGE = 20;

/** Who changed what on an order after it was processed. */
export const getOrderChanges = (
  type: TCompanyType,
  companyId: number,
  orderId: number,
  page: number,
  signal?: AbortSignal,
) =>
  api.get<TPage<TOrderChange>>(`${companyPath(type, companyId)}/orders/${orderId}/changes`, {
    query: { Page: page, PerPage: CHANGES_PER_PAGE },
    signal,
  });

export const orderChangesQueryOptions = (
  type: TCompanyType,
  companyId: number,
  orderId: number,
  page: number,
) =>
  queryOptions({
    queryKey: orderKeys.changes(type, companyId, orderId, page),
    queryFn: ({ signal }) => getOrderChanges(type, companyId, orderId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useOrderChanges = (type: TCompanyType, companyId: number, orderId: number, page: number) =>
  useQuery(orderChangesQueryOptions(type, companyId, orderId, page));
