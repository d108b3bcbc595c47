import type { MAIL_MESSAGE_STATUSES, TMailMessage, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailInKeys } from './keys';

export type TMailMessagesFilter = {
  page: number;
  perPage: number;
  status?: (typeof MAIL_MESSAGE_STATUSES)[number];
};

export const getMailMessages = (shopId: number, f: TMailMessagesFilter, signal?: AbortSignal) =>
  api.get<TPage<TMailMessage>>(`/shops/${shopId}/email-config/messages`, {
    signal,
    query: { Page: f.page, PerPage: f.perPage, status: f.status, sort: 'newest' },
  });

/** One page of the received messages, newest first; asked again every 2 s while one waits to be read. */
export const mailMessagesQueryOptions = (shopId: number, f: TMailMessagesFilter) =>
  queryOptions({
    queryKey: mailInKeys.messages(shopId, f),
    queryFn: ({ signal }) => getMailMessages(shopId, f, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'queued') ? 2000 : 15_000),
  });

export const useMailMessages = (shopId: number, f: TMailMessagesFilter) =>
  useQuery(mailMessagesQueryOptions(shopId, f));
