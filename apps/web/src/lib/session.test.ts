import type { TProfile, TProfileCompany } from '@orderbridge/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { companiesOf, destinationFor, hasValidToken, isCompanyType, tokenExpiry } from './session';
import { STORAGE_KEYS } from './storage';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

const company = (id: number, type: 'shops' | 'suppliers', name = `C${id}`): TProfileCompany => ({
  id,
  name,
  type,
  logo: null,
  roles: ['admin'],
  requireApproval: false,
  orderApprovalEnabled: false,
});

const profile = (companies: TProfileCompany[]): TProfile => ({
  id: 'u1',
  userName: 'a@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  emailAddress: 'a@example.com',
  timestampInserted: null,
  phoneNumber: null,
  profileImage: null,
  roles: [],
  companies,
  shops: companies.filter((c) => c.type === 'shops'),
  suppliers: companies.filter((c) => c.type === 'suppliers'),
});

describe('session helpers', () => {
  beforeEach(() => localStorage.clear());

  it('reads the expiry of a JWT and tolerates garbage', () => {
    expect(tokenExpiry(jwt({ exp: 123 }))).toBe(123);
    expect(tokenExpiry('nope')).toBeNull();
    expect(tokenExpiry('a.!!!.c')).toBeNull();
  });

  it('treats a missing or expired token as invalid', () => {
    expect(hasValidToken()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.accessToken, jwt({ exp: 10 }));
    expect(hasValidToken(20_000)).toBe(false);
    expect(hasValidToken(5_000)).toBe(true);
  });

  it('accepts only shops and suppliers as company types', () => {
    expect(isCompanyType('shops')).toBe(true);
    expect(isCompanyType('suppliers')).toBe(true);
    expect(isCompanyType('warehouses')).toBe(false);
    expect(isCompanyType(undefined)).toBe(false);
  });

  it('sends a user without companies to onboarding', () => {
    expect(destinationFor(profile([]))).toBe('/onboarding');
    expect(destinationFor(null)).toBe('/onboarding');
  });

  it('sends a user with one company there and stores it', () => {
    expect(destinationFor(profile([company(7, 'suppliers')]))).toBe('/suppliers/7/orders');
    expect(localStorage.getItem(STORAGE_KEYS.companyType)).toBe('suppliers');
    expect(localStorage.getItem(STORAGE_KEYS.companyId)).toBe('7');
  });

  it('prefers the login reply, then the stored company, else select-company', () => {
    const p = profile([company(1, 'shops'), company(2, 'suppliers')]);
    expect(destinationFor(p, 2)).toBe('/suppliers/2/orders');
    localStorage.setItem(STORAGE_KEYS.companyType, 'shops');
    localStorage.setItem(STORAGE_KEYS.companyId, '1');
    expect(destinationFor(p)).toBe('/shops/1/orders');
    localStorage.clear();
    expect(destinationFor(p)).toBe('/select-company');
  });

  it('falls back to the shops and suppliers lists when companies is empty', () => {
    const p = { ...profile([]), shops: [company(3, 'shops')] };
    expect(companiesOf(p).map((c) => c.id)).toEqual([3]);
  });
});
