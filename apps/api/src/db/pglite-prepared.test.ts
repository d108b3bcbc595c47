import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePgliteQueries } from './pglite-prepared.js';

// The prepared path must answer exactly as PGlite's own query does, however often a statement is sent.
let plain: PGlite;
let fast: PGlite;
beforeAll(async () => {
  plain = new PGlite();
  fast = new PGlite();
  preparePgliteQueries(fast);
  for (const db of [plain, fast]) {
    await db.exec(`create table t (id serial primary key, name text not null unique, at timestamptz, tags jsonb,
      price numeric, ok boolean); insert into t (name, at, tags, price, ok) values
      ('a', '2026-01-02T03:04:05Z', '{"x":[1,2]}', 1.50, true), ('b', null, null, null, false)`);
  }
});
afterAll(async () => {
  await plain.close();
  await fast.close();
});

/** What `db` answers to the same statement sent three times (the first plain, then prepared). */
const thrice = async (db: PGlite, text: string, params: unknown[], options?: { rowMode: 'array' }) => {
  const out = [];
  for (let i = 0; i < 3; i++) out.push(await db.query(text, params, options));
  return out;
};

describe('statements prepared once on PGlite', () => {
  it('returns the same rows, fields and types as PGlite’s query, in both row modes', async () => {
    const text = 'select id, name, at, tags, price, ok from t where id >= $1 and name <> $2 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const want = await thrice(plain, text, [1, 'z'], options);
      expect(await thrice(fast, text, [1, 'z'], options)).toEqual(want);
      expect(want[0]!.rows).toHaveLength(2);
    }
  });

  it('sends writes and their affected rows, and later reads see them', async () => {
    for (const db of [plain, fast]) {
      for (const name of ['c', 'd', 'e']) {
        const r = await db.query('insert into t (name, at) values ($1, $2) returning name', [
          name,
          new Date(),
        ]);
        expect(r.rows).toEqual([{ name }]);
      }
      const updated = await db.query('update t set ok = $1 where name = any($2)', [true, ['c', 'd']]);
      const again = await db.query('update t set ok = $1 where name = any($2)', [true, ['c', 'd']]);
      expect([updated.affectedRows, again.affectedRows]).toEqual([2, 2]);
    }
    const count = (db: PGlite) => db.query('select count(*)::int as n from t where ok');
    await count(fast);
    expect(await count(fast)).toEqual(await count(plain));
  });

  it('reports a failing statement as PGlite does, and the statement works again afterwards', async () => {
    const insert = 'insert into t (name) values ($1)';
    await fast.query(insert, ['f']);
    await fast.query(insert, ['g']);
    const error = await fast.query(insert, ['g']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['g'] });
    expect((await fast.query(insert, ['h'])).affectedRows).toBe(1);
  });

  it('follows a change of the table under a prepared statement', async () => {
    const text = 'select * from t where name = $1';
    await fast.query(text, ['a']);
    await fast.query(text, ['a']);
    await fast.exec('alter table t add column note text');
    const after = await fast.query<{ note: string | null }>(text, ['a']);
    expect(after.rows[0]).toHaveProperty('note', null);
    expect(after.fields.map((f) => f.name)).toContain('note');
  });

  it('never runs inside another caller’s transaction', async () => {
    const read = 'select count(*)::int as n from t where name = $1';
    await fast.query(read, ['tx']);
    let during: Promise<unknown> | undefined;
    await fast.transaction(async (tx) => {
      await tx.query("insert into t (name) values ('tx')");
      during = fast.query(read, ['tx']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.rollback();
    });
    expect(await during).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('keeps answering when more statements are sent than it keeps prepared', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 300; i++) {
        const r = await fast.query<{ v: number }>(`select $1::int + ${i} as v`, [round]);
        expect(r.rows[0]!.v).toBe(round + i);
      }
    }
  });
});
