import type { TEmailConfig } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export const getEmailConfig = (shopId: number, signal?: AbortSignal) =>
  api.get<TEmailConfig>(`/shops/${shopId}/email-config`, { signal });

/** The ingestion address, the mailboxes and the last 50 messages; refreshed while messages wait to be read. */
export const emailConfigQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: mailInKeys.config(shopId),
    queryFn: ({ signal }) => getEmailConfig(shopId, signal),
    refetchInterval: (q) => (q.state.data?.messages.some((m) => m.status === 'queued') ? 2000 : 15_000),
  });

export const useEmailConfig = (shopId: number) => useQuery(emailConfigQueryOptions(shopId));
