/**
 * Load benchmark (issue 20, ARCHITECTURE.md §8): `npm run bench:load`.
 *
 * The layout of docs/deploy.md on this machine: two ROLE=api and two ROLE=worker processes on one PostgreSQL
 * database behind nginx (apps/api/src/test/cluster.ts, the multi-process test's cluster). Shops and suppliers
 * one to one, as in the demo: 100 shop users and 100 supplier users, each shop linked to its supplier with one
 * order read and processed beforehand. Then 200 simulated users for 60 s, each signing in and then doing the
 * day's mix with a pause of 1–2 s between calls: orders lists, order detail, dashboard, notifications; shops
 * also upload invoices and change a received quantity. Every call must succeed (0 errors) and every upload
 * that was acknowledged must be a stored document after the run (0 lost uploads).
 * Writes bench/load/out/results.json and results.md (p50/p95/p99 per call, load average before and after).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { invoicePdf } from '../../apps/api/src/demo/invoice-pdf.js';
import { startCluster } from '../../apps/api/src/test/cluster.js';
import { createDatabase, httpCall } from '../../apps/api/src/test/server-process.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = num('BENCH_USERS', 200);
const DURATION_S = num('BENCH_DURATION', 60);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = path.join(import.meta.dirname, 'out');
const PASSWORD = 'orderbridge load 1';

const log = (...args: unknown[]) => console.log(`[load ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

type TUser = { email: string; kind: 'shops' | 'suppliers'; companyId: number; linkId?: number };

async function main() {
  mkdirSync(OUT, { recursive: true });
  const loadBefore = load();
  const database = await createDatabase(PG, 'ob_bench_load');
  // Every simulated user comes from 127.0.0.1: the per-address sign-in limit would count them as one client.
  const cluster = await startCluster({
    databaseUrl: database.url,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const base = cluster.url;
  // biome-ignore lint/suspicious/noExplicitAny: reply bodies of many shapes
  const call = async (method: string, url: string, body?: unknown, token?: string): Promise<any> => {
    const { status, json } = await httpCall(base, method, url, body, token);
    if (status >= 400) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(json)}`);
    return json;
  };
  let invoiceNo = 0;
  const uploadForm = async (user: TUser) => {
    const n = invoiceNo++;
    const pdf = await invoicePdf({
      vendor: `Supplier ${user.companyId}`,
      invoiceNum: `LD-${n}`,
      date: '2026-11-05',
      lines: [
        { code: `L${n}`, description: 'Oat milk 1l', qty: 6 + (n % 6), price: 1.45 },
        { code: `M${n}`, description: 'Rye bread', qty: 2, price: 2.8 },
      ],
    });
    const form = new FormData();
    form.append('ShopSupplierId', String(user.linkId));
    form.append('File', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `ld-${n}.pdf`);
    return form;
  };

  try {
    // ---- seed through the API: users, companies, links, one processed order per shop -----------------------
    log(`cluster up at ${base}; seeding ${USERS} users`);
    const users: TUser[] = [];
    const pairs = USERS / 2;
    const seedOne = async (i: number) => {
      const make = async (kind: 'shops' | 'suppliers') => {
        const email = `load-${kind}-${i}@bench.orderbridge.test`;
        await call('POST', '/api/account/register', {
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName: kind === 'shops' ? 'Shop' : 'Supplier',
          lastName: String(i),
        });
        return email;
      };
      const [shopEmail, supplierEmail] = [await make('shops'), await make('suppliers')];
      return { i, shopEmail, supplierEmail };
    };
    const made = [];
    for (let i = 0; i < pairs; i += 10)
      made.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, pairs - i) }, (_, k) => seedOne(i + k)))),
      );
    const outbox = (await call('GET', '/api/dev/outbox')).data as { to: string; links: string[] }[];
    const confirmAndLogin = async (email: string) => {
      const link = new URL(outbox.find((m) => m.to.includes(email))!.links[0]!);
      await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' });
      return (await call('POST', '/api/account/login', { userName: email, password: PASSWORD })).data
        .token as string;
    };
    const seeded: { shopId: number; token: string; documentId: number }[] = [];
    for (let k = 0; k < made.length; k += 10) {
      await Promise.all(
        made.slice(k, k + 10).map(async ({ i, shopEmail, supplierEmail }) => {
          const supplierToken = await confirmAndLogin(supplierEmail);
          const companyMail = `orders-${i}@supplier.bench.orderbridge.test`;
          const supplierId = (
            await call(
              'POST',
              '/api/onboarding/company',
              { companyName: `Supplier ${i}`, companyType: 'suppliers', companyMainEmail: companyMail },
              supplierToken,
            )
          ).data.companyId as number;
          const shopToken = await confirmAndLogin(shopEmail);
          const shopId = (
            await call(
              'POST',
              '/api/onboarding/company',
              {
                companyName: `Shop ${i}`,
                companyType: 'shops',
                companyMainEmail: `hello-${i}@shop.bench.test`,
              },
              shopToken,
            )
          ).data.companyId as number;
          const linkId = (
            await call(
              'POST',
              `/api/shops/${shopId}/suppliers`,
              { supplierName: `Supplier ${i}`, supplierEmail: companyMail },
              shopToken,
            )
          ).data.shopSupplierId as number;
          const shop: TUser = { email: shopEmail, kind: 'shops', companyId: shopId, linkId };
          users.push(shop, { email: supplierEmail, kind: 'suppliers', companyId: supplierId });
          const uploaded = await call(
            'POST',
            `/api/shops/${shopId}/orders/upload`,
            await uploadForm(shop),
            shopToken,
          );
          seeded.push({ shopId, token: shopToken, documentId: uploaded.data.tempOrderId });
        }),
      );
    }
    log(`seeded ${users.length} users; waiting for ${seeded.length} documents to be read`);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    for (;;) {
      const { rows } = await db.query(`select count(*)::int as n from documents where status = 'reading'`);
      if (rows[0].n === 0) break;
      await sleep(2000);
    }
    for (const { shopId, token, documentId } of seeded)
      await call(
        'POST',
        `/api/shops/${shopId}/orders/pending-review/${documentId}/process`,
        { override: true },
        token,
      );
    const documentsBefore = (await db.query('select count(*)::int as n from documents')).rows[0].n as number;

    // ---- the measured run -----------------------------------------------------------------------------------
    const timings = new Map<string, number[]>();
    const errors: string[] = [];
    const acknowledged: number[] = [];
    const loadStart = load();
    const until = Date.now() + DURATION_S * 1000;
    const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
      const started = performance.now();
      try {
        const result = await fn();
        timings.set(name, [...(timings.get(name) ?? []), performance.now() - started]);
        return result;
      } catch (error) {
        errors.push(`${name}: ${(error as Error).message.slice(0, 300)}`);
        return undefined;
      }
    };
    const simulate = async (user: TUser, index: number) => {
      await sleep((index / users.length) * 5_000); // sign-ins spread over the first 5 s
      const login = await timed('POST /account/login', () =>
        call('POST', '/api/account/login', { userName: user.email, password: PASSWORD }),
      );
      const token = login?.data.token as string | undefined;
      if (!token) return;
      const scope = `/api/${user.kind}/${user.companyId}`;
      for (let round = 0; Date.now() < until; round++) {
        const orders = await timed(`GET ${user.kind}/orders`, () =>
          call('GET', `${scope}/orders`, undefined, token),
        );
        await sleep(1000 + Math.random() * 1000);
        const first = orders?.data.data[0] as { id: number } | undefined;
        if (first) {
          await timed(`GET ${user.kind}/orders/{id}`, () =>
            call('GET', `${scope}/orders/${first.id}`, undefined, token),
          );
          await sleep(1000 + Math.random() * 1000);
        }
        const step = round % 4;
        if (step === 0)
          await timed(`GET ${user.kind}/dashboard`, () =>
            call('GET', `${scope}/dashboard`, undefined, token),
          );
        if (step === 1)
          await timed(`GET ${user.kind}/notifications`, () =>
            call('GET', `${scope}/notifications`, undefined, token),
          );
        if (step === 2 && user.kind === 'shops') {
          const form = await uploadForm(user);
          const uploaded = await timed('POST shops/orders/upload', () =>
            call('POST', `${scope}/orders/upload`, form, token),
          );
          if (uploaded) acknowledged.push(uploaded.data.tempOrderId);
        }
        if (step === 2 && user.kind === 'suppliers')
          await timed('GET suppliers/shops', () => call('GET', `${scope}/shops`, undefined, token));
        if (step === 3 && user.kind === 'shops' && first) {
          const items = await timed('GET shops/orders/{id}/items', () =>
            call('GET', `${scope}/orders/${first.id}/items`, undefined, token),
          );
          const item = items?.data.data[0] as { id: number; itemQty: number } | undefined;
          if (item)
            await timed('PATCH shops/orders/{id}/item/{itemId}', () =>
              call(
                'PATCH',
                `${scope}/orders/${first.id}/item/${item.id}`,
                { receivedQuantity: Math.max(0, item.itemQty - (round % 2)), notes: `round ${round}` },
                token,
              ),
            );
        }
        await sleep(1000 + Math.random() * 1000);
      }
    };
    log(`running ${users.length} users for ${DURATION_S} s (load average ${loadStart})`);
    await Promise.all(users.map(simulate));
    const loadEnd = load();

    // ---- what was lost ----------------------------------------------------------------------------------------
    const { rows } = await db.query('select id from documents where id = any($1::int[])', [acknowledged]);
    const lost = acknowledged.length - rows.length;
    const documentsAfter = (await db.query('select count(*)::int as n from documents')).rows[0].n as number;
    await db.end();

    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
    const perCall = [...timings.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, ms]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return { name, count: ms.length, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99) };
      });
    const total = perCall.reduce((s, c) => s + c.count, 0);
    const byApi = cluster.upstreams.map(
      (u) => cluster.accessLog().filter((l) => l.upstream.includes(u)).length,
    );
    const results = {
      date: new Date().toISOString(),
      users: users.length,
      durationSeconds: DURATION_S,
      requests: total,
      requestsPerSecond: total / DURATION_S,
      errors: errors.length,
      errorSamples: errors.slice(0, 10),
      uploadsAcknowledged: acknowledged.length,
      uploadsLost: lost,
      documentsNew: documentsAfter - documentsBefore,
      requestsPerApi: byApi,
      loadAverage: { beforeSeeding: loadBefore, atStart: loadStart, atEnd: loadEnd },
      perCall,
    };
    writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const md = [
      `${users.length} users for ${DURATION_S} s through nginx on 2 API + 2 worker processes (PostgreSQL): ` +
        `${total} calls (${(total / DURATION_S).toFixed(0)}/s), **${errors.length} errors**, ` +
        `${acknowledged.length} uploads acknowledged, **${lost} lost**; requests per API process over the whole run ` +
        `(seeding included) ${byApi.join(' / ')}; ` +
        `load average at start ${loadStart}, at end ${loadEnd}.`,
      '',
      '| call | count | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|---|',
      ...perCall.map(
        (c) => `| ${c.name} | ${c.count} | ${c.p50.toFixed(0)} | ${c.p95.toFixed(0)} | ${c.p99.toFixed(0)} |`,
      ),
    ].join('\n');
    writeFileSync(path.join(OUT, 'results.md'), `${md}\n`);
    console.log(md);
    for (const e of errors.slice(0, 10)) console.log('error:', e);
    process.exitCode = errors.length || lost ? 1 : 0;
  } finally {
    await cluster.stop();
    await database.drop();
  }
}

await main();
