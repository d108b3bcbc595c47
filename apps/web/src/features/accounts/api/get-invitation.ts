import type { TCompanyType } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TInvitationInfo = { companyName: string; companyType: TCompanyType; email: string };

export const getInvitation = (token: string, signal?: AbortSignal) =>
  api.get<TInvitationInfo>(`/invitations/${encodeURIComponent(token)}`, { signal, auth: false });

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInvitation = (token: string | null) =>
  useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
