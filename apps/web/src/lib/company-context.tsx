import type { TCompanyType, TProfile, TProfileCompany } from '@orderbridge/contract';
import { createContext, useContext } from 'react';

export type TCompanyContext = {
  companyType: TCompanyType;
  companyId: number;
  company: TProfileCompany;
  profile: TProfile;
  isAdmin: boolean;
  /** `/shops/12` — prefix for links inside the company area. */
  basePath: string;
};

export const CompanyContext = createContext<TCompanyContext | null>(null);

/** The active company of the company area; only valid below the company layout. */
export function useCompany(): TCompanyContext {
  const ctx = useContext(CompanyContext);
  if (!ctx) throw new Error('Company info is incomplete');
  return ctx;
}
