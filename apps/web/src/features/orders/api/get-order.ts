import type { TCompanyType, TOrderDetail } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys } from './keys';

/** One order with its parties and items. */
export const getOrder = (type: TCompanyType, companyId: number, orderId: number, signal?: AbortSignal) =>
  api.get<TOrderDetail>(`${companyPath(type, companyId)}/orders/${orderId}`, { signal });

export const orderQueryOptions = (type: TCompanyType, companyId: number, orderId: number) =>
  queryOptions({
    queryKey: orderKeys.detail(type, companyId, orderId),
    queryFn: ({ signal }) => getOrder(type, companyId, orderId, signal),
    staleTime: 30_000,
  });

export const useOrder = (type: TCompanyType, companyId: number, orderId: number) =>
  useQuery(orderQueryOptions(type, companyId, orderId));
