/**
 * What one signed-in request costs on the embedded default, in CPU time rather than req/s (which a shared machine's
 * load swings): builds the real app in this process on a PGlite data folder seeded by `npm run demo`, signs in
 * the demo shop and supplier users, sends every call 100 times to warm up and then each N times, and prints the process's CPU ms a
 * request and each statement's CPU ms (the job queue's statements left out).
 *
 *   DATA_DIR=<demo data folder> node --conditions=source --import tsx bench/lists/request-cost.ts
 *
 * With DATABASE_URL (a database `npm run demo` seeded) it measures the API process on PostgreSQL instead: the
 * process's own CPU, not the server's.
 *
 * Runs on a copy of the folder if the server is also running (PGlite opens a folder from one process only).
 */
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { DEMO_PASSWORD, DEMO_SHOP_USER, DEMO_SUPPLIER_USER } from '../../apps/api/src/demo/accounts.js';

const N = Number(process.env.N ?? 200);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
await app.ready();

// Wrapped on the app's own PGlite, over its prepared-statement path and the auth-write watcher, so every statement
// is seen however it is sent.
let sent: { sql: string; ms: number }[] | null = null;
const client = (
  app.db as unknown as { $client: Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>> }
).$client;
for (const method of ['query', 'exec'] as const) {
  const original = client[method]?.bind(client);
  if (!original) continue;
  client[method] = async (...args: unknown[]) => {
    const started = process.cpuUsage();
    try {
      return await original(...args);
    } finally {
      const text = String(args[0]);
      if (sent && !/pgboss/.test(text))
        sent.push({ sql: text.replace(/\s+/g, ' ').slice(0, 110), ms: cpuMs(started) });
    }
  };
}
const signIn = async (userName: string) => {
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const companyId = (await app.inject({ url: '/api/profile', headers })).json().data.companies[0]
    .id as number;
  return { headers, companyId };
};
const shop = await signIn(DEMO_SHOP_USER);
const supplier = await signIn(DEMO_SUPPLIER_USER);
const calls = [
  ['/api/profile', shop.headers],
  [`/api/shops/${shop.companyId}/orders?PerPage=25`, shop.headers],
  [`/api/shops/${shop.companyId}/suppliers?PerPage=25`, shop.headers],
  [`/api/shops/${shop.companyId}/orders/pending-review?PerPage=25`, shop.headers],
  [`/api/suppliers/${supplier.companyId}/orders?PerPage=25`, supplier.headers],
  [`/api/shops/${shop.companyId}/orders?PerPage=25&search=fresh`, shop.headers],
] as const;
// Every call warmed up before any is measured: the work a fresh process does in its first seconds (job queue,
// compilation) otherwise lands on the first call measured.
for (const [url, headers] of calls) for (let i = 0; i < 100; i++) await app.inject({ url, headers });
for (const [url, headers] of calls) {
  sent = [];
  const started = process.cpuUsage();
  for (let i = 0; i < N; i++) await app.inject({ url, headers });
  const perRequest = cpuMs(started) / N;
  const bySql = new Map<string, number>();
  for (const s of sent) bySql.set(s.sql, (bySql.get(s.sql) ?? 0) + s.ms / N);
  console.log(
    `\n${url}: ${perRequest.toFixed(2)} CPU ms a request, ${(sent.length / N).toFixed(2)} statements`,
  );
  for (const [sql, ms] of bySql) console.log(`  ${ms.toFixed(2)} ms  ${sql}`);
  sent = null;
}
await app.close();
