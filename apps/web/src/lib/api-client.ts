import { AppError, canceledError, ERROR_TEXT, httpError, isAbort, noResponseError } from './errors';
import { clearSession, getAccessToken, getTokens, setTokens } from './storage';

/** Envelope of every JSON reply (spec §3). */
export type TEnvelope<T> = { success: boolean; message: string; data: T };

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value, FormData for multipart, or a Blob sent as it is. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token and refresh it on 401 (default true). */
  auth?: boolean;
  /** Extra request headers (the operator console's audit reason). */
  headers?: Record<string, string>;
};

type TConfig = {
  baseUrl: string;
  fetch: typeof fetch;
  /** Where a dead session ends (spec §4: `/login?error=true`). */
  onSessionExpired: () => void;
};

const config: TConfig = {
  baseUrl: '/api',
  fetch: (...args) => globalThis.fetch(...args),
  onSessionExpired: () => window.location.replace('/login?error=true'),
};

/** Override transport and redirect (tests, or the app wiring its router). */
export function configureApiClient(overrides: Partial<TConfig>): void {
  Object.assign(config, overrides);
}

/** Thrown when the session cannot be renewed; the user has been sent to the login page. */
export class SessionExpiredError extends AppError {
  constructor(reason: string, cause?: unknown) {
    super({ kind: 'status', title: ERROR_TEXT.genericTitle, message: reason, status: 401, cause });
    this.name = 'SessionExpiredError';
  }
}

let refreshing: Promise<string> | null = null;

/** One refresh at a time: parallel 401s await the same promise. */
export function refreshAccessToken(): Promise<string> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function doRefresh(): Promise<string> {
  const tokens = getTokens();
  if (!tokens) throw new SessionExpiredError(ERROR_TEXT.noTokens);
  let res: Response;
  try {
    res = await config.fetch(`${config.baseUrl}/account/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        refreshToken: tokens.refreshToken,
        accessToken: tokens.accessToken,
        deviceId: tokens.deviceId,
      }),
    });
  } catch (e) {
    throw new SessionExpiredError(ERROR_TEXT.tokenNetwork, e);
  }
  const body = await readBody(res);
  const data = (body as TEnvelope<{ token?: unknown; refreshToken?: unknown }> | null)?.data;
  if (!res.ok || typeof data?.token !== 'string' || typeof data.refreshToken !== 'string') {
    throw new SessionExpiredError('The session could not be renewed');
  }
  setTokens({ accessToken: data.token, refreshToken: data.refreshToken, deviceId: tokens.deviceId });
  return data.token;
}

function endSession(): void {
  clearSession();
  config.onSessionExpired();
}

function buildUrl(path: string, query?: TRequestOptions['query']): string {
  const url = `${config.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function xsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

async function readBody(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(path: string, opts: TRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body instanceof Blob) {
    // A file sent as it is (a CSV price list), typed by the Blob.
    headers['Content-Type'] = opts.body.type || 'application/octet-stream';
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = xsrfToken();
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  try {
    return await config.fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (isAbort(e) || opts.signal?.aborted) throw canceledError(e);
    throw noResponseError(e);
  }
}

/**
 * Call the API and return its envelope. On a 401 the access token is refreshed once (shared by parallel
 * requests) and the request replayed with the new token; a replayed request is never refreshed again.
 */
export async function request<T>(path: string, opts: TRequestOptions = {}): Promise<TEnvelope<T>> {
  const auth = opts.auth ?? true;
  const token = auth ? getAccessToken() : null;
  let res = await send(path, opts, token);

  if (res.status === 401 && auth) {
    let fresh: string;
    try {
      // Another request may have refreshed while this one was in flight: reuse its token.
      const current = getAccessToken();
      fresh = current && current !== token ? current : await refreshAccessToken();
    } catch (e) {
      endSession();
      throw e instanceof AppError ? e : new SessionExpiredError(ERROR_TEXT.unexpected, e);
    }
    res = await send(path, opts, fresh);
  }

  const body = await readBody(res);
  if (!res.ok) throw httpError(res.status, body, res.headers.get('x-request-id'));
  if (body === null) return { success: true, message: '', data: null as T };
  return body as TEnvelope<T>;
}

/** Shorthands returning `data` of the envelope. */
export const api = {
  get: <T>(path: string, opts?: Omit<TRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body: body ?? {} }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body: body ?? {} }).then((r) => r.data),
  delete: <T>(path: string, opts?: Omit<TRequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }).then((r) => r.data),
};
