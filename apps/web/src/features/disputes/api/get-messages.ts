import type { TCompanyType, TMessage, TPage } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { disputeKeys, type TInboxFilter } from './get-disputes';

/** The company's inbox (spec §7 GET /messages): every message of its disputes, unread first, then newest. */
export const getMessages = (type: TCompanyType, companyId: number, f: TInboxFilter, signal?: AbortSignal) =>
  api.get<TPage<TMessage>>(`/${type}/${companyId}/messages`, {
    query: { Page: f.page, PerPage: f.perPage, unread: f.unread ? 'true' : undefined },
    signal,
  });

export const messagesQueryOptions = (type: TCompanyType, companyId: number, filter: TInboxFilter) =>
  queryOptions({
    queryKey: disputeKeys.inbox(type, companyId, filter),
    queryFn: ({ signal }) => getMessages(type, companyId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useMessages = (type: TCompanyType, companyId: number, filter: TInboxFilter) =>
  useQuery(messagesQueryOptions(type, companyId, filter));

/** One conversation of the inbox: its newest message and how many of its messages are unread. */
export type TInboxThread = { disputeId: number; latest: TMessage; unread: number; count: number };

/**
 * Folds a page of messages into conversations (one per dispute), in the page's order: the server sends unread
 * first, then newest, so a conversation sits where its first message of the page sat.
 */
export function threadsOf(messages: TMessage[], side: TCompanyType): TInboxThread[] {
  const byDispute = new Map<number, TInboxThread>();
  for (const m of messages) {
    // Unread for this company: written by the other side and not read by anyone here yet.
    const unread = m.isResponse === (side === 'shops') && !m.isRead ? 1 : 0;
    const known = byDispute.get(m.dispute.id);
    if (!known) {
      byDispute.set(m.dispute.id, { disputeId: m.dispute.id, latest: m, unread, count: 1 });
      continue;
    }
    known.unread += unread;
    known.count += 1;
    if (m.messageTimestamp > known.latest.messageTimestamp) known.latest = m;
  }
  return [...byDispute.values()];
}
