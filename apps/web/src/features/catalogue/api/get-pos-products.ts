import type { TExternalProduct, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, PER_PAGE, STALE_MS, searchTerm, type TListFilter } from './keys';

/** The shop's POS catalogue as its agent sent it, searched by code, barcode or description. */
export const getPosProducts = (shopId: number, id: number, f: TListFilter, signal?: AbortSignal) =>
  api.get<TPage<TExternalProduct>>(`/shops/${shopId}/integrations/${id}/products`, {
    query: { Page: f.page, PerPage: PER_PAGE, search: searchTerm(f.search), linked: f.linked },
    signal,
  });

export const posProductsQueryOptions = (shopId: number, id: number, f: TListFilter) =>
  queryOptions({
    queryKey: catalogueKeys.posProducts(shopId, id, f),
    queryFn: ({ signal }) => getPosProducts(shopId, id, f, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export const usePosProducts = (shopId: number, id: number | undefined, f: TListFilter) =>
  useQuery({ ...posProductsQueryOptions(shopId, id ?? 0, f), enabled: id !== undefined });
