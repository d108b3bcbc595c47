/**
 * What one list statement costs PostgreSQL, as CPU time of the backends that ran it (read from /proc), where
 * `explain.ts` gives EXPLAIN ANALYZE's planning and running times: those leave out parsing, the planner's memory
 * (on this kind of virtual machine, faulting it in again for each statement was most of a search's cost; see
 * docs/deploy.md, "PostgreSQL") and sending the rows. Runs the last statement a scenario's API request sent
 * (`out/captured-sql.json`, written by every `bench:lists` run) N times on one connection and then on C
 * connections at once, with the API's planner settings, after 20 runs each to warm up.
 *
 *   SCENARIO='orders/shops typical search=Supplier 003' DATABASE_URL=postgres://postgres@127.0.0.1:5432/ob_bench \
 *     node --conditions=source --import tsx bench/lists/statement-cpu.ts
 *
 * Needs PostgreSQL on this machine and a user that may read its processes' /proc entries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PLANNER_SETTINGS } from '../../apps/api/src/db/pg-prepared.js';
import { cpuMsOf } from './proc.js';

type TCaptured = { scenario: string; statements: { text: string; values: unknown[] }[] };

const N = Number(process.env.N ?? 300);
const C = Number(process.env.C ?? 2);

const captured = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'out', 'captured-sql.json'), 'utf8'),
) as TCaptured[];
const scenario = captured.find((c) => c.scenario === process.env.SCENARIO);
if (!scenario) {
  console.error(`SCENARIO must name one of:\n${captured.map((c) => c.scenario).join('\n')}`);
  process.exit(1);
}
const statement = scenario.statements.at(-1)!;

async function measure(connections: number) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: PLANNER_SETTINGS });
      await client.connect();
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      return { client, pid };
    }),
  );
  const runs = (client: pg.Client, n: number) =>
    (async () => {
      for (let i = 0; i < n; i++) await client.query(statement.text, statement.values);
    })();
  await Promise.all(clients.map(({ client }) => runs(client, 20)));
  const before = clients.map(({ pid }) => cpuMsOf(pid));
  const started = performance.now();
  await Promise.all(clients.map(({ client }) => runs(client, N)));
  const seconds = (performance.now() - started) / 1000;
  const used = clients.reduce((sum, { pid }, i) => sum + cpuMsOf(pid) - before[i]!, 0);
  console.log(
    `${connections} connection(s): ${(used / (connections * N)).toFixed(2)} ms of PostgreSQL CPU a statement, ` +
      `${Math.round((connections * N) / seconds)} statements/s`,
  );
  await Promise.all(clients.map(({ client }) => client.end()));
}

console.log(
  `${scenario.scenario}: ${statement.text.length} characters, ${statement.values.length} parameters`,
);
await measure(1);
await measure(C);
