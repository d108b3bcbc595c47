import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { listenAuthWrites, type TAuthWrites, watchAuthWrites } from './auth-writes.js';
import { preparedPool } from './pg-prepared.js';
import { preparePgliteQueries } from './pglite-prepared.js';
import * as schema from './schema/index.js';

export type TSchema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for pg-boss) when not embedded. */
  url?: string;
  /** The raw PGlite instance (for pg-boss's adapter) when running embedded. */
  pglite?: PGlite;
  /** Every write to the auth tables, seen by this process (caches key on it; db/auth-writes.ts). */
  authWrites: TAuthWrites;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * The extensions the migrations create (search, migrations 0011 and 0025). PGlite loads an extension's files only when the
 * instance is created with it, so every `new PGlite` of a data folder passes these (also backup and restore).
 */
export const pgliteExtensions = { pg_trgm, unaccent, btree_gin };

/** Any fixed number, the same in every process: the key of the advisory lock held while migrating. */
const MIGRATION_LOCK = 7_402_117;

/**
 * Several processes starting together on one database (two APIs and two workers) would each apply the same
 * migrations at once and fail on each other's tables: one holds the lock and migrates, the others wait for it
 * and then find nothing left to apply.
 */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    // Closed rather than pooled: a session that failed half-way thereby also gives up the lock.
    client.release(true);
  }
}

/** PostgreSQL when a URL is given, else PGlite in `dir` (or in memory when `dir` is undefined). */
export async function openDatabase(opts: { url?: string; dir?: string }): Promise<TDatabase> {
  if (opts.url) {
    // A connection that cannot be made within 5 s fails the request (503) rather than holding it.
    const pool = preparedPool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server dropped (restart, terminated backend) is replaced on next use; without a
    // listener the pool's 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    await migrateLocked(pool);
    // After the migrations: 0031 adds the triggers that notify it.
    const authWrites = await listenAuthWrites(pool, opts.url);
    return {
      db,
      engine: 'postgres',
      url: opts.url,
      authWrites,
      close: async () => {
        await authWrites.close();
        await pool.end();
      },
    };
  }
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const pglite = new PGlite({ dataDir: opts.dir, extensions: pgliteExtensions });
  // Under the auth-write watcher, which must see every statement, prepared or not.
  preparePgliteQueries(pglite);
  const authWrites = watchAuthWrites(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as TDb;
  await migratePglite(drizzlePglite(pglite), { migrationsFolder });
  return { db, engine: 'pglite', pglite, authWrites, close: () => pglite.close() };
}
