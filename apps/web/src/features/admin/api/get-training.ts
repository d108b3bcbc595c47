import type { TPage, TTrainingSupplier } from '@orderbridge/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from './admin-request';

export type TTrainingFilter = { page: number; search?: string; urgent?: boolean };

/** Shop-supplier links whose layout the reader is still learning, the one waiting longest first. */
export const trainingQueryOptions = (f: TTrainingFilter) =>
  queryOptions({
    queryKey: adminKeys.training(f),
    queryFn: ({ signal }) =>
      adminApi.get<TPage<TTrainingSupplier>>(
        '/training',
        { Page: f.page, PerPage: 25, search: f.search, urgent: f.urgent },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useTraining = (f: TTrainingFilter) => useQuery(trainingQueryOptions(f));
