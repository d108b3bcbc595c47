import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { bearer, createTestApp, PASSWORD, signUp, type TTestApp, uniqueEmail } from './test/harness.js';

/** A built web app stand-in: the headers under test are the server's, whatever index.html holds. */
const webDist = mkdtempSync(path.join(tmpdir(), 'ob-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><script type="module" src="/assets/app.js"></script>',
);

let t: TTestApp;
/** The same app with a per-address limit of 5 a minute. */
let limited: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
  limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
}, 180_000);
afterAll(async () => {
  await t.close();
  await limited.close();
});

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
  app = t.app,
) => app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

describe('accounts under attack', () => {
  it('limits sign-in per account across addresses and API processes with 429 and Retry-After', async () => {
    // A second API process on the same database: the count is kept there, so it is one limit for both.
    const other = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ROLE: 'api' }),
      { database: t.database },
    );
    onTestFinished(() => other.close());
    const s = await signUp(t.app);
    const statuses: number[] = [];
    // Every attempt from another address, so only the per-account limit can stop them.
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await post(
            '/api/account/login',
            { userName: s.email, password: 'wrong 1' },
            {},
            `10.1.0.${i}`,
            i % 2 ? other : t.app,
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const limited = await post(
      '/api/account/login',
      { userName: s.email, password: PASSWORD },
      {},
      '10.1.1.1',
      other,
    );
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
    expect(limited.json()).toMatchObject({
      success: false,
      data: null,
      trace: expect.any(String),
      message: 'Too many sign-in attempts for this account. Please try again in 15 minutes.',
    });
  });

  it('limits password reset requests per address asked for, known or not, with Retry-After', async () => {
    for (const email of [(await signUp(t.app)).email, uniqueEmail('nobody')]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await post('/api/account/forgot-password', { email }, {}, `10.2.0.${i}`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await post('/api/account/forgot-password', { email }, {}, '10.2.1.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      expect(limited.json().message).toMatch(
        /^Too many password reset requests for this address\. Please try again in \d+ minutes\.$/,
      );
    }
  });

  it('limits login and password reset per client address with 429 and Retry-After', async () => {
    for (const url of ['/api/account/login', '/api/account/forgot-password', '/api/account/reset-password']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post(url, {}, {}, '10.3.3.3', limited.app)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const refused = await post(url, {}, {}, '10.3.3.3', limited.app);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Too many requests/),
      });
      expect((await post(url, {}, {}, '10.3.3.4', limited.app)).statusCode).toBe(400);
    }
  });

  it('trusts X-Forwarded-For only from the configured proxy, so a client cannot pick a new address per try', async () => {
    const url = '/api/account/forgot-password';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post(url, {}, { 'x-forwarded-for': `192.0.2.${i}` }, '203.0.113.9', limited.app)).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    // From the local proxy (TRUST_PROXY=loopback) the forwarded address is the client's.
    const viaProxy = await post(url, {}, { 'x-forwarded-for': '198.51.100.7' }, '127.0.0.1', limited.app);
    expect(viaProxy.statusCode).toBe(400);
  });

  it('sets no cookies: sessions live in bearer tokens, so there is no cookie to steal or ride', async () => {
    const s = await signUp(t.app);
    const login = await post(
      '/api/account/login',
      { userName: s.email, password: PASSWORD, deviceId: 'd1' },
      {},
      '10.4.0.1',
    );
    const refresh = await post('/api/account/refresh-token', {
      refreshToken: login.json().data.refreshToken,
      deviceId: 'd1',
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(s.token) });
    for (const res of [login, refresh, profile]) expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses state-changing calls from another site and forged calls without the bearer token', async () => {
    const s = await signUp(t.app);
    const evil = { origin: 'https://evil.example' };
    const login = await post(
      '/api/account/login',
      { userName: s.email, password: PASSWORD },
      evil,
      '10.5.0.1',
    );
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ success: false, message: expect.stringContaining('other sites') });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(form.statusCode).toBe(403);
    // The app's own origin (the configured PUBLIC_URL, or the host the request was sent to) passes.
    for (const origin of ['http://orderbridge.test', 'http://localhost:80']) {
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        headers: { origin, host: 'localhost:80' },
        payload: { email: uniqueEmail('own') },
      });
      expect(own.statusCode).toBe(200);
    }
    // Without Origin (a same-site form or a script off the page) the missing bearer token stops it.
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      payload: {},
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('security headers on the web app', () => {
  it('serves the app with a CSP without inline scripts, no framing, and a strict referrer policy', async () => {
    for (const url of ['/', '/login', '/shops/1/orders']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
