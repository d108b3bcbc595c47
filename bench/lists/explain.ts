/**
 * Where a list's time goes, without load: EXPLAIN ANALYZE of every scenario's two statements (count, rows) on the
 * kept benchmark database (`KEEP_DB=1 npm run bench:lists` seeds it), planned with the API's connection settings
 * (without them a search showed a parallel plan the API never runs), each the fastest of three runs, so a slow
 * plan shows apart from a busy machine. `BENCH_ONLY=text` keeps the scenarios whose name holds it; `PLAN=1`
 * prints the plans too; `GENERIC=1` runs each statement's generic plan (prepared, `force_generic_plan`).
 *   node --conditions=source --import tsx bench/lists/explain.ts
 */
import { loadavg } from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDb } from '../../apps/api/src/db/client.js';
import { loadCommonPieces } from '../../apps/api/src/db/common-pieces.js';
import { PLANNER_SETTINGS } from '../../apps/api/src/db/pg-prepared.js';
import { bareQuery, benchLists, scenarios } from './lists.js';

const DB = process.env.BENCH_DB ?? 'ob_bench';
const pool = new pg.Pool({
  connectionString: `${process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'}/${DB}`,
  max: 1,
  // Planned as the API's connections plan (`PG_OPTIONS` adds settings to try, e.g. `-c join_collapse_limit=1`).
  options: `${PLANNER_SETTINGS} ${process.env.PG_OPTIONS ?? ''}`,
});
const db = drizzle(pool) as unknown as TDb;
const ids = (await pool.query('SELECT value FROM bench_meta')).rows[0].value.ids;
// the company's common number pieces, which the API reads in the background, before the first statement is built
await loadCommonPieces(db);
const only = process.env.BENCH_ONLY ?? '';
// GENERIC=1: each statement prepared and run with its generic plan (`plan_cache_mode = force_generic_plan`).
const GENERIC = Boolean(process.env.GENERIC);
if (GENERIC) await pool.query('SET plan_cache_mode = force_generic_plan');
const literal = (p: unknown) =>
  typeof p === 'number'
    ? String(p)
    : `'${String(p instanceof Date ? p.toISOString() : p).replaceAll("'", "''")}'`;
console.log(`load average ${loadavg().map((x) => x.toFixed(2))}`);
for (const s of scenarios(ids).filter((s) => s.name.includes(only))) {
  const { scope, query } = bareQuery(s.side, s.companyId, s.query);
  const times: string[] = [];
  const statements = benchLists[s.list]!.statements(db, scope, query);
  for (const [kind, statement] of [
    ['count', statements.count()],
    ['rows', statements.rows],
  ] as const) {
    const { sql: text, params } = statement.toSQL();
    let best = Number.POSITIVE_INFINITY;
    let planning = Number.POSITIVE_INFINITY;
    let plan = '';
    if (GENERIC) await pool.query(`PREPARE s AS ${text}`);
    for (let i = 0; i < 3; i++) {
      const explained = GENERIC
        ? await pool.query(`EXPLAIN (ANALYZE) EXECUTE s(${params.map((p) => literal(p)).join(', ')})`)
        : await pool.query(`EXPLAIN (ANALYZE) ${text}`, params);
      const lines = explained.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
      plan = lines.join('\n');
      best = Math.min(best, Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
      planning = Math.min(planning, Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1]));
    }
    if (GENERIC) await pool.query('DEALLOCATE s');
    // Planning counts too: the API's statements are planned on every request.
    times.push(`${kind} ${best.toFixed(1)} ms (+ ${planning.toFixed(1)} ms planning)`);
    if (process.env.PLAN) console.log(`${s.name} ${kind}:\n${plan}`);
  }
  console.log(`${s.name}: ${times.join(', ')}`);
}
await pool.end();
console.log(`load average ${loadavg().map((x) => x.toFixed(2))}`);
