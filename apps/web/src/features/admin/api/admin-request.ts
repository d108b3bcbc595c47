import { AUDIT_REASON_HEADER } from '@orderbridge/contract';
import { api } from '../../../lib/api-client';

const REASON_KEY = 'adminAuditReason';

/** The reason this tab's operator gave for reading company data; kept for the tab's session only. */
export const getAuditReason = (): string => sessionStorage.getItem(REASON_KEY) ?? '';
export const setAuditReason = (reason: string) => sessionStorage.setItem(REASON_KEY, reason.trim());

/** Headers carry Latin-1 only: the reason travels URL-encoded, and the API decodes it. */
const headers = () => ({ [AUDIT_REASON_HEADER]: encodeURIComponent(getAuditReason()) });

type TQuery = Record<string, string | number | boolean | null | undefined>;

/** Operator calls: every one carries the audit reason (the API logs it with the call). */
export const adminApi = {
  get: <T>(path: string, query?: TQuery, signal?: AbortSignal) =>
    api.get<T>(`/admin${path}`, { query, signal, headers: headers() }),
  post: <T>(path: string, body?: unknown) => api.post<T>(`/admin${path}`, body, { headers: headers() }),
  patch: <T>(path: string, body?: unknown) => api.patch<T>(`/admin${path}`, body, { headers: headers() }),
};

/** Query keys of the operator console. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  models: () => [...adminKeys.all, 'models'] as const,
  companies: (filter?: object) => [...adminKeys.all, 'companies', ...(filter ? [filter] : [])] as const,
  company: (id: number) => [...adminKeys.all, 'company', id] as const,
  orders: (filter: object) => [...adminKeys.all, 'orders', filter] as const,
  documents: (filter?: object) => [...adminKeys.all, 'documents', ...(filter ? [filter] : [])] as const,
  document: (id: number) => [...adminKeys.all, 'document', id] as const,
  training: (filter: object) => [...adminKeys.all, 'training', filter] as const,
  audit: (filter: object) => [...adminKeys.all, 'audit', filter] as const,
};
