import { queryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { getProfile } from './session';

/** Query keys of the session (profile and companies). */
export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
};

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
    retry: 1,
  });

/** Fire-and-forget profile fetch for route loaders (never throws). */
export const prefetchProfile = () => queryClient.prefetchQuery(profileQueryOptions());
