import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export type TUnsubscribeState = { email: string; companyName: string; unsubscribed: boolean };

/** What an unsubscribe link switches off (no sign-in: the signed token is the permission). */
export const getUnsubscribe = (token: string, signal?: AbortSignal) =>
  api.get<TUnsubscribeState>('/notifications/unsubscribe', { query: { token }, signal, auth: false });

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: notificationKeys.unsubscribe(token),
    queryFn: ({ signal }) => getUnsubscribe(token, signal),
    retry: false,
  });

export const useUnsubscribeState = (token: string) => useQuery(unsubscribeQueryOptions(token));

export const unsubscribe = (token: string) =>
  api.post<TUnsubscribeState>('/notifications/unsubscribe', { token }, { auth: false });

export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (state) => qc.setQueryData(notificationKeys.unsubscribe(token), state),
  });
}
