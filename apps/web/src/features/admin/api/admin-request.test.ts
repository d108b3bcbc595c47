import { AUDIT_REASON_HEADER } from '@orderbridge/contract';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage';
import { adminApi, getAuditReason, setAuditReason } from './admin-request';

describe('operator calls', () => {
  it('carry the tab’s audit reason, URL-encoded so any language fits in a header', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    sessionStorage.clear();
    setAuditReason('  Rückfrage: Ticket 12  ');
    expect(getAuditReason()).toBe('Rückfrage: Ticket 12');
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, message: 'ok', data: { total: 0 } }), { status: 200 }),
    );
    configureApiClient({ fetch: fetchMock as typeof fetch });
    await expect(adminApi.get('/companies', { Page: 2, type: undefined })).resolves.toEqual({ total: 0 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/admin/companies?Page=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers[AUDIT_REASON_HEADER]).toBe('R%C3%BCckfrage%3A%20Ticket%2012');
    expect(headers.Authorization).toBe('Bearer token');
  });
});
