import type { TIntegration, TPage } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys, STALE_MS } from './keys';

/** Spec §9: the connection status is polled every 30 seconds. */
export const STATUS_POLL_MS = 30_000;
/** Spec §9: integration lists are read 100 at a time. */
const INTEGRATIONS_PAGE = 100;

/** Shop: every integration of the registry with this shop's connection, all pages joined (spec §9). */
export async function getIntegrations(shopId: number, signal?: AbortSignal): Promise<TIntegration[]> {
  const all: TIntegration[] = [];
  for (let page = 1; ; page++) {
    const got = await api.get<TPage<TIntegration>>(`/shops/${shopId}/integrations`, {
      query: { Page: page, PerPage: INTEGRATIONS_PAGE },
      signal,
    });
    all.push(...got.data);
    if (got.data.length < INTEGRATIONS_PAGE) return all;
  }
}

export const integrationsQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: catalogueKeys.integrations(shopId),
    queryFn: ({ signal }) => getIntegrations(shopId, signal),
    staleTime: STALE_MS,
    refetchInterval: STATUS_POLL_MS,
  });

export const useIntegrations = (shopId: number) => useQuery(integrationsQueryOptions(shopId));

/** One integration's connection status, polled every 30 s while its page is open. */
export const getIntegrationStatus = (shopId: number, id: number, signal?: AbortSignal) =>
  api.get<TIntegration>(`/shops/${shopId}/integrations/${id}/status`, { signal });

export const integrationStatusQueryOptions = (shopId: number, id: number) =>
  queryOptions({
    queryKey: catalogueKeys.integration(shopId, id),
    queryFn: ({ signal }) => getIntegrationStatus(shopId, id, signal),
    staleTime: STALE_MS,
    refetchInterval: STATUS_POLL_MS,
  });

export const useIntegrationStatus = (shopId: number, id: number) =>
  useQuery(integrationStatusQueryOptions(shopId, id));

/** The integration a route names (`integrations/Semtek`, `integrations/semtek`). */
export function useIntegrationNamed(shopId: number, name: string) {
  const list = useIntegrations(shopId);
  const found = list.data?.find((i) => i.name.toLowerCase() === name.toLowerCase());
  return { ...list, integration: found };
}
