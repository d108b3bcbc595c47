import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../demo/invoice-pdf.js';
import { bearer, createCompany, createTestApp, signUp, uniqueEmail } from '../test/harness.js';
import { multipart } from '../test/multipart.js';
import { AppError } from './app-error.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, type Storage, type TStoredKey } from './storage.js';

/** A real S3 server (s3rver) on a free port with one bucket, files in a temporary folder. */
async function startS3() {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'ob-s3-')),
    configureBuckets: [{ name: 'orderbridge', configs: [] }],
  });
  const { port } = await server.run();
  // s3rver's fixed development credentials.
  return { server, url: `s3://S3RVER:S3RVER@orderbridge?endpoint=http://127.0.0.1:${port}` };
}

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.server.close());

const kinds: [string, () => Storage][] = [
  ['local folder', () => createLocalStorage(mkdtempSync(path.join(tmpdir(), 'ob-files-')))],
  ['S3 (s3rver)', () => createS3Storage(s3.url)],
];

const listAll = async (storage: Storage, prefix: string) => {
  const all: TStoredKey[] = [];
  for await (const entry of storage.list(prefix)) all.push(entry);
  return all;
};

describe.each(kinds)('%s storage', (_name, make) => {
  it('stores bytes whole, reads them back identical, deletes them, and answers its readiness check', async () => {
    const storage = make();
    await storage.check();
    const bytes = randomBytes(300_000);
    const key = await storage.put('documents', bytes, 'pdf');
    expect(key).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    // The sweeper's view: every key under a prefix with when it was written.
    const listed = await listAll(storage, 'documents');
    const entry = listed.find((e) => e.key === key);
    expect(Math.abs(entry!.modified.getTime() - Date.now())).toBeLessThan(60_000);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await listAll(storage, 'documents')).map((e) => e.key)).not.toContain(key);
  });

  it('answers null for keys it did not make, so no path or object outside its own can be read', async () => {
    const storage = make();
    for (const key of [
      '../../etc/passwd',
      'documents/../../x',
      'documents/00000000-0000-4000-8000-000000000000.pdf',
    ]) {
      expect(await storage.get(key)).toBeNull();
    }
  });

  it('serves an uploaded document through the app’s own signed link', async () => {
    const env: Record<string, string> = _name.startsWith('S3') ? { STORAGE_URL: s3.url } : {};
    const t = await createTestApp({ ...env, ROLE: 'api' });
    try {
      const session = await signUp(t.app);
      const shopId = await createCompany(t.app, session, 'shops');
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/suppliers`,
        headers: bearer(session.token),
        payload: { supplierEmail: uniqueEmail('s3'), supplierName: 'Bucket Foods' },
      });
      const pdf = await invoicePdf({
        vendor: 'Bucket Foods',
        invoiceNum: `B-${Date.now()}`,
        date: '2026-11-02',
        lines: [{ code: 'A1', description: 'Apples', qty: 1, price: 2 }],
      });
      const form = multipart(
        { ShopSupplierId: String(link.json().data.shopSupplierId) },
        { field: 'File', name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
      );
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/orders/upload`,
        headers: { ...bearer(session.token), ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const id = uploaded.json().data.tempOrderId;
      const signed = await t.app.inject({
        method: 'GET',
        url: `/api/shops/${shopId}/orders/unprocessed/${id}/invoice-url`,
        headers: bearer(session.token),
      });
      expect(signed.statusCode).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: signed.json().data.url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('S3 storage when the server is down', () => {
  it('refuses writes with the UNAVAILABLE error and fails its readiness check, within seconds', async () => {
    const down = await startS3();
    const storage = createS3Storage(down.url);
    await down.server.close();
    const started = Date.now();
    const error = await storage.put('documents', Buffer.from('x'), 'pdf').catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('UNAVAILABLE');
    await expect(storage.check()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
