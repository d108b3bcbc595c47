import type { TPage, TSupplierClient } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAllPages, PARTNER_LIST_STALE_MS } from './fetch-all-pages';
import { partnerKeys } from './keys';

/** One page of the shops a supplier serves. */
export const getClientsPage = (supplierId: number, page: number, perPage: number, signal?: AbortSignal) =>
  api.get<TPage<TSupplierClient>>(`/suppliers/${supplierId}/shops`, {
    query: { Page: page, PerPage: perPage },
    signal,
  });

/** Every client shop of a supplier, fetched 100 at a time. */
export const getClients = (supplierId: number, signal?: AbortSignal) =>
  fetchAllPages((page, perPage) => getClientsPage(supplierId, page, perPage, signal));

export const clientsQueryOptions = (supplierId: number) =>
  queryOptions({
    queryKey: partnerKeys.clients(supplierId),
    queryFn: ({ signal }) => getClients(supplierId, signal),
    staleTime: PARTNER_LIST_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

export const useClients = (supplierId: number) => useQuery(clientsQueryOptions(supplierId));
