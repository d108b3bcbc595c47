import type { TCompanyType, TNotificationKind, TNotificationPreferences } from '@orderbridge/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, notificationsPath } from './keys';

export type TEmailPreferences = TNotificationPreferences & {
  kinds: { kind: TNotificationKind; label: string }[];
};

const path = (type: TCompanyType, companyId: number) => `${notificationsPath(type, companyId)}/preferences`;

/** The signed-in user's email choices for the company. */
export const getEmailPreferences = (type: TCompanyType, companyId: number, signal?: AbortSignal) =>
  api.get<TEmailPreferences>(path(type, companyId), { signal });

export const emailPreferencesQueryOptions = (type: TCompanyType, companyId: number) =>
  queryOptions({
    queryKey: notificationKeys.preferences(type, companyId),
    queryFn: ({ signal }) => getEmailPreferences(type, companyId, signal),
  });

export const useEmailPreferences = (type: TCompanyType, companyId: number) =>
  useQuery(emailPreferencesQueryOptions(type, companyId));

export const saveEmailPreferences = (
  type: TCompanyType,
  companyId: number,
  prefs: TNotificationPreferences,
) => api.put<TEmailPreferences>(path(type, companyId), prefs);

export function useSaveEmailPreferences(type: TCompanyType, companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: TNotificationPreferences) => saveEmailPreferences(type, companyId, prefs),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.preferences(type, companyId), saved),
  });
}
