import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TAuthResult } from '@orderbridge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type TBuildOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type TDatabase } from '../db/client.js';
import { shopSuppliers } from '../db/schema/index.js';

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again on close), so the suite runs on both engines.
 */
export async function createTestDatabase(): Promise<TDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const name = `ob_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      // Forcing the drop would kill connections still closing (the job queue's) and surface their errors.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await drop.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

export type TTestApp = {
  app: FastifyInstance;
  dataDir: string;
  database: TDatabase;
  close: () => Promise<void>;
};

/** The real app on a fresh database and data folder; mail goes to the outbox. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<TBuildOptions, 'database'> = {},
): Promise<TTestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://orderbridge.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, { ...options, database });
  await app.ready();
  return {
    app,
    dataDir,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TSession = TAuthResult & { userId: string; email: string };

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${counter++}@example.com`;
export const PASSWORD = 'correct horse 42';

/** The newest outbox message sent to `to`. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const messages = res.json().data as {
    to: string;
    subject: string;
    text: string;
    html: string;
    links: string[];
    headers: Record<string, string>;
  }[];
  const message = messages.find((m) => m.to.includes(to));
  if (!message) throw new Error(`no mail to ${to}`);
  return message;
}

export type TOutboxMail = Awaited<ReturnType<typeof lastMailTo>>;

/** Every outbox message sent to `to`, newest first. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<TOutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
  return (res.json().data as TOutboxMail[]).filter((m) => m.to.includes(to));
}

/** Waits for a message to `to` that matches (mail sent by a job arrives a few seconds after the event). */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  match: (m: TOutboxMail) => boolean,
  timeoutMs = 60_000,
): Promise<TOutboxMail> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = (await mailsTo(app, to)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no matching mail to ${to}`);
}

/** Follows a link from an email through the app (the host part is the configured PUBLIC_URL). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Registers, confirms through the emailed link and signs in. */
export async function signUp(
  app: FastifyInstance,
  opts: { email?: string; invitation?: string; firstName?: string } = {},
): Promise<TSession> {
  const email = opts.email ?? uniqueEmail();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: opts.firstName ?? 'Ada',
      lastName: 'Lovelace',
      invitation: opts.invitation,
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const mail = await lastMailTo(app, email);
  const confirm = await app.inject({ method: 'GET', url: pathOf(mail.links[0]!) });
  if (confirm.headers.location !== '/email-verified')
    throw new Error(`confirm failed: ${confirm.headers.location}`);
  return signIn(app, email);
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<TSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data;
  const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: bearer(data.token) });
  return { ...data, userId: profile.json().data.id, email };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates a company through onboarding and returns its id. */
export async function createCompany(
  app: FastifyInstance,
  session: TSession,
  type: 'shops' | 'suppliers' = 'shops',
  name = `Company ${counter++}`,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/company',
    headers: bearer(session.token),
    payload: { companyName: name, companyType: type, companyMainEmail: uniqueEmail('company') },
  });
  if (res.statusCode !== 201) throw new Error(`onboarding failed: ${res.body}`);
  return res.json().data.companyId;
}

/** Every statement the app sends while `run` runs, on either engine (the job queue's and the event poll's left out). */
export async function statementsSent(t: TTestApp, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const keep = (text: unknown) => {
    if (typeof text === 'string' && !/pgboss|"live_events"/.test(text)) sent.push(text);
  };
  const pglite = t.database.pglite;
  if (pglite) {
    const query = pglite.query;
    pglite.query = (statement, ...rest) => {
      keep(statement);
      return query(statement, ...rest);
    };
    try {
      await run();
    } finally {
      pglite.query = query;
    }
    return sent;
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    keep(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = query;
  }
  return sent;
}

/** Links a new supplier (invited by a fresh email) to the shop; its link id and the supplier company's id. */
export async function linkSupplier(
  app: FastifyInstance,
  session: TSession,
  shopId: number,
  supplierName: string,
): Promise<{ linkId: number; supplierId: number }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/suppliers`,
    headers: bearer(session.token),
    payload: { supplierEmail: uniqueEmail('supplier'), supplierName },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const linkId = res.json().data.shopSupplierId as number;
  const [row] = await app.db
    .select({ supplierId: shopSuppliers.supplierId })
    .from(shopSuppliers)
    .where(eq(shopSuppliers.id, linkId));
  return { linkId, supplierId: row!.supplierId };
}
