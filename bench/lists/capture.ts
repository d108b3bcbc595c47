/**
 * Captures every SQL statement one orders-list request sends to PostgreSQL, by building the real app in this
 * process, wrapping `pg.Client.prototype.query` and injecting the request. Used to check that the bare server
 * runs exactly the SQL the API runs, and to count the queries per request.
 */
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';

export type TCaptured = { text: string; values: unknown[] };

export async function captureRequestSql(
  env: NodeJS.ProcessEnv,
  requests: { url: string; token: string }[],
): Promise<TCaptured[][]> {
  const app = await buildApp(loadConfig(env));
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let sink: TCaptured[] | null = null;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const values =
      typeof first === 'object' && first && 'values' in first
        ? (first as { values: unknown[] }).values
        : Array.isArray(second)
          ? second
          : [];
    // pg-boss and the event stream poll in the background: their statements are not the request's.
    if (sink && text && !/pgboss|"live_events"/.test(text)) sink.push({ text, values });
    return original.apply(this, args);
  };
  try {
    await app.ready();
    const out: TCaptured[][] = [];
    for (const r of requests) {
      sink = [];
      const res = await app.inject({
        method: 'GET',
        url: r.url,
        headers: { authorization: `Bearer ${r.token}` },
      });
      if (res.statusCode !== 200) throw new Error(`capture ${r.url}: ${res.statusCode} ${res.body}`);
      out.push(sink);
      sink = null;
    }
    return out;
  } finally {
    proto.query = original;
    await app.close();
  }
}
