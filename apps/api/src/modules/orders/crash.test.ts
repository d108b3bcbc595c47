import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { invoicePdf } from '../../demo/invoice-pdf.js';
import { PASSWORD, uniqueEmail } from '../../test/harness.js';
import {
  freePort,
  serverDatabase,
  startServerProcess,
  type TServerProcess,
} from '../../test/server-process.js';

// biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes; the assertions check them.
type TReply = { data: Record<string, any> };

/**
 * The worker process is killed (SIGKILL) while it reads a document; after a restart the document is read
 * again and stored once: nothing lost, nothing duplicated.
 */
describe('a worker killed mid-read', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-crash-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
  };
  const servers: TServerProcess[] = [];
  let dropDatabase = async () => {};

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await dropDatabase();
  });

  it('reads the document exactly once after a restart', async () => {
    const database = await serverDatabase('ob_crash');
    dropDatabase = database.drop;
    Object.assign(env, database.env);
    const port = await freePort();
    const first = await startServerProcess(env, port);
    servers.push(first);
    const api = (token?: string) => async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${first.url}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as TReply };
    };

    // A shop with a supplier, through the real HTTP API.
    const email = uniqueEmail('crash');
    await api()('POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'C',
      lastName: 'R',
    });
    const outbox = (await api()('GET', '/api/dev/outbox')).json.data as unknown as { links: string[] }[];
    const confirm = new URL(outbox[0]!.links[0]!);
    await fetch(`${first.url}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
    const login = await api()('POST', '/api/account/login', { userName: email, password: PASSWORD });
    const call = api(login.json.data.token);
    const shop = await call('POST', '/api/onboarding/company', {
      companyName: 'Crash Shop',
      companyType: 'shops',
      companyMainEmail: uniqueEmail('shop'),
    });
    const shopId = shop.json.data.companyId as number;
    const link = await call('POST', `/api/shops/${shopId}/suppliers`, {
      supplierName: 'Slow Scans Ltd',
      supplierEmail: uniqueEmail('slow'),
    });
    expect(link.status).toBe(201);

    // A photographed invoice: OCR takes seconds, long enough to die in the middle.
    const pdf = await invoicePdf({
      vendor: 'Slow Scans Ltd',
      invoiceNum: 'CR-1',
      date: '2026-11-03',
      lines: [
        { code: 'K1', description: 'Kitchen roll', qty: 4, price: 1.25 },
        { code: 'K2', description: 'Dish soap', qty: 2, price: 2.1 },
        { code: 'K3', description: 'Sponges', qty: 6, price: 0.5 },
      ],
    });
    const png = mupdf.PDFDocument.openDocument(pdf, 'application/pdf')
      .loadPage(0)
      .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceGray)
      .asPNG();
    const form = new FormData();
    form.append('ShopSupplierId', String(link.json.data.shopSupplierId));
    form.append('File', new Blob([png], { type: 'image/png' }), 'scan.png');
    const uploaded = await call('POST', `/api/shops/${shopId}/orders/upload`, form);
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.data.tempOrderId as number;

    await first.waitForLog((l) => l.msg === 'job started' && l.job === 'read-document');
    await first.stop('SIGKILL');
    expect(first.logs.some((l) => l.msg === 'job finished' && l.job === 'read-document')).toBe(false);

    const second = await startServerProcess(env, port);
    servers.push(second);
    await second.waitForLog((l) => l.msg === 'job finished' && l.job === 'read-document', 120_000);

    const review = await call('GET', `/api/shops/${shopId}/orders/pending-review/${id}`);
    expect(review.json.data).toMatchObject({ status: 'pending_review' });
    expect((review.json.data.items as unknown[]).length).toBe(3);
    const unprocessed = await call('GET', `/api/shops/${shopId}/orders/unprocessed`);
    expect(unprocessed.json.data.total).toBe(1);

    const processed = await call('POST', `/api/shops/${shopId}/orders/pending-review/${id}/process`, {
      override: true,
    });
    expect(processed.status).toBe(200);
    const orders = await call('GET', `/api/shops/${shopId}/orders`);
    expect(orders.json.data.total).toBe(1);
    expect((orders.json.data.data as { totalItems: number }[])[0]!.totalItems).toBe(3);
  }, 300_000);
});

/** Scale-out: HTTP-only processes queue the work, worker-only processes do it, on one PostgreSQL. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('ROLE=api and ROLE=worker on one PostgreSQL', () => {
  const servers: TServerProcess[] = [];
  let dropDatabase = async () => {};
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await dropDatabase();
  });

  it('the api process serves HTTP and never reads; the worker process reads and serves nothing', async () => {
    const database = await serverDatabase('ob_roles');
    dropDatabase = database.drop;
    const env = {
      ...database.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ob-roles-')),
      JWT_SECRET: 'roles-test-secret-roles-test-secret-0123',
    };
    const apiOnly = await startServerProcess({ ...env, ROLE: 'api' });
    servers.push(apiOnly);
    const worker = await startServerProcess({ ...env, ROLE: 'worker' });
    servers.push(worker);
    await expect(fetch(`${worker.url}/api/health`)).rejects.toThrow();

    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${apiOnly.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as TReply;
    };
    const email = uniqueEmail('roles');
    await call('POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'R',
      lastName: 'S',
    });
    const confirm = new URL(
      ((await call('GET', '/api/dev/outbox')).data as unknown as { links: string[] }[])[0]!.links[0]!,
    );
    await fetch(`${apiOnly.url}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
    const token = (await call('POST', '/api/account/login', { userName: email, password: PASSWORD })).data
      .token;
    const shopId = (
      await call(
        'POST',
        '/api/onboarding/company',
        { companyName: 'Roles Shop', companyType: 'shops', companyMainEmail: uniqueEmail('s') },
        token,
      )
    ).data.companyId;
    const linkId = (
      await call(
        'POST',
        `/api/shops/${shopId}/suppliers`,
        { supplierName: 'Split Ltd', supplierEmail: uniqueEmail('split') },
        token,
      )
    ).data.shopSupplierId;
    const form = new FormData();
    form.append('ShopSupplierId', String(linkId));
    form.append(
      'File',
      new Blob(
        [
          await invoicePdf({
            vendor: 'Split Ltd',
            invoiceNum: 'RS-1',
            date: '2026-11-04',
            lines: [{ code: 'A', description: 'Apples', qty: 1, price: 2 }],
          }),
        ],
        { type: 'application/pdf' },
      ),
      'a.pdf',
    );
    const id = (await call('POST', `/api/shops/${shopId}/orders/upload`, form, token)).data.tempOrderId;

    await worker.waitForLog((l) => l.msg === 'job finished' && l.job === 'read-document', 60_000);
    const review = await call('GET', `/api/shops/${shopId}/orders/pending-review/${id}`, undefined, token);
    expect(review.data).toMatchObject({ status: 'pending_review', headers: { invoiceNum: 'RS-1' } });
    expect(apiOnly.logs.some((l) => l.msg === 'job started')).toBe(false);
  }, 180_000);
});
