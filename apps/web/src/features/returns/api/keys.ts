import type { TCompanyType } from '@orderbridge/contract';
import type { QueryClient } from '@tanstack/react-query';

export type TReturnsFilter = { page: number; perPage: number; status?: string };
export type TCreditsFilter = { page: number; perPage: number; status?: string };

/** Query keys of the returns domain (returns and credits). */
export const returnKeys = {
  all: ['returns'] as const,
  company: (type: TCompanyType, companyId: number) => [...returnKeys.all, type, companyId] as const,
  returns: (companyId: number, filter: TReturnsFilter) =>
    [...returnKeys.company('suppliers', companyId), 'returns', filter] as const,
  credits: (type: TCompanyType, companyId: number, filter: TCreditsFilter) =>
    [...returnKeys.company(type, companyId), 'credits', filter] as const,
  credit: (type: TCompanyType, companyId: number, creditId: number) =>
    [...returnKeys.company(type, companyId), 'credit', creditId] as const,
  shops: (companyId: number) => [...returnKeys.company('suppliers', companyId), 'shops'] as const,
};

/**
 * A return step or a credit changes the disputes it settles: their pages (the disputes domain, key 'disputes')
 * refresh too.
 */
export const invalidateAfterCredit = (qc: QueryClient, type: TCompanyType, companyId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: returnKeys.company(type, companyId) }),
    qc.invalidateQueries({ queryKey: ['disputes', type, companyId] }),
  ]);
