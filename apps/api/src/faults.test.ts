import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ZErrorEnvelopeSchema } from '@orderbridge/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from './demo/invoice-pdf.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from './test/harness.js';
import { multipart } from './test/multipart.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

type TWorld = { session: TSession; shopId: number; linkId: number };

async function world(): Promise<TWorld> {
  const session = await signUp(t.app);
  const shopId = await createCompany(t.app, session, 'shops');
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/suppliers`,
    headers: bearer(session.token),
    payload: { supplierEmail: uniqueEmail('supplier'), supplierName: 'Fault Foods' },
  });
  return { session, shopId, linkId: link.json().data.shopSupplierId };
}

let invoiceNo = 1;
async function upload(w: TWorld) {
  const pdf = await invoicePdf({
    vendor: 'Fault Foods',
    invoiceNum: `F-${invoiceNo++}-${Date.now()}`,
    date: '2026-11-02',
    lines: [{ code: 'A1', description: 'Apples 1kg', qty: 3, price: 2.5 }],
  });
  const form = multipart(
    { ShopSupplierId: String(w.linkId) },
    { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shopId}/orders/upload`,
    headers: { ...bearer(w.session.token), ...form.headers },
    payload: form.payload,
  });
}

const documentsOf = async (w: TWorld) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shops/${w.shopId}/orders/unprocessed`,
      headers: bearer(w.session.token),
    })
  ).json().data as { total: number; data: { id: number; status: string }[] };

/** Every file under the storage folder, so a test can see that nothing half-stored is left. */
const filesIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe('health endpoints', () => {
  it('says live and ready when the database, storage and queue answer, at /health and /ready and under /api', async () => {
    for (const prefix of ['', '/api']) {
      const health = await t.app.inject({ method: 'GET', url: `${prefix}/health` });
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: `${prefix}/ready` });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toEqual({ database: 'ok', storage: 'ok', queue: 'ok' });
    }
  });
});

describe('storage write fails', () => {
  it('refuses the upload with a clear 503, records nothing, and takes the retry once storage is back', async () => {
    const w = await world();
    const files = path.join(t.dataDir, 'files');
    const before = filesIn(files);
    // The storage folder replaced by a plain file: every write into it fails, as on a broken or full disk.
    if (existsSync(files)) renameSync(files, `${files}.away`);
    writeFileSync(files, 'not a folder');
    try {
      const refused = await upload(w);
      expect(refused.statusCode).toBe(503);
      expect(ZErrorEnvelopeSchema.parse(refused.json()).message).toMatch(/file storage is unavailable/);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await documentsOf(w)).total).toBe(0);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, errors: { storage: ['not answering'] } });
      expect(ready.body).not.toContain(t.dataDir);
    } finally {
      rmSync(files);
      if (existsSync(`${files}.away`)) renameSync(`${files}.away`, files);
    }
    expect(filesIn(files)).toEqual(before);
    const retried = await upload(w);
    expect(retried.statusCode).toBe(201);
    expect((await documentsOf(w)).total).toBe(1);
    expect(filesIn(files).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// An outage needs a server to lose; the embedded database cannot go away on its own.
describe.skipIf(!serverUrl)('PostgreSQL outage', () => {
  it('answers 503 with Retry-After while the database is away, then works again and reads the queued documents', async () => {
    const w = await world();
    const name = new URL(t.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const setConnections = (allowed: boolean) =>
      admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allowed}`);
    try {
      const queued = await upload(w);
      expect(queued.statusCode).toBe(201);

      // Down: no new connections, and every existing one of the app (its pool and the job queue's) cut.
      await setConnections(false);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const downUntil = Date.now() + 10_000;
      const seen: number[] = [];
      while (Date.now() < downUntil) {
        for (const request of [
          () =>
            t.app.inject({
              method: 'GET',
              url: `/api/shops/${w.shopId}/orders`,
              headers: bearer(w.session.token),
            }),
          () => t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(w.session.token) }),
          () => upload(w),
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/account/login',
              // Each time another account, so the per-account limit (which needs no database) stays out of it.
              payload: { userName: uniqueEmail('outage'), password: 'whatever it is' },
            }),
        ]) {
          const started = Date.now();
          const res = await request();
          expect(Date.now() - started).toBeLessThan(10_000);
          seen.push(res.statusCode);
          expect(res.statusCode, res.body).toBe(503);
          expect(ZErrorEnvelopeSchema.parse(res.json()).message).toMatch(/briefly unavailable/);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
        const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(Object.keys(ready.json().errors)).toContain('database');
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(seen.length).toBeGreaterThan(4);
      await setConnections(true);

      // Up again, the same process: requests work, and the worker reads what was queued before and after.
      const recovered = Date.now() + 20_000;
      let ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      while (ready.statusCode !== 200 && Date.now() < recovered) {
        await new Promise((r) => setTimeout(r, 500));
        ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      }
      expect(ready.statusCode).toBe(200);
      const after = await upload(w);
      expect(after.statusCode).toBe(201);
      const ids: number[] = [queued.json().data.tempOrderId, after.json().data.tempOrderId];
      const statusOf = async (id: number) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/shops/${w.shopId}/orders/pending-review/${id}`,
            headers: bearer(w.session.token),
          })
        ).json().data.status as string;
      const end = Date.now() + 120_000;
      let statuses = await Promise.all(ids.map(statusOf));
      while (statuses.includes('reading') && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 500));
        statuses = await Promise.all(ids.map(statusOf));
      }
      for (const status of statuses) expect(['pending_review', 'processed']).toContain(status);
    } finally {
      await setConnections(true);
      await admin.end();
    }
  }, 240_000);
});
