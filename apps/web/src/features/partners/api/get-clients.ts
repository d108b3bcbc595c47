import type { TPage, TSupplierClient } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PARTNER_LIST_STALE_MS } from './fetch-all-pages';
import { partnerKeys } from './keys';

/** The client list shows this many shops a page. */
export const CLIENTS_PER_PAGE = 25;

/** What a page of the client list shows: its number and the committed search (empty for none). */
export type TClientsFilter = { page: number; search: string };

/** One page of the shops a supplier serves, by name (the API's list module), searched by name. */
export const getClientsPage = (supplierId: number, f: TClientsFilter, signal?: AbortSignal) =>
  api.get<TPage<TSupplierClient>>(`/suppliers/${supplierId}/shops`, {
    query: { Page: f.page, PerPage: CLIENTS_PER_PAGE, search: f.search || undefined },
    signal,
  });

export const clientsQueryOptions = (supplierId: number, f: TClientsFilter) =>
  queryOptions({
    queryKey: [...partnerKeys.clients(supplierId), f] as const,
    queryFn: ({ signal }) => getClientsPage(supplierId, f, signal),
    placeholderData: keepPreviousData,
    staleTime: PARTNER_LIST_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });

export const useClients = (supplierId: number, f: TClientsFilter) =>
  useQuery(clientsQueryOptions(supplierId, f));
