import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
import type { TDatabase } from './client.js';
import { preparedPool, RANKED_PAGE_CTE } from './pg-prepared.js';

// Named statements must answer exactly as unnamed ones, and each run is planned for its own parameters.
describe.runIf(process.env.TEST_DATABASE_URL)('statements prepared once on PostgreSQL', () => {
  let database: TDatabase;
  let plain: pg.Pool;
  let fast: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection each, so what the session has prepared is what the next statement sees.
    plain = new pg.Pool({ connectionString: database.url, max: 1 });
    fast = preparedPool({ connectionString: database.url, max: 1 });
    await plain.query(`create table t (id serial primary key, name text not null unique, at timestamptz,
      price numeric); insert into t (name, at, price) values ('apple', '2026-01-02T03:04:05Z', 1.50), ('pear', null, null)`);
  });
  afterAll(async () => {
    await plain?.end();
    await fast?.end();
    await database?.close();
  });

  /** The names this session has prepared the text under. */
  const prepared = async (text: string) =>
    (
      await fast.query({
        text: 'select name from pg_prepared_statements where statement = $1',
        values: [text],
      })
    ).rows.map((r) => r.name as string);
  const thrice = async (pool: pg.Pool, config: pg.QueryConfig) => {
    const out = [];
    for (let i = 0; i < 3; i++) out.push((await pool.query(config)).rows);
    return out;
  };

  it('answers a repeated statement as the unnamed one does, prepared from its second time', async () => {
    const config = { text: 'select id, name, at, price from t where id >= $1 order by id', values: [1] };
    await fast.query(config);
    expect(await prepared(config.text)).toEqual([]);
    expect(await thrice(fast, config)).toEqual(await thrice(plain, config));
    expect(await prepared(config.text)).toEqual([expect.stringMatching(/^ob_/)]);
  });

  it('never names a ranked list page, whose planning a named statement made slower', async () => {
    const config = {
      text: `with "${RANKED_PAGE_CTE}" as (select id from t where name like $1) select id from "${RANKED_PAGE_CTE}" order by id`,
      values: ['%p%'],
    };
    expect(await thrice(fast, config)).toEqual(await thrice(plain, config));
    expect(await prepared(config.text)).toEqual([]);
  });

  it('plans every run of a named statement for its own parameters, never once for all', async () => {
    const config = { text: 'select name from t where name like $1 order by name', values: ['%p%'] };
    for (let i = 0; i < 8; i++) {
      const term = i % 2 ? '%pp%' : '%ea%';
      expect((await fast.query({ ...config, values: [term] })).rows).toEqual(
        (await plain.query({ ...config, values: [term] })).rows,
      );
    }
    const { rows } = await fast.query({
      text: 'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
      values: [config.text],
    });
    // Seen once unnamed, then prepared: seven runs, each with a plan of its own.
    expect(rows).toEqual([{ generic_plans: '0', custom_plans: '7' }]);
  });

  it('keeps its connections, with what they prepared, after a burst has opened them', async () => {
    // node-postgres closes an idle connection after `idleTimeoutMillis` (10 s by default; 50 ms here).
    const pool = preparedPool({ connectionString: database.url, max: 3, idleTimeoutMillis: 50 });
    try {
      const config = { text: 'select pg_backend_pid() as pid, pg_sleep(0.05)::text as slept', values: [] };
      const burst = async () =>
        (await Promise.all([1, 2, 3].map(() => pool.query(config))))
          .map((r) => r.rows[0].pid as number)
          .sort();
      const opened = await burst();
      expect(new Set(opened).size).toBe(3);
      await new Promise((r) => setTimeout(r, 300));
      expect(pool.totalCount).toBe(3);
      // The same three server processes answer the next burst, each with its statement still prepared.
      expect(await burst()).toEqual(opened);
      const names = await Promise.all(
        [1, 2, 3].map(() =>
          pool.query({
            text: 'select count(*)::int as n from pg_prepared_statements where statement = $1',
            values: [config.text],
          }),
        ),
      );
      expect(names.map((r) => r.rows[0].n)).toEqual([1, 1, 1]);
    } finally {
      await pool.end();
    }
  });

  it('reports a failing statement every time, and the connection keeps working', async () => {
    const insert = { text: 'insert into t (name) values ($1)', values: ['apple'] };
    for (let i = 0; i < 3; i++) await expect(fast.query(insert)).rejects.toMatchObject({ code: '23505' });
    const ok = { text: 'insert into t (name) values ($1) returning name', values: ['plum'] };
    expect((await fast.query(ok)).rows).toEqual([{ name: 'plum' }]);
    expect((await fast.query({ ...ok, values: ['fig'] })).rows).toEqual([{ name: 'fig' }]);
  });
});
