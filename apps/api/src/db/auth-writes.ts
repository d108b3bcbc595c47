import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * A count of the writes that can change who may do what: to sessions (sign-in, sign-out, refresh), users (sign-out
 * everywhere, account deletion and its cascades), memberships (joins, role changes, removals) and companies
 * (suspension, deletion and its cascades). Caches of session, membership and profile reads stay valid only while
 * it does not move (lib/auth-cache.ts).
 */
export type TAuthWrites = {
  generation: () => number;
  /** Resolves once every write committed before the call has been counted (PostgreSQL: its notification heard). */
  settled: () => Promise<void>;
};

/** The channel migration 0031's triggers notify on every statement that writes one of those tables. */
export const AUTH_WRITES_CHANNEL = 'ob_auth_writes';

/**
 * A statement that writes one of those tables, in any form drizzle or hand-written SQL takes (quoted or not,
 * schema-qualified, in a CTE). A false match only empties the caches; a miss would keep a revoked right, so the
 * test (auth-writes.test.ts) sends every form.
 */
const AUTH_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:sessions|users|memberships|companies)"?(?=[\s(,;]|$)/i;

export const writesAuth = (statement: string) => AUTH_WRITE.test(statement);

type TRunner = Pick<PGlite, 'query' | 'exec'>;

/**
 * Counts auth writes on the embedded database. Every statement of this process goes through its one PGlite (no other
 * process can open the data folder), so the count sees every write and a cache keyed on it is exact: nothing is
 * served from a cache once a write that could change it has been sent. The count moves when such a statement is
 * sent (reads queued behind it see it) and again when it and its transaction have ended.
 */
export function watchAuthWrites(pglite: PGlite): TAuthWrites {
  let generation = 0;
  const bump = () => {
    generation += 1;
  };
  const watch = <T extends TRunner>(runner: T, onWrite: () => void): T => {
    const query = runner.query.bind(runner);
    const exec = runner.exec.bind(runner);
    runner.query = async (statement, params, options) => {
      if (!writesAuth(statement)) return query(statement, params, options);
      onWrite();
      try {
        return await query(statement, params, options);
      } finally {
        onWrite();
      }
    };
    runner.exec = async (statement, options) => {
      if (!writesAuth(statement)) return exec(statement, options);
      onWrite();
      try {
        return await exec(statement, options);
      } finally {
        onWrite();
      }
    };
    return runner;
  };
  watch(pglite, bump);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    let wrote = false;
    try {
      return await transaction((tx) =>
        callback(
          watch(tx, () => {
            wrote = true;
            bump();
          }),
        ),
      );
    } finally {
      // Committed (or rolled back): whatever was read while the transaction ran is read again.
      if (wrote) bump();
    }
  };
  return { generation: () => generation, settled: async () => {} };
}

/** How long the listener waits before connecting again after it lost its connection (doubling up to the last). */
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Counts auth writes on PostgreSQL, where other processes (API, workers, an operator's psql) write too. Two sources:
 * - this process's own writes, seen as they are sent on any connection of `pool` (and again when that connection is
 *   released, after its transaction ended), so this process honours its own sign-out on its very next request;
 * - everyone's writes, as notifications of migration 0031's statement triggers, which PostgreSQL delivers to a
 *   connection of this process that LISTENs, when the writing transaction commits: another process's sign-out
 *   reaches this one's caches within the delivery time (well under a millisecond on one host).
 * While the listening connection is not up (starting, lost, reconnecting) a notification could be missed, so the
 * count moves on every read of it and nothing is cached.
 */
export async function listenAuthWrites(
  pool: pg.Pool,
  url: string,
): Promise<TAuthWrites & { close: () => Promise<void> }> {
  let generation = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  const bump = () => {
    generation += 1;
  };

  const wrote = new WeakSet<pg.PoolClient>();
  pool.on('connect', (poolClient) => {
    // Through the prototype at each call, not a bound copy: whatever wraps pg.Client's query later still sees it.
    const query = (...args: unknown[]) =>
      (Object.getPrototypeOf(poolClient) as { query: (...a: unknown[]) => unknown }).query.apply(
        poolClient,
        args,
      );
    (poolClient as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (typeof text !== 'string' || !writesAuth(text)) return query(...args);
      bump();
      wrote.add(poolClient);
      // pg-pool's own `pool.query` passes a callback; drizzle awaits the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...result: unknown[]) => {
          bump();
          return callback(...result);
        };
        return query(...args);
      }
      return (query(...args) as Promise<unknown>).finally(bump);
    };
  });
  pool.on('release', (_error, poolClient) => {
    // Committed or rolled back: whatever was read while its transaction ran is read again.
    if (wrote.has(poolClient)) {
      wrote.delete(poolClient);
      bump();
    }
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', bump);
    const lost = () => {
      if (client !== next) return;
      listening = false;
      client = undefined;
      if (closed) return;
      const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
      setTimeout(() => void connect(), wait).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_WRITES_CHANNEL}`);
      if (closed) return void (await next.end());
      // Writes made while it was down were not heard: what was read before is read again.
      bump();
      listening = true;
      attempt = 0;
    } catch {
      lost();
      void next.end().catch(() => {});
    }
  };
  await connect();

  return {
    generation: () => (listening ? generation : ++generation),
    // PostgreSQL sends a listening connection the notifications of transactions committed before a statement ends
    // ahead of that statement's answer.
    settled: async () => {
      if (listening) await client?.query('select 1').catch(() => {});
    },
    close: async () => {
      closed = true;
      listening = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
