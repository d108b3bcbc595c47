/**
 * The bare baseline: Fastify + pg, one route per list that runs the SQL the API's list runs, built by the API's
 * own list builder (`statements()` of lib/list.ts, the same code the API calls), with the same pool size as the
 * API (10) and no auth, tenant guard, validation or reply shaping. Its own process; run.ts starts and stops it
 * and checks, against a capture of the real app, that the statements are the API's to the parameter.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import type { TDb } from '../../apps/api/src/db/client.js';
import { loadCommonPieces } from '../../apps/api/src/db/common-pieces.js';
import { preparedPool } from '../../apps/api/src/db/pg-prepared.js';
import { totalOfPage } from '../../apps/api/src/lib/list.js';
import { bareQuery, benchLists } from './lists.js';

// Statements prepared as the API's are (db/pg-prepared.ts), so the comparison is of the API's own work.
const pool = preparedPool({ connectionString: process.env.DATABASE_URL, max: 10 });
// Only to build SQL with: statements are sent with pool.query below, as arrays, like drizzle asks pg for them.
const db = drizzle(pool) as unknown as TDb;
// As the API does before its first request: the same common pieces in the same searches.
await loadCommonPieces(db);
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/:list/:side/:companyId', async (request) => {
  const { list: name, side, companyId } = request.params as { list: string; side: string; companyId: string };
  const { scope, query } = bareQuery(side, Number(companyId), request.query as Record<string, string>);
  const { count, rows } = benchLists[name]!.statements(db, scope, query);
  const r = rows.toSQL();
  const page = await pool.query({ text: r.sql, values: r.params, rowMode: 'array' });
  // Like the API: the count only when the page does not tell the total.
  const counted = page.fields.findIndex((f) => f.name === 'list_total');
  const known = totalOfPage(
    query,
    page.rows.length,
    counted < 0 ? undefined : Number(page.rows[0]?.[counted]),
  );
  if (known !== undefined) return { total: known, data: page.rows };
  const c = count().toSQL();
  const total = await pool.query({ text: c.sql, values: c.params, rowMode: 'array' });
  return { total: Number(total.rows[0][0]), data: page.rows };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3472) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}
