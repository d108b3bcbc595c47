/**
 * Orders-list load benchmark (issue 6, ARCHITECTURE.md §8). One command: `npm run bench:orders`.
 *
 * 1. Creates the dedicated database `ob_bench` (dropped at the end unless KEEP_DB=1).
 * 2. Starts the API as its own process (ROLE=api) on 127.0.0.1, which applies the committed migrations.
 * 3. Makes the benchmark user, its big shop and three suppliers through the API (register → confirm through the
 *    dev outbox → login → onboarding → suppliers), then inserts 1,000,000 orders with SQL (seed.ts).
 * 4. Captures the SQL one list request runs (capture.ts) and checks the bare server's pasted SQL (sql.ts) is the
 *    same, statement for statement and parameter for parameter; EXPLAIN ANALYZEs it.
 * 5. Starts the bare Fastify + pg server (bare-server.ts) as its own process.
 * 6. autocannon from this process: every scenario at a fixed 200 req/s (warm-up, then the measured run), then
 *    unthrottled for the maximum throughput of the API and of the bare server.
 * Writes out/results.json and out/results.md; stops its processes and itself (a watchdog ends a stuck run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { captureRequestSql } from './capture.js';
import { seedOrders, TOTAL_ORDERS } from './seed.js';
import { bareQueries, type TListParams } from './sql.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(import.meta.dirname, 'out');
const DB = process.env.BENCH_DB ?? 'ob_bench';
if (!/^ob_bench\w*$/.test(DB)) throw new Error('BENCH_DB must start with ob_bench: the script drops it.');
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_URL = `${PG}/${DB}`;
const API_PORT = 3471;
const BARE_PORT = 3472;
const RATE = 200;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WARMUP_S = num('BENCH_WARMUP', 10);
const DURATION_S = num('BENCH_DURATION', 30);
const MAX_DURATION_S = num('BENCH_MAX_DURATION', 15);
const MAX_ROUNDS = num('BENCH_MAX_ROUNDS', 2);
const CONNECTIONS = num('BENCH_CONNECTIONS', 20);
const KEEP_DB = process.env.KEEP_DB === '1';
const REUSE_DB = process.env.REUSE_DB === '1';
const WATCHDOG_MS = 40 * 60_000;
const PASSWORD = 'orderbridge bench 1';
const EMAIL = 'bench@orderbridge.test';

const log = (...args: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const children: ChildProcess[] = [];

// ---- processes -----------------------------------------------------------------------------------------------
function start(name: string, file: string, env: NodeJS.ProcessEnv): ChildProcess {
  const logFd = openSync(path.join(OUT, `${name}.log`), 'w');
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  children.push(child);
  return child;
}

async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(hard);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function waitFor(url: string, child: ChildProcess, seconds = 90) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}); see out/*.log`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

// ---- API calls -----------------------------------------------------------------------------------------------
const api = `http://127.0.0.1:${API_PORT}`;
async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

async function login() {
  return (await call('POST', '/api/account/login', { userName: EMAIL, password: PASSWORD })).data
    .token as string;
}

/** The benchmark user and its big shop, made the way a user makes them. */
async function makeAccount() {
  await call('POST', '/api/account/register', {
    email: EMAIL,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Bench',
    lastName: 'Mark',
  });
  const outbox = (await call('GET', '/api/dev/outbox')).data as unknown as { to: string; links: string[] }[];
  const link = new URL(outbox.find((m) => m.to.includes(EMAIL))!.links[0]!);
  await fetch(`${api}${link.pathname}${link.search}`);
  const token = await login();
  const shopId = (
    await call(
      'POST',
      '/api/onboarding/company',
      {
        companyName: 'Big Bench Market',
        companyType: 'shops',
        companyMainEmail: 'hello@bigbench.orderbridge.test',
        companyAddress: '1 Bench Street, York',
      },
      token,
    )
  ).data.companyId as number;
  for (const [name, email] of [
    ['Fresh Farm Foods', 'orders@freshfarm.orderbridge.test'],
    ['Baker Brothers', 'sales@bakerbrothers.orderbridge.test'],
    ['Dairy Direct', 'orders@dairydirect.orderbridge.test'],
  ]) {
    await call('POST', `/api/shops/${shopId}/suppliers`, { supplierName: name, supplierEmail: email }, token);
  }
  return { shopId };
}

// ---- load ----------------------------------------------------------------------------------------------------
type TRun = {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** The machine's 1-minute load average at the end of the run (this benchmark's own load included). */
  load1: number;
  /** How busy the CPUs were with other work in the 3 s just before the run, while this benchmark was idle. */
  otherBusyPct: number;
};

/** Set in main: a connection to ob_bench that watches for statements still running. */
let monitor: pg.Client | undefined;

/**
 * Waits until no statement runs in ob_bench (three looks in a row), so that the slow statements a previous run
 * left queued in a server's pool (the API does not cancel them when the client goes) do not land on the next.
 */
async function drain(seconds = 120) {
  const until = Date.now() + seconds * 1000;
  let quiet = 0;
  while (monitor && quiet < 3 && Date.now() < until) {
    const active = (
      await monitor.query(`SELECT count(*)::int AS n FROM pg_stat_activity
                           WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`)
    ).rows[0].n as number;
    quiet = active === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** CPU busy % over a short window while nothing of this benchmark runs: the machine's other work. */
async function otherBusyPct(ms = 3000) {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3]! + f[4]!;
    return { idle, total: f.reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * 100);
}

async function cannon(url: string, headers: Record<string, string>, seconds: number, rate?: number) {
  await drain();
  const busy = await otherBusyPct();
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    timeout: 10,
  });
  return {
    requests: result.requests.total,
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    load1: Math.round(loadavg()[0]! * 10) / 10,
    otherBusyPct: busy,
  } satisfies TRun;
}

type TScenario = { name: string; what: string; params: TListParams };

const listUrl = (p: TListParams) => {
  const q = new URLSearchParams({ PerPage: String(p.perPage), sort: 'newest' });
  if (p.status) q.set('status', p.status);
  if (p.shopSupplierId) q.set('shopSupplierId', String(p.shopSupplierId));
  if (p.search) q.set('search', p.search);
  return `/api/shops/${p.shopId}/orders?${q}`;
};
const bareUrl = (p: TListParams) => {
  const q = new URLSearchParams({ shopId: String(p.shopId), perPage: String(p.perPage) });
  if (p.status) q.set('status', p.status);
  if (p.shopSupplierId) q.set('shopSupplierId', String(p.shopSupplierId));
  if (p.search) q.set('search', p.search);
  return `http://127.0.0.1:${BARE_PORT}/orders?${q}`;
};

// ---- main ----------------------------------------------------------------------------------------------------
async function main() {
  mkdirSync(OUT, { recursive: true });
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  if (!REUSE_DB) {
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ob-bench-'));
  const apiEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    DATABASE_URL: DB_URL,
    DATA_DIR: dataDir,
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(API_PORT),
    JWT_SECRET: randomBytes(36).toString('base64url'),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  };
  const db = new pg.Client({ connectionString: DB_URL });
  try {
    const apiProcess = start('api', 'apps/api/src/server.ts', apiEnv);
    await waitFor(`${api}/api/health`, apiProcess);
    await db.connect();
    monitor = db;
    let shopId: number;
    let seed: Awaited<ReturnType<typeof seedOrders>>;
    if (REUSE_DB) {
      const saved = (await db.query(`SELECT value FROM bench_meta`)).rows[0].value;
      ({ shopId, seed } = saved);
      log('reusing the seeded database', DB);
    } else {
      ({ shopId } = await makeAccount());
      const userId = (await db.query(`SELECT id FROM users WHERE email = $1`, [EMAIL])).rows[0].id as string;
      log(`seeding ${TOTAL_ORDERS.toLocaleString('en')} orders…`);
      seed = await seedOrders(db, { bigShopId: shopId, benchUserId: userId });
      await db.query(`CREATE TABLE bench_meta (value jsonb)`);
      await db.query(`INSERT INTO bench_meta VALUES ($1)`, [{ shopId, seed }]);
      log(`seeded in ${seed.seconds.toFixed(0)} s`);
    }
    const token = await login();
    const headers = { authorization: `Bearer ${token}` };
    const shape = (
      await db.query(
        `SELECT count(*)::int AS orders, count(DISTINCT shop_id)::int AS shops,
                        count(*) FILTER (WHERE shop_id = $1)::int AS big,
                        count(*) FILTER (WHERE shop_id = $1 AND status = 'open')::int AS big_open,
                        count(*) FILTER (WHERE shop_id = $2)::int AS typical,
                        count(*) FILTER (WHERE shop_id = $2 AND status = 'open')::int AS typical_open,
                        pg_size_pretty(pg_total_relation_size('orders')) AS size
                      FROM orders`,
        [shopId, seed.typicalShopId],
      )
    ).rows[0];
    log('data', shape);

    const scenarios: TScenario[] = [
      {
        name: 'typical-open',
        what: 'shop with 2,000 orders, status=open, newest first',
        params: { shopId: seed.typicalShopId, perPage: 50, status: 'open' },
      },
      {
        name: 'big-open',
        what: 'shop with 100,000 orders, status=open, newest first',
        params: { shopId, perPage: 50, status: 'open' },
      },
      {
        name: 'big-supplier',
        what: 'shop with 100,000 orders, shopSupplierId=one of 20, newest first',
        params: { shopId, perPage: 50, shopSupplierId: seed.bigShopSupplierId },
      },
      {
        name: 'big-search',
        what: 'shop with 100,000 orders, search=INV-0999 (prefix, 100 matches), newest first',
        params: { shopId, perPage: 50, search: 'INV-0999' },
      },
    ];

    // The SQL the API runs, statement for statement, against what the bare server runs.
    const captured = await captureRequestSql(
      apiEnv,
      scenarios.map((s) => ({ url: listUrl(s.params), token })),
    );
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    const sqlCheck = scenarios.map((s, i) => {
      const all = captured[i]!;
      const listSql = all.filter((c) => /from "orders"/.test(c.text));
      const bare = bareQueries(s.params);
      const same =
        listSql.length === bare.length &&
        bare.every(
          (b, j) =>
            norm(b.text) === norm(listSql[j]!.text) &&
            JSON.stringify(b.values) === JSON.stringify(listSql[j]!.values),
        );
      return { scenario: s.name, queriesPerRequest: all.length, statements: all, sameAsBare: same };
    });
    writeFileSync(path.join(OUT, 'captured-sql.json'), JSON.stringify(sqlCheck, null, 2));
    for (const c of sqlCheck) {
      log(`${c.scenario}: ${c.queriesPerRequest} queries per request; bare SQL identical: ${c.sameAsBare}`);
    }
    if (sqlCheck.some((c) => !c.sameAsBare) && process.env.BENCH_ALLOW_SQL_DRIFT !== '1') {
      throw new Error(
        'The API no longer runs the SQL pasted in bench/orders/sql.ts: see out/captured-sql.json',
      );
    }

    const bareProcess = start('bare', 'bench/orders/bare-server.ts', {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: DB_URL,
      PORT: String(BARE_PORT),
    });
    await waitFor(`http://127.0.0.1:${BARE_PORT}/health`, bareProcess);

    // Same answer from both (total and the 50 ids).
    for (const s of scenarios) {
      const a = (await (await fetch(`${api}${listUrl(s.params)}`, { headers })).json()) as {
        data: { total: number; data: { id: number }[] };
      };
      const b = (await (await fetch(bareUrl(s.params))).json()) as { total: number; data: unknown[][] };
      const same =
        a.data.total === b.total && a.data.data.map((o) => o.id).join() === b.data.map((r) => r[0]).join();
      log(`${s.name}: total ${a.data.total}, ${a.data.data.length} rows; bare answers the same: ${same}`);
      if (!same) throw new Error(`${s.name}: the API and the bare server disagree`);
    }

    // EXPLAIN ANALYZE of the list statements, warm.
    const explain: Record<string, { statement: string; executionMs: number; plan: string }[]> = {};
    for (const s of scenarios) {
      explain[s.name] = [];
      for (const b of bareQueries(s.params)) {
        await db.query(b.text, b.values);
        const res = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${b.text}`, b.values);
        const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
        const executionMs = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]);
        explain[s.name]!.push({
          statement: b.text.startsWith('select count') ? 'count' : 'page',
          executionMs,
          plan,
        });
      }
      log(
        `${s.name}: EXPLAIN ANALYZE ${explain[s.name]!.map((e) => `${e.statement} ${e.executionMs} ms`).join(', ')}`,
      );
    }
    writeFileSync(
      path.join(OUT, 'explain.txt'),
      Object.entries(explain)
        .flatMap(([name, list]) => list.map((e) => `== ${name} / ${e.statement}\n${e.plan}\n`))
        .join('\n'),
    );

    // Fixed rate: 200 req/s, warm-up then measured.
    const atRate: Record<string, TRun> = {};
    const runAtRate = async (key: string, url: string, h: Record<string, string>) => {
      await cannon(url, h, WARMUP_S, RATE);
      atRate[key] = await cannon(url, h, DURATION_S, RATE);
      log(`${key} @${RATE} req/s`, atRate[key]);
    };
    // The search last: when it fails it fails slowly.
    for (const s of scenarios.slice(0, 3))
      await runAtRate(`api ${s.name}`, `${api}${listUrl(s.params)}`, headers);
    await runAtRate('bare big-open', bareUrl(scenarios[1]!.params), {});
    await runAtRate(`api ${scenarios[3]!.name}`, `${api}${listUrl(scenarios[3]!.params)}`, headers);

    // Unthrottled: maximum throughput, API against bare, alternating rounds so that a burst of other work on
    // the machine does not land on one side only.
    const max: Record<string, { api: TRun; bare: TRun; ratio: number; roundRatios: number[] }> = {};
    const sum = (runs: TRun[]): TRun => {
      const requests = runs.reduce((n, r) => n + r.requests, 0);
      const worst = (k: 'p50' | 'p90' | 'p99' | 'max') => Math.max(...runs.map((r) => r[k]));
      return {
        requests,
        rps: Math.round((requests / (runs.length * MAX_DURATION_S)) * 10) / 10,
        p50: worst('p50'),
        p90: worst('p90'),
        p99: worst('p99'),
        max: worst('max'),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
        timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
        load1: Math.max(...runs.map((r) => r.load1)),
        otherBusyPct: Math.max(...runs.map((r) => r.otherBusyPct)),
      };
    };
    for (const s of scenarios) {
      const apiRuns: TRun[] = [];
      const bareRuns: TRun[] = [];
      await cannon(`${api}${listUrl(s.params)}`, headers, 5);
      await cannon(bareUrl(s.params), {}, 5);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        apiRuns.push(await cannon(`${api}${listUrl(s.params)}`, headers, MAX_DURATION_S));
        bareRuns.push(await cannon(bareUrl(s.params), {}, MAX_DURATION_S));
      }
      const a = sum(apiRuns);
      const b = sum(bareRuns);
      const roundRatios = apiRuns.map((r, i) => Math.round((r.rps / bareRuns[i]!.rps) * 100) / 100);
      max[s.name] = { api: a, bare: b, ratio: Math.round((a.rps / b.rps) * 100) / 100, roundRatios };
      log(
        `${s.name} max: api ${a.rps} req/s, bare ${b.rps} req/s, ratio ${max[s.name]!.ratio} (rounds ${roundRatios})`,
      );
    }
    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: `${cpus().length} × ${cpus()[0]?.model}`,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        postgres: (await admin.query('SHOW server_version')).rows[0].server_version,
      },
      settings: {
        rate: RATE,
        warmupS: WARMUP_S,
        durationS: DURATION_S,
        maxDurationS: MAX_DURATION_S,
        maxRounds: MAX_ROUNDS,
        connections: CONNECTIONS,
      },
      data: shape,
      scenarios,
      queriesPerRequest: Object.fromEntries(sqlCheck.map((c) => [c.scenario, c.queriesPerRequest])),
      explainMs: Object.fromEntries(
        Object.entries(explain).map(([k, v]) => [
          k,
          Object.fromEntries(v.map((e) => [e.statement, e.executionMs])),
        ]),
      ),
      atRate,
      max,
    };
    writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));
    writeFileSync(path.join(OUT, 'results.md'), markdown(results));
    console.log(`\n${markdown(results)}`);
  } finally {
    await db.end().catch(() => {});
    await stopAll();
    if (!KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Met only when the rate was held, nothing failed and the p99 is within 30 ms. */
const rateMet = (v: TRun) => v.p99 <= 30 && v.rps >= RATE * 0.97 && v.errors + v.timeouts + v.non2xx === 0;

function markdown(r: {
  scenarios: TScenario[];
  atRate: Record<string, TRun>;
  max: Record<string, { api: TRun; bare: TRun; ratio: number; roundRatios: number[] }>;
  queriesPerRequest: Record<string, number>;
  explainMs: Record<string, Record<string, number>>;
}) {
  const lines = [
    'Schema and API as committed.',
    '',
    `At ${RATE} req/s (${DURATION_S} s after ${WARMUP_S} s warm-up, ${CONNECTIONS} connections); budget: the rate held, no errors, p99 ≤ 30 ms:`,
    '',
    '| run | what | req/s | p50 ms | p90 ms | p99 ms | max ms | errors/non-2xx | other CPU busy before | load avg after | budget |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(r.atRate).map(([k, v]) => {
      const what = r.scenarios.find((s) => k.endsWith(s.name))?.what ?? '';
      return `| ${k} | ${what} | ${v.rps} | ${v.p50} | ${v.p90} | ${v.p99} | ${v.max} | ${v.errors + v.timeouts}/${v.non2xx} | ${v.otherBusyPct}% | ${v.load1} | ${rateMet(v) ? 'met' : '**missed**'} |`;
    }),
    '',
    `Unthrottled (${MAX_ROUNDS} alternating rounds of ${MAX_DURATION_S} s per side after 5 s warm-up, ${CONNECTIONS} connections); budget API ≥ 60% of bare:`,
    '',
    '| scenario | queries/request (API) | count / page SQL ms (EXPLAIN ANALYZE) | API req/s | API p99 ms | bare req/s | bare p99 ms | API/bare (per round) | other CPU busy before | budget |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(r.max).map(
      ([k, v]) =>
        `| ${k} | ${r.queriesPerRequest[k]} | ${r.explainMs[k]?.count} / ${r.explainMs[k]?.page} | ${v.api.rps} | ${v.api.p99} | ${v.bare.rps} | ${v.bare.p99} | ${Math.round(v.ratio * 100)}% (${v.roundRatios.map((x) => `${Math.round(x * 100)}%`).join(', ')}) | ${Math.max(v.api.otherBusyPct, v.bare.otherBusyPct)}% | ${v.ratio >= 0.6 && v.api.rps > 0 ? (v.bare.rps < RATE ? 'met, but neither reaches 200 req/s' : 'met') : '**missed**'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

const watchdog = setTimeout(() => {
  console.error(`The benchmark ran over ${WATCHDOG_MS / 60_000} minutes: stopping.`);
  void stopAll().finally(() => process.exit(2));
}, WATCHDOG_MS);
try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
}
