import type { TCompanyType } from '@orderbridge/contract';

/** Local-storage keys of spec §3; other clients of the spec read the same names. */
export const STORAGE_KEYS = {
  companyType: '_companyType',
  companyId: '_companyId',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  deviceId: 'deviceID',
} as const;

type TKey = keyof typeof STORAGE_KEYS;

function read(key: TKey): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS[key]);
  } catch {
    return null;
  }
}

function write(key: TKey, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined || value === '')
      window.localStorage.removeItem(STORAGE_KEYS[key]);
    else window.localStorage.setItem(STORAGE_KEYS[key], value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives only in memory.
  }
}

export type TTokens = { accessToken: string; refreshToken: string; deviceId: string };

/** The three values a refresh needs; null when any is missing. */
export function getTokens(): TTokens | null {
  const accessToken = read('accessToken');
  const refreshToken = read('refreshToken');
  const deviceId = read('deviceId');
  if (!accessToken || !refreshToken || !deviceId) return null;
  return { accessToken, refreshToken, deviceId };
}

export const getAccessToken = (): string | null => read('accessToken');
export const getDeviceId = (): string | null => read('deviceId');

export function setTokens(tokens: { accessToken: string; refreshToken: string; deviceId?: string }): void {
  write('accessToken', tokens.accessToken);
  write('refreshToken', tokens.refreshToken);
  if (tokens.deviceId) write('deviceId', tokens.deviceId);
}

/** Forget the session but keep the device id, so the next login reuses this device's identity. */
export function clearSession(): void {
  write('accessToken', null);
  write('refreshToken', null);
  write('companyId', null);
  write('companyType', null);
}

export function getStoredCompany(): { type: string | null; id: string | null } {
  return { type: read('companyType'), id: read('companyId') };
}

export function setStoredCompany(type: TCompanyType, id: number | string): void {
  write('companyType', type);
  write('companyId', String(id));
}

export function clearStoredCompany(): void {
  write('companyId', null);
  write('companyType', null);
}
