import type { TCatalogueSettings } from '@orderbridge/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, STALE_MS } from './keys';

/** Shop: the price-change threshold in %. */
export const getCatalogueSettings = (shopId: number, signal?: AbortSignal) =>
  api.get<TCatalogueSettings>(`/shops/${shopId}/products/settings`, { signal });

export const catalogueSettingsQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: catalogueKeys.settings(shopId),
    queryFn: ({ signal }) => getCatalogueSettings(shopId, signal),
    staleTime: STALE_MS,
  });

export const useCatalogueSettings = (shopId: number) => useQuery(catalogueSettingsQueryOptions(shopId));

/** Admins change the threshold; flags on every list follow it. */
export function useSaveCatalogueSettings(shopId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCatalogueSettings) =>
      api.patch<TCatalogueSettings>(`/shops/${shopId}/products/settings`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.company('shops', shopId) }),
  });
}
