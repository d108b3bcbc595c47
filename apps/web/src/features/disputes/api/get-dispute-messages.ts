import type { TCompanyType, TMessage, TPage } from '@orderbridge/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { disputeKeys } from './get-disputes';

/** The thread of one dispute; the server marks the other side's messages read as it answers. */
export const getDisputeMessages = (type: TCompanyType, companyId: number, id: number, signal?: AbortSignal) =>
  api.get<TPage<TMessage>>(`/${type}/${companyId}/disputes/${id}/messages`, {
    query: { Page: 1, PerPage: 100 },
    signal,
  });

export function useDisputeMessages(type: TCompanyType, companyId: number, id: number) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: disputeKeys.thread(type, companyId, id),
    queryFn: ({ signal }) => getDisputeMessages(type, companyId, id, signal),
  });
  // Reading marked messages read: the unread counts of the lists and the inbox are stale from here on.
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void qc.invalidateQueries({ queryKey: [...disputeKeys.all, type, companyId, 'list'] });
    void qc.invalidateQueries({ queryKey: [...disputeKeys.all, type, companyId, 'inbox'] });
  }, [readAt, qc, type, companyId]);
  return query;
}
