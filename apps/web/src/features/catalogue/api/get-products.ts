import type { TCompanyType, TPage, TProduct } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, PER_PAGE, STALE_MS, searchTerm, type TListFilter } from './keys';

/** A supplier's price list, or the products of a shop's suppliers with their POS links. */
export const getProducts = (type: TCompanyType, companyId: number, f: TListFilter, signal?: AbortSignal) =>
  api.get<TPage<TProduct>>(`/${type}/${companyId}/products`, {
    query: { Page: f.page, PerPage: PER_PAGE, search: searchTerm(f.search) },
    signal,
  });

export const productsQueryOptions = (type: TCompanyType, companyId: number, f: TListFilter) =>
  queryOptions({
    queryKey: catalogueKeys.products(type, companyId, f),
    queryFn: ({ signal }) => getProducts(type, companyId, f, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export const useProducts = (type: TCompanyType, companyId: number, f: TListFilter) =>
  useQuery(productsQueryOptions(type, companyId, f));
