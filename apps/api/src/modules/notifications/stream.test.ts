import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  PASSWORD,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { serverDatabase, startServerProcess, type TServerProcess } from '../../test/server-process.js';
import { openStream, type TSseEvent } from '../../test/sse.js';

let invoiceNo = 9000;
const pdf = (invoiceNum = `S-${invoiceNo++}`) =>
  invoicePdf({
    vendor: 'Stream Foods',
    invoiceNum,
    date: '2026-11-05',
    lines: [{ code: 'A', description: 'Apples', qty: 2, price: 1.5 }],
  });

describe('the event stream (one process)', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ STREAM_HEARTBEAT_SECONDS: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const ticketOf = async (s: TSession) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      headers: bearer(s.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.ticket as string;
  };

  async function shopWithSupplier() {
    const owner = await signUp(t.app);
    const shopId = await createCompany(t.app, owner, 'shops');
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(owner.token),
      payload: { supplierName: 'Stream Foods', supplierEmail: uniqueEmail('stream') },
    });
    return { owner, shopId, linkId: link.json().data.shopSupplierId as number };
  }

  async function upload(w: { owner: TSession; shopId: number; linkId: number }) {
    const form = multipart(
      { ShopSupplierId: String(w.linkId) },
      { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: await pdf() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shopId}/orders/upload`,
      headers: { ...bearer(w.owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.tempOrderId as number;
  }

  it('needs a valid ticket, never an access token, and refuses a bad Last-Event-ID', async () => {
    const s = await signUp(t.app);
    const missing = await fetch(`${base}/api/notifications/stream`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      success: false,
      errors: { ticket: ['A stream ticket is required'] },
    });
    const wrong = await fetch(`${base}/api/notifications/stream?ticket=${s.token}`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'This stream ticket is invalid or has expired. Ask for a new one.',
    );
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket' });
    expect(unauthenticated.statusCode).toBe(401);
    const badResume = await fetch(`${base}/api/notifications/stream?ticket=${await ticketOf(s)}`, {
      headers: { 'last-event-id': 'yesterday' },
    });
    expect(badResume.status).toBe(400);
    // A ticket is not an access token either.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(await ticketOf(s)),
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('streams upload progress and the notification to the shop only, with heartbeats', async () => {
    const w = await shopWithSupplier();
    const other = await shopWithSupplier();
    const mine = await openStream(base, await ticketOf(w.owner));
    const theirs = await openStream(base, await ticketOf(other.owner));
    expect(mine.status).toBe(200);
    const id = await upload(w);

    const notification = await mine.waitFor((e) => e.type === 'notification');
    expect(notification).toMatchObject({ companyId: w.shopId, data: { kind: 'document_ready' } });
    const progress = mine.events.filter((e) => e.type === 'document').map((e) => e.data);
    expect(progress).toEqual([
      { documentId: id, stage: 'stored' },
      { documentId: id, stage: 'reading' },
      { documentId: id, stage: 'reading', page: 1, pages: 1 },
      { documentId: id, stage: 'ready' },
    ]);
    // Ids only grow.
    const ids = mine.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine.heartbeats).toBeGreaterThan(0);
    expect(theirs.events).toEqual([]);

    // Marking read tells the user's other tabs the new count.
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shopId}/notifications/read-all`,
      headers: bearer(w.owner.token),
    });
    expect((await mine.waitFor((e) => e.type === 'unread')).data).toEqual({ unread: 0 });
    mine.close();
    theirs.close();
  }, 120_000);

  it('a client that reconnects with Last-Event-ID gets what it missed, once and in order', async () => {
    const w = await shopWithSupplier();
    const first = await openStream(base, await ticketOf(w.owner));
    const a = await upload(w);
    await first.waitFor((e) => e.type === 'notification');
    const lastSeen = first.events.at(-1)!.id;
    first.close();

    // Missed while away: a whole second reading.
    const b = await upload(w);
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/shops/${w.shopId}/notifications`,
        headers: bearer(w.owner.token),
      });
      if (res.json().data.total === 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const again = await openStream(base, await ticketOf(w.owner), { lastEventId: lastSeen });
    await again.waitFor((e) => e.type === 'notification');
    const seen = (e: TSseEvent) => (e.type === 'document' ? `${e.data.documentId}:${e.data.stage}` : e.type);
    expect(again.events.every((e) => e.id > lastSeen)).toBe(true);
    expect(again.events.map(seen)).toEqual([
      `${b}:stored`,
      `${b}:reading`,
      `${b}:reading`,
      `${b}:ready`,
      'notification',
    ]);
    expect(first.events.map(seen)).toContain(`${a}:ready`);
    again.close();
  }, 120_000);

  it('ends the streams of a user who signs out everywhere', async () => {
    const w = await shopWithSupplier();
    const stream = await openStream(base, await ticketOf(w.owner));
    const unused = await ticketOf(w.owner);
    const other = await signUp(t.app);
    const bystander = await openStream(base, await ticketOf(other));
    await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      headers: bearer(w.owner.token),
    });
    await stream.ended;
    // A ticket of the ended session opens nothing any more; other users' streams stay open.
    expect((await fetch(`${base}/api/notifications/stream?ticket=${unused}`)).status).toBe(401);
    const state = await Promise.race([
      bystander.ended.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 500)),
    ]);
    expect(state).toBe('open');
    bystander.close();
  }, 60_000);
});

// biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes; the assertions check them.
type TReply = { data: Record<string, any> };

/** ROLE=api and ROLE=worker as two processes on one PostgreSQL: events cross through the database. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the event stream across processes', () => {
  const servers: TServerProcess[] = [];
  let dropDatabase = async () => {};
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await dropDatabase();
  });

  it('progress and the ready notification written by the worker reach a client of the API, resumably', async () => {
    const database = await serverDatabase('ob_stream');
    dropDatabase = database.drop;
    const env = {
      ...database.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ob-stream-')),
      JWT_SECRET: 'stream-test-secret-stream-test-secret-01',
    };
    const api = await startServerProcess({ ...env, ROLE: 'api' });
    servers.push(api);
    const worker = await startServerProcess({ ...env, ROLE: 'worker' });
    servers.push(worker);

    const call = async (method: string, p: string, body?: unknown, token?: string) => {
      const res = await fetch(`${api.url}${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as TReply;
    };
    const email = uniqueEmail('stream');
    await call('POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'S',
      lastName: 'E',
    });
    const confirm = new URL(
      ((await call('GET', '/api/dev/outbox')).data as unknown as { links: string[] }[])[0]!.links[0]!,
    );
    await fetch(`${api.url}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
    const token = (await call('POST', '/api/account/login', { userName: email, password: PASSWORD })).data
      .token;
    const shopId = (
      await call(
        'POST',
        '/api/onboarding/company',
        { companyName: 'Stream Shop', companyType: 'shops', companyMainEmail: uniqueEmail('s') },
        token,
      )
    ).data.companyId;
    const linkId = (
      await call(
        'POST',
        `/api/shops/${shopId}/suppliers`,
        { supplierName: 'Far Away Ltd', supplierEmail: uniqueEmail('f') },
        token,
      )
    ).data.shopSupplierId;
    const ticket = async () =>
      (await call('POST', '/api/notifications/stream-ticket', undefined, token)).data.ticket;
    const uploadOne = async () => {
      const form = new FormData();
      form.append('ShopSupplierId', String(linkId));
      form.append('File', new Blob([await pdf()], { type: 'application/pdf' }), 'far.pdf');
      return (await call('POST', `/api/shops/${shopId}/orders/upload`, form, token)).data
        .tempOrderId as number;
    };

    const stream = await openStream(api.url, await ticket());
    const first = await uploadOne();
    const ready = await stream.waitFor((e) => e.type === 'notification', 90_000);
    expect(ready.data).toMatchObject({
      kind: 'document_ready',
      link: `/shops/${shopId}/orders/review/${first}`,
    });
    expect(stream.events.filter((e) => e.type === 'document').map((e) => e.data.stage)).toEqual([
      'stored',
      'reading',
      'reading',
      'ready',
    ]);
    // The worker logs the job's end after its last event, so the log may trail the stream by a moment.
    await worker.waitForLog((l) => l.msg === 'job finished', 30_000);
    expect(api.logs.some((l) => l.msg === 'job started')).toBe(false);

    // Away while the worker reads a second document; back with Last-Event-ID.
    const lastSeen = stream.events.at(-1)!.id;
    stream.close();
    const second = await uploadOne();
    const end = Date.now() + 90_000;
    while ((await call('GET', `/api/shops/${shopId}/notifications`, undefined, token)).data.total < 2) {
      if (Date.now() > end) throw new Error('the second document was not read');
      await new Promise((r) => setTimeout(r, 250));
    }
    const resumed = await openStream(api.url, await ticket(), { lastEventId: lastSeen });
    await resumed.waitFor((e) => e.type === 'notification', 30_000);
    expect(resumed.events.map((e) => (e.type === 'document' ? e.data.stage : e.type))).toEqual([
      'stored',
      'reading',
      'reading',
      'ready',
      'notification',
    ]);
    expect(resumed.events.every((e) => e.id > lastSeen && (e.data.documentId ?? second) === second)).toBe(
      true,
    );
    resumed.close();
  }, 300_000);
});
