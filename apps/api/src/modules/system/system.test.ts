import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createMailer } from '../../lib/mailer.js';
import { createTestApp, signUp, type TTestApp, uniqueEmail } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeGuard: async (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('connection string postgres://secret@db/internal');
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('server basics', () => {
  it('answers health, OpenAPI and the docs page', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ success: true, message: 'ok', data: { status: 'ok' } });
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/account/login', '/api/profile', '/api/shops/{shopId}/users']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('matches paths case-insensitively and sets security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/Health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('replies to unknown API paths with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, trace: res.headers['x-request-id'] });
  });

  it('never shows internals in a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres');
    expect(res.json()).toMatchObject({ success: false, data: null, trace: expect.any(String) });
  });

  it('refuses an oversized JSON body with 413 and an unknown content type with 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);
  });

  it('lists the outbox newest first with links', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(t.app, { email: first });
    await t.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email: first } });
    await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: second,
        password: 'long enough 12',
        confirmPassword: 'long enough 12',
        firstName: 'B',
        lastName: 'C',
      },
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data;
    expect(list[0]).toMatchObject({ to: second, subject: 'Confirm your email address' });
    expect(list[1]).toMatchObject({ to: first, subject: 'Reset your password' });
    expect(list[1].links[0]).toMatch(/^http:\/\/orderbridge\.test\/reset-password\?token=/);
    expect(list[1].text).toContain('expires in one hour');
    expect(list[1].html).toContain('<a href=');
  });

  it('has no outbox route in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MAIL_SECRET_KEY: 'a'.repeat(64),
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('configuration', () => {
  it('reports every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ROLE: 'boss',
        SMTP_URL: 'http://mail',
        NODE_ENV: 'staging',
        READER_MODEL_VISION: 'yes',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(problems.sort()).toEqual([
        'DATABASE_URL',
        'NODE_ENV',
        'PORT',
        'READER_MODEL_VISION',
        'ROLE',
        'SMTP_URL',
      ]);
    }
  });

  it('demands explicit secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: required[\s\S]*PUBLIC_URL: required/,
    );
  });
});

describe('mail over SMTP', () => {
  it('delivers HTML and text to a real SMTP server', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: '/nonexistent',
        from: 'OB <ob@example.com>',
      });
      await mailer.send({
        to: 'shop@example.com',
        subject: 'Hello',
        text: 'Plain body',
        html: '<p>HTML body</p>',
      });
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]!);
      expect(parsed.subject).toBe('Hello');
      expect(parsed.text?.trim()).toBe('Plain body');
      expect(parsed.html).toContain('<p>HTML body</p>');
      expect(await mailer.outbox()).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
