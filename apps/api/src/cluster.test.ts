import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ZErrorEnvelopeSchema } from '@orderbridge/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { invoicePdf } from './demo/invoice-pdf.js';
import { nginxSite } from './ops/nginx.js';
import { NGINX, startCluster, type TCluster } from './test/cluster.js';
import { PASSWORD, uniqueEmail } from './test/harness.js';
import { createDatabase, httpCall } from './test/server-process.js';
import { openStream } from './test/sse.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const UPLOADS = 200;

describe('the deployment of docs/deploy.md', () => {
  it('documents the nginx site this test runs', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');
    expect(doc).toContain(nginxSite({ listen: '80', upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'] }));
  });
});

/**
 * Two ROLE=api and two ROLE=worker processes on one PostgreSQL, behind Debian's nginx, as docs/deploy.md
 * lays them out; one API and one worker are killed (SIGKILL) in the middle of 200 uploads.
 */
describe.skipIf(!serverUrl)('two APIs and two workers behind nginx', () => {
  let cluster: TCluster;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`nginx is needed at ${NGINX} (apt-get install nginx)`);
    if (!existsSync(path.join(webDist, 'index.html')))
      throw new Error('the web app is not built: npm run build first');
    const database = await createDatabase(serverUrl!, 'ob_cluster');
    dropDatabase = database.drop;
    // A document whose upload was cut between its row and its job is queued again by the sweeper (ops/sweeper.ts).
    cluster = await startCluster({
      databaseUrl: database.url,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SWEEP_SECONDS: '5' },
    });
  }, 420_000);
  afterAll(async () => {
    await cluster?.stop();
    await dropDatabase();
  }, 60_000);

  it('serves the web app, shares sessions, streams events, reads 200 uploads exactly once and loses nothing when an API and a worker die', async () => {
    const [api1, api2] = cluster.apis.map((a) => a.url) as [string, string];
    const web = await fetch(`${cluster.url}/orders`);
    expect(web.status).toBe(200);
    expect(await web.text()).toContain('<div id="root">');
    expect((await httpCall(cluster.url, 'GET', '/ready')).json.data).toEqual({
      database: 'ok',
      storage: 'ok',
      queue: 'ok',
    });

    // Registered through nginx, confirmed and signed in on the first API, working on the second.
    const email = uniqueEmail('cluster');
    const registered = await httpCall(cluster.url, 'POST', '/api/account/register', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Cluster',
      lastName: 'Test',
    });
    expect(registered.status).toBe(201);
    const outbox = (await httpCall(api2, 'GET', '/api/dev/outbox')).json.data as {
      to: string;
      links: string[];
    }[];
    const confirm = new URL(outbox.find((m) => m.to.includes(email))!.links[0]!);
    expect((await httpCall(api2, 'GET', `${confirm.pathname}${confirm.search}`)).status).toBe(302);
    const login = await httpCall(api1, 'POST', '/api/account/login', { userName: email, password: PASSWORD });
    expect(login.status).toBe(200);
    let { token, refreshToken } = login.json.data as { token: string; refreshToken: string };
    const deviceId = login.json.data.deviceId as string;
    expect((await httpCall(api2, 'GET', '/api/profile', undefined, token)).status).toBe(200);
    const refreshed = await httpCall(api2, 'POST', '/api/account/refresh-token', { refreshToken, deviceId });
    expect(refreshed.status).toBe(200);
    const oldRefresh = refreshToken;
    ({ token, refreshToken } = refreshed.json.data);
    expect((await httpCall(api1, 'GET', '/api/profile', undefined, token)).status).toBe(200);
    // The rotated-away refresh token is refused on the other process too.
    expect(
      (await httpCall(api1, 'POST', '/api/account/refresh-token', { refreshToken: oldRefresh, deviceId }))
        .status,
    ).toBe(401);
    // Reusing it revoked the session (theft suspected): the other API refuses its access token too.
    expect((await httpCall(api2, 'GET', '/api/profile', undefined, token)).status).toBe(401);
    // Signed out on one API: the other refuses the session's access and refresh tokens at once.
    const other = (
      await httpCall(api2, 'POST', '/api/account/login', { userName: email, password: PASSWORD })
    ).json.data;
    expect((await httpCall(api1, 'POST', '/api/account/sign-out', undefined, other.token)).status).toBe(200);
    expect((await httpCall(api2, 'GET', '/api/profile', undefined, other.token)).status).toBe(401);
    expect(
      (
        await httpCall(api2, 'POST', '/api/account/refresh-token', {
          refreshToken: other.refreshToken,
          deviceId: other.deviceId,
        })
      ).status,
    ).toBe(401);
    const again = await httpCall(cluster.url, 'POST', '/api/account/login', {
      userName: email,
      password: PASSWORD,
    });
    token = again.json.data.token;

    const shopId = (
      await httpCall(
        cluster.url,
        'POST',
        '/api/onboarding/company',
        { companyName: 'Cluster Shop', companyType: 'shops', companyMainEmail: uniqueEmail('shop') },
        token,
      )
    ).json.data.companyId as number;
    const linkId = (
      await httpCall(
        cluster.url,
        'POST',
        `/api/shops/${shopId}/suppliers`,
        { supplierName: 'Spread Foods', supplierEmail: uniqueEmail('spread') },
        token,
      )
    ).json.data.shopSupplierId as number;

    // The event stream through nginx: an upload's progress arrives while the stream stays open.
    const ticket = (await httpCall(cluster.url, 'POST', '/api/notifications/stream-ticket', undefined, token))
      .json.data.ticket as string;
    const stream = await openStream(cluster.url, ticket);
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);

    const pdfs = await Promise.all(
      Array.from({ length: UPLOADS }, (_, n) =>
        invoicePdf({
          vendor: 'Spread Foods',
          invoiceNum: `SP-${n}`,
          date: '2026-11-04',
          lines: [{ code: `S${n}`, description: 'Sparkling water 6x1l', qty: 1 + (n % 5), price: 3.2 }],
        }),
      ),
    );
    const upload = async (n: number) => {
      const form = new FormData();
      form.append('ShopSupplierId', String(linkId));
      form.append('File', new Blob([new Uint8Array(pdfs[n]!)], { type: 'application/pdf' }), `sp-${n}.pdf`);
      return fetch(`${cluster.url}/api/shops/${shopId}/orders/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };

    // 200 uploads, four at a time; halfway the second API and the first worker are killed. A client whose
    // upload got no answer (502, connection cut) sends it again, as the web app's retry does: it is then stored
    // (201) or found already stored (409, same file), never lost and never stored twice.
    const stored = new Map<number, number>();
    let next = 0;
    let killed = false;
    const sender = async () => {
      for (let n = next++; n < UPLOADS; n = next++) {
        if (n === UPLOADS / 2 && !killed) {
          killed = true;
          // Once the first worker has read something, so that both workers are seen sharing the work.
          await cluster.workers[0]!.waitForLog(
            (l) => l.msg === 'job finished' && l.job === 'read-document',
            300_000,
          );
          await Promise.all([cluster.apis[1]!.stop('SIGKILL'), cluster.workers[0]!.stop('SIGKILL')]);
        }
        for (let attempt = 1; ; attempt++) {
          const res = await upload(n).catch(() => null);
          // biome-ignore lint/suspicious/noExplicitAny: the envelope of a 201, 409 or 503
          const body: any = await res?.json().catch(() => null);
          if (res?.status === 201) {
            stored.set(n, body.data.tempOrderId);
            break;
          }
          // An earlier attempt was stored by an API that died before it could answer: the 409 names it.
          const earlier = /\(document (\d+)\)/.exec(body?.message ?? '')?.[1];
          if (res?.status === 409 && attempt > 1 && earlier) {
            stored.set(n, Number(earlier));
            break;
          }
          expect([502, 503, undefined], `upload ${n}: ${res?.status} ${JSON.stringify(body)}`).toContain(
            res?.status,
          );
          if (res?.status === 503) ZErrorEnvelopeSchema.parse(body);
          expect(attempt).toBeLessThan(5);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    await stream.waitFor((e) => e.type === 'document' && e.data.documentId === stored.get(0), 60_000);

    // Both APIs took uploads (before the kill), and nginx answered every one without a 5xx after the retries.
    const uploads = cluster.accessLog().filter((l) => l.uri.endsWith('/orders/upload'));
    for (const upstream of cluster.upstreams)
      expect(uploads.some((l) => l.upstream.includes(upstream) && l.status === 201)).toBe(true);

    // Every upload is one document with its file, read once: by both workers before the kill, by the survivor
    // after it (a job the killed worker held is taken over when its heartbeat stops).
    expect(stored.size).toBe(UPLOADS);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const deadline = Date.now() + 600_000;
      const countReading = async () =>
        (await db.query(`select count(*)::int as n from documents where status = 'reading'`)).rows[0]
          .n as number;
      while ((await countReading()) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 2_000));
      const { rows } = await db.query<{ id: number; status: string; file_key: string; items: number }>(
        `select d.id, d.status, d.file_key, (select count(*)::int from document_items i where i.document_id = d.id) as items
           from documents d where d.shop_id = $1 order by d.id`,
        [shopId],
      );
      expect(rows.map((r) => r.id).sort()).toEqual([...stored.values()].sort());
      expect(rows.filter((r) => r.status !== 'pending_review' || r.items !== 1)).toEqual([]);
      for (const r of rows) expect(existsSync(path.join(cluster.dataDir, 'files', r.file_key))).toBe(true);
    } finally {
      await db.end();
    }
    const readBy = new Map<number, number[]>();
    for (const [w, worker] of cluster.workers.entries()) {
      const jobs = new Map<string, number>();
      for (const line of worker.logs) {
        if (line.msg === 'job started' && line.job === 'read-document')
          jobs.set(String(line.jobId), (line.data as { documentId: number }).documentId);
        if (line.msg === 'job finished' && line.job === 'read-document') {
          const documentId = jobs.get(String(line.jobId))!;
          readBy.set(documentId, [...(readBy.get(documentId) ?? []), w]);
        }
      }
    }
    expect(readBy.size).toBe(UPLOADS);
    const byWorker = [...readBy.values()].flat();
    expect(byWorker.filter((w) => w === 0).length).toBeGreaterThan(0);
    expect(byWorker.filter((w) => w === 1).length).toBeGreaterThan(0);
  }, 900_000);
});
