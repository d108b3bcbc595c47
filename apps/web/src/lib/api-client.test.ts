import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, request } from './api-client';
import { AppError } from './errors';
import { STORAGE_KEYS } from './storage';

type TCall = { url: string; auth: string | null; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: `/api/account/refresh-token` rotates tokens, other paths accept only the current token. */
function fakeServer(opts: { refreshStatus?: number; validToken?: string; refreshDelay?: number } = {}) {
  const calls: TCall[] = [];
  let valid = opts.validToken ?? 'new-access';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ url, auth: headers.Authorization ?? null, body });
    if (url.endsWith('/account/refresh-token')) {
      if (opts.refreshDelay) await new Promise((r) => setTimeout(r, opts.refreshDelay));
      if (opts.refreshStatus && opts.refreshStatus !== 200) {
        return json(opts.refreshStatus, { success: false, message: 'Refused', data: null, trace: 't' });
      }
      valid = 'new-access';
      return json(200, {
        success: true,
        message: 'ok',
        data: { token: 'new-access', refreshToken: 'new-refresh' },
      });
    }
    if (headers.Authorization !== `Bearer ${valid}`) {
      return json(401, { success: false, message: 'Unauthorized', data: null, trace: 't' });
    }
    return json(200, { success: true, message: 'ok', data: { url } });
  });
  return { calls, fetchMock, setValid: (t: string) => (valid = t) };
}

describe('api client token refresh', () => {
  let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'old-access');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'old-refresh');
    localStorage.setItem(STORAGE_KEYS.deviceId, 'device-1');
    onSessionExpired = vi.fn<() => void>();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the stored bearer token and returns the envelope', async () => {
    const server = fakeServer({ validToken: 'old-access' });
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    const res = await request<{ url: string }>('/profile');
    expect(res.data.url).toBe('/api/profile');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.auth).toBe('Bearer old-access');
  });

  it('refreshes once on a 401 and replays the request with the new token', async () => {
    const server = fakeServer();
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    const res = await request<{ url: string }>('/profile');
    expect(res.success).toBe(true);
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/profile',
      '/api/account/refresh-token',
      '/api/profile',
    ]);
    expect(server.calls[1]?.body).toEqual({
      refreshToken: 'old-refresh',
      accessToken: 'old-access',
      deviceId: 'device-1',
    });
    expect(server.calls[2]?.auth).toBe('Bearer new-access');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('lets parallel 401s share one refresh call', async () => {
    const server = fakeServer({ refreshDelay: 20 });
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    const results = await Promise.all([request('/a'), request('/b'), request('/c')]);
    expect(results.every((r) => r.success)).toBe(true);
    const refreshes = server.calls.filter((c) => c.url.endsWith('/refresh-token'));
    expect(refreshes).toHaveLength(1);
    const replays = server.calls.filter(
      (c) => !c.url.endsWith('/refresh-token') && c.auth === 'Bearer new-access',
    );
    expect(replays).toHaveLength(3);
  });

  it('never refreshes a replayed request again', async () => {
    const server = fakeServer();
    // The refresh "succeeds" but the server still refuses the new token.
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      server.calls.push({ url, auth: headers.Authorization ?? null, body: null });
      if (url.endsWith('/refresh-token')) {
        return json(200, { success: true, message: 'ok', data: { token: 'new-access', refreshToken: 'r2' } });
      }
      return json(401, { success: false, message: 'Unauthorized', data: null, trace: 't' });
    });
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    const err = await request('/profile').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(401);
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/profile',
      '/api/account/refresh-token',
      '/api/profile',
    ]);
  });

  it('rejects with "no tokens found" when a stored value is missing, and ends the session', async () => {
    for (const missing of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.deviceId]) {
      localStorage.setItem(STORAGE_KEYS.accessToken, 'old-access');
      localStorage.setItem(STORAGE_KEYS.refreshToken, 'old-refresh');
      localStorage.setItem(STORAGE_KEYS.deviceId, 'device-1');
      localStorage.removeItem(missing);
      const server = fakeServer();
      const expired = vi.fn<() => void>();
      configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired: expired });
      await expect(request('/profile')).rejects.toThrow('no tokens found');
      expect(server.calls.some((c) => c.url.endsWith('/refresh-token'))).toBe(false);
      expect(expired).toHaveBeenCalledTimes(1);
    }
  });

  it('sends the user to /login?error=true when the refresh fails', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    await expect(request('/profile')).rejects.toBeInstanceOf(AppError);
    expect(onSessionExpired).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('redirects to /login?error=true by default', async () => {
    const replace = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, replace } });
    try {
      const server = fakeServer({ refreshStatus: 500 });
      configureApiClient({
        fetch: server.fetchMock as typeof fetch,
        onSessionExpired: () => window.location.replace('/login?error=true'),
      });
      await expect(request('/profile')).rejects.toBeInstanceOf(AppError);
      expect(replace).toHaveBeenCalledWith('/login?error=true');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('does not refresh for unauthenticated calls such as login', async () => {
    const server = fakeServer();
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    const err = await request('/account/login', { body: {}, auth: false }).catch((e) => e);
    expect((err as AppError).status).toBe(401);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.auth).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reuses a token refreshed by another request while this one was in flight', async () => {
    const server = fakeServer();
    configureApiClient({ fetch: server.fetchMock as typeof fetch, onSessionExpired });
    // Simulate: this request went out with the old token, then someone else refreshed.
    server.fetchMock.mockImplementationOnce(async (input: RequestInfo | URL) => {
      server.calls.push({ url: String(input), auth: 'Bearer old-access', body: null });
      localStorage.setItem(STORAGE_KEYS.accessToken, 'new-access');
      return json(401, { success: false, message: 'Unauthorized', data: null, trace: 't' });
    });
    const res = await request('/profile');
    expect(res.success).toBe(true);
    expect(server.calls.filter((c) => c.url.endsWith('/refresh-token'))).toHaveLength(0);
  });

  it('passes cancelled requests on as ERR_CANCELED', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    configureApiClient({
      fetch: (async () => {
        throw new DOMException('aborted', 'AbortError');
      }) as typeof fetch,
      onSessionExpired,
    });
    const controller = new AbortController();
    controller.abort();
    const err = (await request('/profile', { signal: controller.signal }).catch((e) => e)) as AppError;
    expect(err.kind).toBe('canceled');
    expect(err.code).toBe('ERR_CANCELED');
    expect(info).toHaveBeenCalled();
  });

  it('maps a network failure to the no-response error', async () => {
    configureApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      onSessionExpired,
    });
    const err = (await request('/profile').catch((e) => e)) as AppError;
    expect(err.kind).toBe('no-response');
    expect(err.message).toBe('An unexpected server error occurred');
  });

  it('sends FormData without a JSON content type', async () => {
    const fetchMock = vi.fn(async (_i: RequestInfo | URL, _init?: RequestInit) =>
      json(201, { success: true, message: 'created', data: null }),
    );
    configureApiClient({ fetch: fetchMock as typeof fetch, onSessionExpired });
    const fd = new FormData();
    fd.set('companyName', 'Acme');
    await request('/onboarding/company', { method: 'POST', body: fd });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(fd);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
  });
});
