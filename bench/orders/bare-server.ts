/**
 * The bare baseline: Fastify + pg, one route running the SQL the API's orders list runs (sql.ts), with the same
 * pool size as the API (10) and no auth, tenant guard, validation or reply shaping. Its own process; run.ts
 * starts and stops it. Listens on 127.0.0.1 only.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { bareQueries } from './sql.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/orders', async (request) => {
  const q = request.query as Record<string, string | undefined>;
  const params = {
    shopId: Number(q.shopId),
    perPage: Number(q.perPage ?? 50),
    status: q.status,
    shopSupplierId: q.shopSupplierId ? Number(q.shopSupplierId) : undefined,
    search: q.search,
  };
  const [count, page] = bareQueries(params);
  // Like the API: both statements at once, the page as arrays of values (as drizzle asks pg for them).
  const [total, rows] = await Promise.all([
    pool.query(count!.text, count!.values),
    pool.query({ text: page!.text, values: page!.values, rowMode: 'array' }),
  ]);
  return { total: Number(total.rows[0].count), page: 1, perPage: params.perPage, data: rows.rows };
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
