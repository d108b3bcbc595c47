import type { TEmailConfig } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export const getEmailConfig = (shopId: number, signal?: AbortSignal) =>
  api.get<TEmailConfig>(`/shops/${shopId}/email-config`, { signal });

/** The ingestion address and the mailboxes (the page's message log is its own paged list). */
export const emailConfigQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: mailInKeys.config(shopId),
    queryFn: ({ signal }) => getEmailConfig(shopId, signal),
    // A mailbox's last fetch and its error change as the worker polls it.
    refetchInterval: 15_000,
  });

export const useEmailConfig = (shopId: number) => useQuery(emailConfigQueryOptions(shopId));
