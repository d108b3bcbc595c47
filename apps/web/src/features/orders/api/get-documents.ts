import type { TCompanyType, TPage, TUnprocessedOrder } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPath, orderKeys, type TDocumentsFilter } from './keys';

export type TDocumentList = 'unprocessed' | 'pending-review';

/** One page of uploaded documents not yet turned into orders (`unprocessed`) or waiting for a person. */
export const getDocuments = (
  type: TCompanyType,
  companyId: number,
  which: TDocumentList,
  f: TDocumentsFilter,
  signal?: AbortSignal,
) =>
  api.get<TPage<TUnprocessedOrder>>(`${companyPath(type, companyId)}/orders/${which}`, {
    query: { Page: f.page, PerPage: f.perPage, search: f.search, shopSupplierId: f.shopSupplierId },
    signal,
  });

export const documentsQueryOptions = (
  type: TCompanyType,
  companyId: number,
  which: TDocumentList,
  filter: TDocumentsFilter,
) =>
  queryOptions({
    queryKey: orderKeys.documentList(type, companyId, which, filter),
    queryFn: ({ signal }) => getDocuments(type, companyId, which, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useDocuments = (
  type: TCompanyType,
  companyId: number,
  which: TDocumentList,
  filter: TDocumentsFilter,
  enabled = true,
) => useQuery({ ...documentsQueryOptions(type, companyId, which, filter), enabled });
