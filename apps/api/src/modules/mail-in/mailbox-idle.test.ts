import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TMailMessage } from '@orderbridge/contract';
import type { FastifyInstance } from 'fastify';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import { DOVECOT, startDovecot, type TDovecot } from '../../test/dovecot.js';
import { bearer, createCompany, signUp, uniqueEmail } from '../../test/harness.js';
import {
  httpApp,
  serverDatabase,
  startServerProcess,
  type TServerProcess,
} from '../../test/server-process.js';

const IMAP_USER = 'idle@shop.test';
const IMAP_PASSWORD = 'idle app password 4hQ';

let dovecot: TDovecot;
const servers: TServerProcess[] = [];
let dropDatabase = async () => {};
const env: Record<string, string> = {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ob-idle-')),
  // Polling once an hour: mail that arrives within seconds came through IDLE.
  MAIL_IN_POLL_SECONDS: '3600',
  MAIL_IN_DOMAIN: 'in.orderbridge.test',
};

beforeAll(async () => {
  if (!existsSync(DOVECOT)) return;
  const database = await serverDatabase('ob_idle');
  Object.assign(env, database.env);
  dropDatabase = database.drop;
  dovecot = await startDovecot({ [IMAP_USER]: IMAP_PASSWORD });
  servers.push(await startServerProcess(env));
}, 180_000);
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await dovecot?.stop();
  await dropDatabase();
});

const http = httpApp(() => servers[0]!);
/** The harness helpers take an app; they only call `inject`. */
const app = http as unknown as FastifyInstance;

const api = async (method: string, url: string, token: string, payload?: unknown) => {
  const res = await http.inject({ method, url, headers: bearer(token), payload });
  return { status: res.statusCode, json: res.json() };
};

/** A shop owner with a supplier known by `supplierEmail`. */
async function shopWithSupplier() {
  const owner = await signUp(app);
  const shopId = await createCompany(app, owner, 'shops');
  const supplierEmail = uniqueEmail('billing');
  expect(
    (
      await api('POST', `/api/shops/${shopId}/suppliers`, owner.token, {
        supplierEmail,
        supplierName: 'Farm',
      })
    ).status,
  ).toBe(201);
  return { token: owner.token, shopId, supplierEmail };
}

let invoiceNo = 500;
async function deliver(from: string, subject: string) {
  const pdf = await invoicePdf({
    vendor: 'Farm',
    invoiceNum: `IDLE-${invoiceNo++}`,
    date: '2026-11-20',
    lines: [{ code: 'B1', description: 'Bread', qty: 2, price: 3 }],
  });
  const raw = await new MailComposer({
    from,
    to: IMAP_USER,
    subject,
    attachments: [{ filename: `${subject}.pdf`, content: pdf }],
  })
    .compile()
    .build();
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
  return Date.now();
}

/** Waits until the message with this subject is read; returns when that was seen. */
async function arrived(token: string, shopId: number, subject: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const messages = (await api('GET', `/api/shops/${shopId}/email-config`, token)).json.data
      .messages as TMailMessage[];
    const m = messages.find((x) => x.subject === subject && x.status !== 'queued');
    if (m) return { message: m, at: Date.now() };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`"${subject}" did not arrive`);
}

/** Established TCP connections from a process to the test Dovecot. */
const imapConnections = (pid: number) =>
  execFileSync('ss', ['-Htnp', 'state', 'established', 'dst', `127.0.0.1:${dovecot.port}`], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`)).length;

const watchingLog = (s: TServerProcess, after = 0) =>
  s.waitForLog((l) => l.msg === 'mail-in: watching the mailbox (IDLE)' && (l.time as number) > after, 60_000);

describe.skipIf(!existsSync(DOVECOT))('IMAP IDLE on the shop’s own mailbox (a real Dovecot)', () => {
  let shop: Awaited<ReturnType<typeof shopWithSupplier>>;

  it('takes a new mail within seconds without waiting for a poll, and reconnects after the server restarts', async () => {
    shop = await shopWithSupplier();
    const saved = await api('POST', '/api/AppEmailAccess/new', shop.token, {
      shopId: shop.shopId,
      emailAddress: IMAP_USER,
      emailProvider: 'custom',
      credentials: { host: dovecot.host, port: dovecot.port, tls: false, password: IMAP_PASSWORD },
    });
    expect(saved.json.data.error).toBeNull();
    await watchingLog(servers[0]!);
    // Entering IDLE takes a second after the last command.
    await new Promise((r) => setTimeout(r, 2_000));

    const sentAt = await deliver(shop.supplierEmail, 'idle-first');
    const first = await arrived(shop.token, shop.shopId, 'idle-first');
    expect(first.message).toMatchObject({ source: 'imap', status: 'done' });
    // Read and logged within seconds (the poll would have waited an hour); generous for a loaded machine.
    expect(first.at - sentAt).toBeLessThan(15_000);

    // The server goes away and comes back: the watcher reconnects by itself (backoff from one second).
    const before = Date.now();
    await dovecot.restart();
    await watchingLog(servers[0]!, before);
    await new Promise((r) => setTimeout(r, 2_000));
    const againAt = await deliver(shop.supplierEmail, 'idle-after-restart');
    const again = await arrived(shop.token, shop.shopId, 'idle-after-restart');
    expect(again.message.status).toBe('done');
    expect(again.at - againAt).toBeLessThan(15_000);
  }, 240_000);

  // Several worker processes share one PostgreSQL database (PGlite is one process's own).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'holds the IDLE connection in one worker only, and another worker takes over when it dies',
    async () => {
      const second = await startServerProcess({ ...env, ROLE: 'worker' });
      servers.push(second);
      const first = servers[0]!;
      // Both have run a few lease rounds (every 10 s): still one connection, in the first process.
      await new Promise((r) => setTimeout(r, 25_000));
      expect(imapConnections(first.child.pid!)).toBe(1);
      expect(imapConnections(second.child.pid!)).toBe(0);
      expect(second.logs.some((l) => l.msg === 'mail-in: watching the mailbox (IDLE)')).toBe(false);

      // The watching process dies without giving its lease back: after the lease ends, the other one watches.
      const killedAt = Date.now();
      await first.stop('SIGKILL');
      await watchingLog(second, killedAt);
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      expect(imapConnections(second.child.pid!)).toBe(1);
      // The API process is gone: the log is read from the database through a new API process (started first, so
      // that its start-up is not counted in the arrival time).
      servers[0] = await startServerProcess({ ...env, ROLE: 'api' });
      const sentAt = await deliver(shop.supplierEmail, 'idle-taken-over');
      const over = await arrived(shop.token, shop.shopId, 'idle-taken-over');
      expect(over.message.status).toBe('done');
      expect(over.at - sentAt).toBeLessThan(20_000);
      expect(imapConnections(second.child.pid!)).toBe(1);
    },
    240_000,
  );
});
