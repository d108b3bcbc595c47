import type { TOperator, TReaderModel } from '@orderbridge/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

/** The signed-in operator; a 403 means the account is no operator. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => adminApi.get<TOperator>('/me', undefined, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
export const useMe = () => useQuery(meQueryOptions());

/** The reading models a company can be given (the built-in reader and a configured model). */
export const useModels = () =>
  useQuery({
    queryKey: adminKeys.models(),
    queryFn: ({ signal }) => adminApi.get<TReaderModel[]>('/models', undefined, signal),
    staleTime: 5 * 60_000,
  });
