/**
 * Live event stream benchmark (issue 16, ARCHITECTURE.md §8: 1,000 SSE clients on one API process, event fan-out
 * p99 ≤ 100 ms). One command: `npm run bench:sse`.
 *
 * 1. Creates the database `ob_bench_sse` on PostgreSQL (dropped at the end) and starts the API as its own process
 *    (ROLE=api: it serves the streams and LISTENs; nothing else runs in it).
 * 2. One shop with USERS members: the owner through the API (register → outbox confirmation → onboarding), the
 *    others as rows with the same password hash, each signed in through the API (real sessions).
 * 3. CLIENTS streams (tickets from the API, spread over the members), each a plain HTTP request reading
 *    `text/event-stream` from this process.
 * 4. EVENTS company-wide events written as a worker writes them (`publishLiveEvents`: one transaction, advisory
 *    lock, NOTIFY) every GAP_MS; each carries the time just before it was written. Latency = when a client's
 *    parser saw it − that time (one clock: the writer and the clients are this process). Then BURST at once.
 * 5. The API process's resident memory (VmRSS) before the streams and with all of them open.
 * Prints the figures and the load average; writes bench/live/out/results.json. Stops everything it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { publishLiveEvents } from '../../apps/api/src/modules/notifications/live-events.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(import.meta.dirname, 'out');
const DB = 'ob_bench_sse';
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const PORT = 3481;
const BASE = `http://127.0.0.1:${PORT}`;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CLIENTS = num('BENCH_CLIENTS', 1000);
const USERS = num('BENCH_USERS', 50);
const EVENTS = num('BENCH_EVENTS', 50);
const GAP_MS = num('BENCH_GAP_MS', 200);
const BURST = num('BENCH_BURST', 20);
const PASSWORD = 'orderbridge bench 1';
const WATCHDOG_MS = 15 * 60_000;

const log = (...args: unknown[]) => console.log(`[sse ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
let api: ChildProcess | undefined;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function call<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const login = (email: string) =>
  call<{ token: string }>('POST', '/account/login', { userName: email, password: PASSWORD });

/** Resident memory of the API process, in MB. */
function rssMb(pid: number) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

type TClient = { req: http.ClientRequest; received: Map<number, number>; ended: boolean };

/** A minimal stream reader: notes when each event id arrived, nothing else (its own cost is in the figures). */
function openClient(ticket: string, clients: TClient[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const client: TClient = {
      req: undefined as unknown as http.ClientRequest,
      received: new Map(),
      ended: false,
    };
    client.req = http.get(`${BASE}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const sent = /"sentAt":([\d.]+)/.exec(block)?.[1];
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (sent && id) client.received.set(Number(id), at - Number(sent));
        }
      });
      res.on('end', () => {
        client.ended = true;
      });
      clients.push(client);
      resolve();
    });
    client.req.on('error', reject);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: +pct(sorted, 50).toFixed(1),
    p90: +pct(sorted, 90).toFixed(1),
    p99: +pct(sorted, 99).toFixed(1),
    max: +sorted.at(-1)!.toFixed(1),
  };
};

async function main() {
  mkdirSync(OUT, { recursive: true });
  const started = { at: new Date().toISOString(), loadavg: loadavg().map((l) => +l.toFixed(2)) };
  log(`load average at start ${started.loadavg.join(' ')} on ${cpus().length} cores`);
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  const database = await openDatabase({ url: `${PG}/${DB}` });

  const logFd = openSync(path.join(OUT, 'api.log'), 'w');
  api = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ROLE: 'api',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `${PG}/${DB}`,
      DATA_DIR: path.join(OUT, 'data'),
      PUBLIC_URL: BASE,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      STREAM_HEARTBEAT_SECONDS: '15',
    },
    stdio: ['ignore', logFd, logFd],
  });
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error('the API process exited; see bench/live/out/api.log');
    if (
      await fetch(`${BASE}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (i > 240) throw new Error('the API did not start');
    await sleep(500);
  }

  // ---- the shop and its members ----
  const owner = `owner.${Date.now()}@bench.test`;
  await call('POST', '/account/register', {
    email: owner,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Bench',
    lastName: 'Owner',
  });
  const outbox = await call<{ to: string; links: string[] }[]>('GET', '/dev/outbox');
  await fetch(outbox.find((m) => m.to.includes(owner))!.links[0]!, { redirect: 'manual' }).then((r) => {
    if (r.status !== 302) throw new Error(`confirm: ${r.status}`);
  });
  const shopId = (
    await call<{ companyId: number }>(
      'POST',
      '/onboarding/company',
      { companyName: 'Bench Shop', companyType: 'shops', companyMainEmail: owner },
      (
        await login(owner)
      ).token,
    )
  ).companyId;
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  const client = new pg.Client({ connectionString: `${PG}/${DB}` });
  await client.connect();
  await client.query(
    `insert into users (id, email, password_hash, first_name, last_name, email_confirmed_at)
     select 'bench-' || i, 'member' || i || '@bench.test', $1, 'Member', i::text, now() from generate_series(2, $2::int) i`,
    [hash, USERS],
  );
  await client.query(
    `insert into memberships (user_id, company_id, role) select 'bench-' || i, $1, 'member' from generate_series(2, $2::int) i`,
    [shopId, USERS],
  );
  await client.end();
  const emails = [owner, ...Array.from({ length: USERS - 1 }, (_, i) => `member${i + 2}@bench.test`)];
  const tokens: string[] = [];
  for (const email of emails) tokens.push((await login(email)).token);
  log(`shop ${shopId} with ${USERS} signed-in members`);

  // ---- the streams ----
  const rssBefore = rssMb(api.pid!);
  const clients: TClient[] = [];
  const opening = Date.now();
  for (let i = 0; i < CLIENTS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CLIENTS - i) }, async (_, j) => {
        const { ticket } = await call<{ ticket: string }>(
          'POST',
          '/notifications/stream-ticket',
          undefined,
          tokens[(i + j) % tokens.length],
        );
        await openClient(ticket, clients);
      }),
    );
  }
  log(`${clients.length} streams open in ${((Date.now() - opening) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const rssOpen = rssMb(api.pid!);

  // ---- events, as a worker writes them ----
  // Stamped just before the writing transaction: the latency includes the commit, the NOTIFY, the API's read
  // and the fan-out to every stream.
  const publish = (n: number) => {
    const sentAt = now();
    return publishLiveEvents(
      database.db,
      Array.from({ length: n }, () => ({
        companyId: shopId,
        type: 'document',
        data: { documentId: 0, stage: 'stored', sentAt },
      })),
    );
  };
  const loadDuring = loadavg().map((l) => +l.toFixed(2));
  for (let i = 0; i < EVENTS; i++) {
    await publish(1);
    await sleep(GAP_MS);
  }
  await sleep(3000);
  const spaced = clients.flatMap((c) => [...c.received.values()]);
  const missing = clients.filter((c) => c.received.size < EVENTS).length;
  for (const c of clients) c.received.clear();
  await publish(BURST);
  await sleep(5000);
  const burst = clients.flatMap((c) => [...c.received.values()]);
  const burstMissing = clients.filter((c) => c.received.size < BURST).length;
  const rssAfter = rssMb(api.pid!);
  const loadEnd = loadavg().map((l) => +l.toFixed(2));

  const results = {
    started,
    cores: cpus().length,
    clients: clients.length,
    users: USERS,
    loadavgDuringEvents: loadDuring,
    loadavgAtEnd: loadEnd,
    spaced: { events: EVENTS, gapMs: GAP_MS, clientsMissingEvents: missing, latencyMs: summary(spaced) },
    burst: { events: BURST, clientsMissingEvents: burstMissing, latencyMs: summary(burst) },
    apiRssMb: {
      before: +rssBefore.toFixed(1),
      withStreams: +rssOpen.toFixed(1),
      atEnd: +rssAfter.toFixed(1),
    },
    rssPerConnectionKb: +(((rssOpen - rssBefore) * 1024) / clients.length).toFixed(1),
  };
  writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  for (const c of clients) c.req.destroy();
  await database.close();
}

const watchdog = setTimeout(() => {
  console.error('watchdog: the benchmark took too long');
  api?.kill('SIGKILL');
  process.exit(1);
}, WATCHDOG_MS);
main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api!.once('exit', r));
    }
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => {});
    clearTimeout(watchdog);
  });
