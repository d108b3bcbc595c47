import type { TCompanyType, TItemDispute } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { disputeKeys } from './get-disputes';

/** One item dispute with its order line, photo link, credits, returns and history. */
export const getDispute = (type: TCompanyType, companyId: number, id: number, signal?: AbortSignal) =>
  api.get<TItemDispute>(`/${type}/${companyId}/disputes/${id}`, { signal });

export const disputeQueryOptions = (type: TCompanyType, companyId: number, id: number) =>
  queryOptions({
    queryKey: disputeKeys.detail(type, companyId, id),
    queryFn: ({ signal }) => getDispute(type, companyId, id, signal),
  });

export const useDispute = (type: TCompanyType, companyId: number, id: number) =>
  useQuery(disputeQueryOptions(type, companyId, id));
