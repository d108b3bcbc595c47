import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  lastMailTo,
  PASSWORD,
  pathOf,
  signIn,
  signUp,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Grace',
  lastName: 'Hopper',
  ...overrides,
});

describe('register and confirm', () => {
  it('registers, mails a confirmation link in HTML and text, and refuses sign-in until confirmed', async () => {
    const email = uniqueEmail();
    const res = await post('/api/account/register', registration(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: null });

    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.html).toContain('Confirm email address');
    expect(mail.links[0]).toMatch(/^http:\/\/orderbridge\.test\/api\/account\/confirm-email\?userId=/);

    const early = await post('/api/account/login', { userName: email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Please confirm your email address before signing in.');

    const confirm = await t.app.inject({ method: 'GET', url: pathOf(mail.links[0]!) });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/email-verified');

    const again = await t.app.inject({ method: 'GET', url: pathOf(mail.links[0]!) });
    expect(again.headers.location).toMatch(/^\/email-verified\?error=/);

    const login = await post('/api/account/login', { userName: email.toUpperCase(), password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ companyId: null, role: null, success: true, errors: [] });
  });

  it('answers a duplicate registration like a new one and tells the owner by email', async () => {
    const session = await signUp(t.app);
    const res = await post('/api/account/register', registration(session.email));
    expect(res.statusCode).toBe(201);
    expect((await lastMailTo(t.app, session.email)).subject).toBe('You already have an OrderBridge account');
    // The original password still works: nothing was overwritten.
    await expect(signIn(t.app, session.email)).resolves.toBeTruthy();
  });

  it('resends the confirmation for an unconfirmed account only', async () => {
    const email = uniqueEmail();
    await post('/api/account/register', registration(email));
    const first = await lastMailTo(t.app, email);
    const res = await post('/api/account/resend-email-confirmation', { email });
    expect(res.statusCode).toBe(200);
    const second = await lastMailTo(t.app, email);
    expect(second.links[0]).not.toBe(first.links[0]);
    const unknown = await post('/api/account/resend-email-confirmation', { email: uniqueEmail() });
    expect(unknown.statusCode).toBe(200);
  });

  it.each([
    ['missing fields', {}, ['email', 'password', 'confirmPassword', 'firstName', 'lastName']],
    ['wrong types', { ...registration('a@b.co'), firstName: 42, password: ['x'] }, ['firstName', 'password']],
    ['bad email', registration('not-an-email'), ['email']],
    [
      'short password',
      registration('a@b.co', { password: 'short1', confirmPassword: 'short1' }),
      ['password'],
    ],
    [
      'letters only',
      registration('a@b.co', { password: 'abcdefghijkl', confirmPassword: 'abcdefghijkl' }),
      ['password'],
    ],
    [
      'mismatched passwords',
      registration('a@b.co', { confirmPassword: 'something else 1' }),
      ['confirmPassword'],
    ],
  ])('refuses %s with field errors', async (_name, body, fields) => {
    const res = await post('/api/account/register', body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({
      success: false,
      message: 'You had an error in the following fields, please fix them:',
    });
    expect(json.trace).toEqual(expect.any(String));
    expect(Object.keys(json.errors).sort()).toEqual([...fields].sort());
  });

  it('refuses a malformed JSON body and a confirmation link without its parts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
    const confirm = await t.app.inject({ method: 'GET', url: '/api/account/confirm-email?userId=x' });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().errors).toHaveProperty('token');
  });
});

describe('login', () => {
  it('refuses a wrong password and an unknown account with the same words', async () => {
    const session = await signUp(t.app);
    const wrong = await post('/api/account/login', { userName: session.email, password: 'wrong password 1' });
    const unknown = await post('/api/account/login', {
      userName: uniqueEmail(),
      password: 'wrong password 1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('refuses missing credentials with field errors', async () => {
    const res = await post('/api/account/login', { userName: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'userName']);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh token works once, and reusing it ends that device session', async () => {
    const s = await signUp(t.app);
    const first = await post('/api/account/refresh-token', {
      refreshToken: s.refreshToken,
      accessToken: s.token,
      deviceId: s.deviceId,
    });
    expect(first.statusCode).toBe(200);
    const next = first.json().data as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(s.refreshToken);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(next.token) })).statusCode,
    ).toBe(200);

    const reuse = await post('/api/account/refresh-token', {
      refreshToken: s.refreshToken,
      deviceId: s.deviceId,
    });
    expect(reuse.statusCode).toBe(401);
    // The reuse revoked the session: the newer tokens stop working too.
    const after = await post('/api/account/refresh-token', {
      refreshToken: next.refreshToken,
      deviceId: s.deviceId,
    });
    expect(after.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(next.token) })).statusCode,
    ).toBe(401);
  });

  it('refuses a token of another device, garbage and missing fields', async () => {
    const s = await signUp(t.app);
    const other = await post('/api/account/refresh-token', {
      refreshToken: s.refreshToken,
      deviceId: 'another',
    });
    expect(other.statusCode).toBe(401);
    const garbage = await post('/api/account/refresh-token', {
      refreshToken: 'nonsense',
      deviceId: s.deviceId,
    });
    expect(garbage.statusCode).toBe(401);
    const missing = await post('/api/account/refresh-token', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['deviceId', 'refreshToken']);
  });

  it('refuses an expired or tampered access token', async () => {
    const s = await signUp(t.app);
    const tampered = `${s.token.slice(0, -4)}AAAA`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(tampered) })).statusCode,
    ).toBe(401);
    // A token signed with the server's key for the same live session, but already expired.
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid, iatms: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.app.config.jwtSecret));
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'You need to sign in.' });
  });
});

describe('passwords', () => {
  it('resets through a single-use emailed link and signs out every device', async () => {
    const s = await signUp(t.app);
    const unknown = await post('/api/account/forgot-password', { email: uniqueEmail() });
    const res = await post('/api/account/forgot-password', { email: s.email });
    expect(res.statusCode).toBe(200);
    expect(unknown.json().message).toBe(res.json().message);

    const mail = await lastMailTo(t.app, s.email);
    expect(mail.subject).toBe('Reset your password');
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    const newPassword = 'a brand new secret 7';
    const reset = await post('/api/account/reset-password', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    const reused = await post('/api/account/reset-password', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toHaveProperty('token');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(s.token) })).statusCode,
    ).toBe(401);
    await expect(signIn(t.app, s.email)).rejects.toThrow();
    await expect(signIn(t.app, s.email, newPassword)).resolves.toBeTruthy();
  });

  it('refuses an expired reset link', async () => {
    const s = await signUp(t.app);
    await post('/api/account/forgot-password', { email: s.email });
    const token = new URL((await lastMailTo(t.app, s.email)).links[0]!).searchParams.get('token')!;
    const { emailTokens } = await import('../../db/schema/index.js');
    await t.app.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/account/reset-password', {
      token,
      password: 'another secret 99',
      confirmPassword: 'another secret 99',
    });
    expect(res.statusCode).toBe(400);
    await expect(signIn(t.app, s.email)).resolves.toBeTruthy();
  });

  it('refuses reset bodies that do not match', async () => {
    const res = await post('/api/account/reset-password', {
      token: 'x',
      password: 'another secret 99',
      confirmPassword: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('confirmPassword');
  });

  it('changes the password, keeps this device and signs out the others', async () => {
    const here = await signUp(t.app);
    const there = await signIn(t.app, here.email);
    const wrongOld = await post(
      '/api/account/change-password',
      { oldPassword: 'not it at all 1', password: 'changed secret 12', confirmPassword: 'changed secret 12' },
      bearer(here.token),
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors).toHaveProperty('oldPassword');
    const res = await post(
      '/api/account/change-password',
      { oldPassword: PASSWORD, password: 'changed secret 12', confirmPassword: 'changed secret 12' },
      bearer(here.token),
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(here.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(there.token) })).statusCode,
    ).toBe(401);
    const unauthenticated = await post('/api/account/change-password', {});
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('sign out', () => {
  it('signs out this device only', async () => {
    const here = await signUp(t.app);
    const there = await signIn(t.app, here.email);
    expect((await post('/api/account/sign-out', undefined, bearer(here.token))).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(here.token) })).statusCode,
    ).toBe(401);
    const refresh = await post('/api/account/refresh-token', {
      refreshToken: here.refreshToken,
      deviceId: here.deviceId,
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(there.token) })).statusCode,
    ).toBe(200);
  });

  it('signs out everywhere: access tokens issued before stop working at once', async () => {
    const a = await signUp(t.app);
    const b = await signIn(t.app, a.email);
    expect((await post('/api/account/sign-out-everywhere', undefined, bearer(a.token))).statusCode).toBe(200);
    for (const s of [a, b]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(s.token) })).statusCode,
      ).toBe(401);
    }
    // A new sign-in right after works.
    const fresh = await signIn(t.app, a.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(fresh.token) })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account with a clear 429', async () => {
    const s = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post('/api/account/login', { userName: s.email, password: 'wrong password 1' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((c) => c === 401)).toBe(true);
    const limited = await post('/api/account/login', { userName: s.email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('Too many sign-in attempts'),
    });
  });

  it('limits login, register and forgot-password per IP', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (const url of ['/api/account/login', '/api/account/register', '/api/account/forgot-password']) {
        const codes: number[] = [];
        for (let i = 0; i < 3; i++) {
          codes.push(
            (await limited.app.inject({ method: 'POST', url, payload: {}, remoteAddress: '10.1.2.3' }))
              .statusCode,
          );
        }
        expect(codes).toEqual([400, 400, 429]);
        const other = await limited.app.inject({
          method: 'POST',
          url,
          payload: {},
          remoteAddress: '10.9.9.9',
        });
        expect(other.statusCode).toBe(400);
      }
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: {},
        remoteAddress: '10.1.2.3',
      });
      expect(res.json()).toMatchObject({ success: false, data: null, trace: expect.any(String) });
      expect(res.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
