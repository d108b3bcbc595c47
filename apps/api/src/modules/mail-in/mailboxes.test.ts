import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TEmailServer, TMailMessage } from '@orderbridge/contract';
import type { FastifyInstance } from 'fastify';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import { DOVECOT, startDovecot, type TDovecot } from '../../test/dovecot.js';
import { bearer, createCompany, signUp, type TSession, uniqueEmail } from '../../test/harness.js';
import {
  freePort,
  httpApp,
  serverDatabase,
  startServerProcess,
  type TServerProcess,
} from '../../test/server-process.js';

const IMAP_USER = 'orders@shop.test';
const IMAP_PASSWORD = 'imap app password 7f3K';
const WRONG_PASSWORD = 'not the password 9qZ';

let dovecot: TDovecot;
let server: TServerProcess;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-mailbox-'));
const port = await freePort();
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  MAIL_IN_POLL_SECONDS: '5',
  MAIL_IN_DOMAIN: 'in.orderbridge.test',
  LOG_LEVEL: 'debug',
};
const http = httpApp(() => server);
/** The harness helpers take an app; they only call `inject`. */
const app = http as unknown as FastifyInstance;
const allLogs: Record<string, unknown>[] = [];

let dropDatabase = async () => {};

beforeAll(async () => {
  // On PostgreSQL when TEST_DATABASE_URL is set (as in CI's second run), else PGlite in DATA_DIR.
  const database = await serverDatabase('ob_mailboxes');
  Object.assign(env, database.env);
  dropDatabase = database.drop;
  dovecot = await startDovecot({ [IMAP_USER]: IMAP_PASSWORD });
  server = await startServerProcess(env, port);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await dovecot?.stop();
  await dropDatabase();
});

const imap = () =>
  new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });

/** Puts a message into the test mailbox the way a delivery would. */
async function deliver(mail: ConstructorParameters<typeof MailComposer>[0] | string) {
  const raw = typeof mail === 'string' ? mail : await new MailComposer(mail).compile().build();
  const client = imap();
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

/** The flags of every message in the test mailbox, by subject. */
async function flags() {
  const client = imap();
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  const out: Record<string, string[]> = {};
  try {
    for await (const m of client.fetch('1:*', { flags: true, envelope: true }))
      out[m.envelope?.subject ?? ''] = [...(m.flags ?? [])];
  } finally {
    lock.release();
    await client.logout();
  }
  return out;
}

async function setFlags(subject: string, change: { remove: string[] }) {
  const client = imap();
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    const uids = (await client.search({ subject }, { uid: true })) || [];
    await client.messageFlagsRemove(uids.map(String).join(','), change.remove, { uid: true });
  } finally {
    lock.release();
    await client.logout();
  }
}

const call = (s: TSession, method: string, url: string, payload?: unknown) =>
  http.inject({ method, url, headers: bearer(s.token), payload });

async function messages(s: TSession, shopId: number) {
  return (await call(s, 'GET', `/api/shops/${shopId}/email-config`)).json().data.messages as TMailMessage[];
}

async function settled(s: TSession, shopId: number, count: number, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const list = await messages(s, shopId);
    if (list.length >= count && list.every((m) => m.status !== 'queued')) return list;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`fewer than ${count} settled messages`);
}

let invoiceNo = 100;
const pdf = () =>
  invoicePdf({
    vendor: 'Fresh Farm Foods',
    invoiceNum: `IMAP-${invoiceNo++}`,
    date: '2026-11-03',
    lines: [{ code: 'A1', description: 'Apples', qty: 3, price: 2 }],
  });

describe.skipIf(!existsSync(DOVECOT))("the shop's own mailbox over IMAP (a real Dovecot)", () => {
  it('shows a wrong password as the mailbox error, then takes every kind of message once, even after restarts, and never shows or logs the password', async () => {
    const owner = await signUp(app);
    const shopId = await createCompany(app, owner, 'shops');
    const supplierEmail = uniqueEmail('billing');
    const link = await call(owner, 'POST', `/api/shops/${shopId}/suppliers`, {
      supplierEmail,
      supplierName: 'Fresh Farm',
    });
    expect(link.statusCode).toBe(201);
    // Another shop's supplier, whose address a spoofer uses.
    const other = await signUp(app);
    const otherShop = await createCompany(app, other, 'shops');
    const otherSupplier = uniqueEmail('other-billing');
    await call(other, 'POST', `/api/shops/${otherShop}/suppliers`, {
      supplierEmail: otherSupplier,
      supplierName: 'Elsewhere',
    });

    const attachment = (filename: string, content: Buffer | string) => ({ filename, content });
    await deliver({
      from: supplierEmail,
      to: IMAP_USER,
      subject: 'known',
      attachments: [attachment('known.pdf', await pdf())],
    });
    const stranger = uniqueEmail('stranger');
    await deliver({
      from: stranger,
      to: IMAP_USER,
      subject: 'unknown',
      attachments: [attachment('u.pdf', await pdf())],
    });
    await deliver({
      from: supplierEmail,
      to: IMAP_USER,
      subject: 'two pdfs and a text',
      attachments: [
        attachment('one.pdf', await pdf()),
        attachment('two.pdf', await pdf()),
        attachment('readme.txt', 'hello'),
      ],
    });
    await deliver({
      from: supplierEmail,
      to: IMAP_USER,
      subject: 'huge',
      attachments: [attachment('huge.pdf', Buffer.alloc(30 * 1024 * 1024, 0x41))],
    });
    await deliver(
      [
        `From: ${supplierEmail}`,
        'Subject: malformed',
        'Content-Type: multipart/mixed; boundary="x"',
        '',
        '--x',
        'Content-Type: application/pdf',
        'Content-Transfer-Encoding: base64',
        '',
        '!!!not base64!!!',
        '--y--',
        '',
      ].join('\r\n'),
    );
    await deliver({
      from: otherSupplier,
      to: IMAP_USER,
      subject: 'spoofed',
      attachments: [attachment('s.pdf', await pdf())],
    });

    // A wrong password: saved, and the server's answer is the mailbox's error.
    const wrong = await call(owner, 'POST', '/api/AppEmailAccess/new', {
      shopId,
      emailAddress: IMAP_USER,
      emailProvider: 'custom',
      credentials: { host: dovecot.host, port: dovecot.port, tls: false, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(201);
    const box = wrong.json().data as TEmailServer;
    expect(box.error).toBe('Authentication failed.');
    expect(wrong.body).not.toContain(WRONG_PASSWORD);
    const config = await call(owner, 'GET', `/api/shops/${shopId}/email-config`);
    expect(config.json().data.mailboxes).toEqual([
      expect.objectContaining({ id: box.id, error: 'Authentication failed.' }),
    ]);
    expect(await messages(owner, shopId)).toEqual([]);

    // The right password: tested on save, and the mailbox is read.
    const fixed = await call(owner, 'POST', '/api/AppEmailAccess', {
      shopId,
      id: box.id,
      emailAddress: IMAP_USER,
      emailProvider: 'custom',
      credentials: { host: dovecot.host, port: dovecot.port, tls: false, password: IMAP_PASSWORD },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({
      id: box.id,
      error: null,
      credentials: { username: IMAP_USER, hasPassword: true },
    });
    expect(fixed.body).not.toContain(IMAP_PASSWORD);

    const log = await settled(owner, shopId, 6);
    const by = (subject: string) =>
      log.find((m) => m.subject === subject || (subject === 'huge' && m.size > 30e6));
    expect(log).toHaveLength(6);
    expect(by('known')).toMatchObject({
      source: 'imap',
      status: 'done',
      attachments: [expect.objectContaining({ outcome: 'document' })],
    });
    expect(by('unknown')).toMatchObject({
      status: 'needs_supplier',
      outcome: `Unknown sender ${stranger}: choose the supplier`,
    });
    expect(by('two pdfs and a text')!.attachments.map((a) => a.outcome)).toEqual([
      'document',
      'document',
      'refused',
    ]);
    expect(by('huge')).toMatchObject({
      status: 'refused',
      outcome: 'Refused: the message is larger than 25 MB.',
    });
    expect(by('malformed')).toMatchObject({ status: 'refused' });
    expect(by('spoofed')).toMatchObject({
      status: 'needs_supplier',
      outcome: `Unknown sender ${otherSupplier}: choose the supplier`,
    });
    expect((await call(other, 'GET', `/api/shops/${otherShop}/orders/unprocessed`)).json().data.total).toBe(
      0,
    );

    const taken = await flags();
    expect(Object.keys(taken)).toHaveLength(6);
    for (const f of Object.values(taken))
      expect(f).toEqual(expect.arrayContaining(['$OrderBridge', '\\Seen']));

    // Someone marks a message unread, and a crash lost the mark of another: after restarts nothing is read twice.
    await setFlags('known', { remove: ['\\Seen'] });
    await setFlags('unknown', { remove: ['$OrderBridge', '\\Seen'] });
    allLogs.push(...server.logs);
    await server.stop();
    await dovecot.restart();
    server = await startServerProcess(env, port);
    await server.waitForLog((l) => l.job === 'poll-mailbox' && l.msg === 'job finished', 60_000);
    const after = await settled(owner, shopId, 6);
    expect(after).toHaveLength(6);
    expect((await flags()).unknown).toEqual(expect.arrayContaining(['$OrderBridge', '\\Seen']));
    // Known: 1 + 2 documents; the unknown and the spoofed sender's wait without a supplier: 2.
    const docs = (await call(owner, 'GET', `/api/shops/${shopId}/orders/unprocessed`)).json().data;
    expect(docs.total).toBe(5);
    expect(
      docs.data.filter((d: { shopSupplierId: number | null }) => d.shopSupplierId === null),
    ).toHaveLength(2);

    // The password appears in no reply and no log line.
    const list = await call(owner, 'GET', `/api/AppEmailAccess?shopId=${shopId}`);
    expect(list.json().data).toHaveLength(1);
    const everything = [
      list.body,
      (await call(owner, 'GET', `/api/email-config?shopId=${shopId}`)).body,
      JSON.stringify([...allLogs, ...server.logs]),
    ].join('\n');
    expect(everything).not.toContain(IMAP_PASSWORD);
    expect(everything).not.toContain(WRONG_PASSWORD);

    // The mail server goes down: the shop's admin is told once (not at every failed poll), and the error shows.
    const toldOfFailure = async () =>
      (
        (await call(owner, 'GET', `/api/shops/${shopId}/notifications?PerPage=100`)).json().data.data as {
          kind: string;
          title: string;
          link: string;
        }[]
      ).filter((n) => n.kind === 'mailbox_failed');
    expect(await toldOfFailure()).toEqual([]);
    await dovecot.down();
    const failedAt = Date.now();
    while ((await toldOfFailure()).length === 0 && Date.now() - failedAt < 60_000)
      await new Promise((r) => setTimeout(r, 500));
    const polls = server.logs.filter((l) => l.job === 'poll-mailbox' && l.msg === 'job finished').length;
    await server.waitForLog(
      (l) =>
        l.job === 'poll-mailbox' &&
        l.msg === 'job finished' &&
        server.logs.filter((x) => x.job === 'poll-mailbox' && x.msg === 'job finished').length > polls,
      60_000,
    );
    expect(await toldOfFailure()).toEqual([
      expect.objectContaining({
        title: `The mailbox ${IMAP_USER} cannot be read`,
        link: `/shops/${shopId}/config/email2`,
      }),
    ]);
    expect((await call(owner, 'GET', `/api/AppEmailAccess?shopId=${shopId}`)).json().data[0].error).toMatch(
      /ECONNREFUSED|connect/i,
    );
    await dovecot.up();

    // Removing the mailbox stops the reading.
    expect((await call(owner, 'DELETE', `/api/shops/${shopId}/email-config/${box.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/AppEmailAccess?shopId=${shopId}`)).json().data).toEqual([]);
  }, 300_000);
});
