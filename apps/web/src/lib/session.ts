import type { TCompanyType, TProfile, TProfileCompany } from '@orderbridge/contract';
import { api } from './api-client';
import { getAccessToken, getStoredCompany, setStoredCompany } from './storage';

/** The signed-in user's profile with their companies (kept free of the query library for the login route). */
export const getProfile = (signal?: AbortSignal) => api.get<TProfile | null>('/profile', { signal });

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read (the server still decides). */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A stored access token that is not yet expired (spec §2: `/` and the public forms check it). */
export function hasValidToken(now = Date.now()): boolean {
  const token = getAccessToken();
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 > now;
}

// Type-checked mirror of the contract's COMPANY_TYPES: importing the value would pull zod into the entry chunk.
const COMPANY_TYPES = ['shops', 'suppliers'] as const satisfies readonly TCompanyType[];

export const isCompanyType = (v: unknown): v is TCompanyType =>
  typeof v === 'string' && (COMPANY_TYPES as readonly string[]).includes(v);

export const companyHome = (c: { type: TCompanyType; id: number | string }) => `/${c.type}/${c.id}/orders`;

/** The companies of a profile, whichever of its lists the server filled. */
export function companiesOf(profile: TProfile | null | undefined): TProfileCompany[] {
  if (!profile) return [];
  if (profile.companies.length > 0) return profile.companies;
  return [...profile.shops, ...profile.suppliers];
}

/** Where a signed-in user goes: the stored company, the only company, onboarding or select-company. */
export function destinationFor(profile: TProfile | null | undefined, preferredId?: number | null): string {
  const companies = companiesOf(profile);
  if (companies.length === 0) return '/onboarding';
  const stored = getStoredCompany();
  const pick =
    companies.find((c) => preferredId != null && c.id === preferredId) ??
    companies.find((c) => String(c.id) === stored.id && c.type === stored.type) ??
    (companies.length === 1 ? companies[0] : undefined);
  if (!pick) return '/select-company';
  setStoredCompany(pick.type, pick.id);
  return companyHome(pick);
}
