import { QueryClient } from '@tanstack/react-query';
import { isAppError } from './errors';

/** Retry transient failures only: never a refusal (4xx) nor a cancelled request. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isAppError(error)) {
    if (error.kind === 'canceled' || error.kind === 'client') return false;
    if (error.status !== null && error.status < 500) return false;
  }
  return failureCount < 3;
}

/** Query defaults of spec §9: 3 retries with backoff from 1 s doubling to 30 s, 5 minute cache lifetime. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; created when the first data screen loads (the login route does without it). */
export const queryClient = createQueryClient();
