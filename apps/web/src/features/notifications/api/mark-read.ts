import type { TCompanyType, TNotification } from '@orderbridge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, notificationsPath } from './keys';

export const markRead = (type: TCompanyType, companyId: number, id: number) =>
  api.post<TNotification>(`${notificationsPath(type, companyId)}/${id}/read`);

export const markAllRead = (type: TCompanyType, companyId: number) =>
  api.post<{ marked: number }>(`${notificationsPath(type, companyId)}/read-all`);

/** Marks one read (`id`) or all read (no id); the lists and the bell are read again. */
export function useMarkRead(type: TCompanyType, companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: number): Promise<unknown> =>
      id === undefined ? markAllRead(type, companyId) : markRead(type, companyId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.company(type, companyId) }),
  });
}
