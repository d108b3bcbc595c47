import { eq, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
import type { TDatabase } from './client.js';
import { pageRows } from './page-rows.js';

const parents = pgTable('page_rows_parent', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }),
  price: numeric('price'),
});
const kids = pgTable('page_rows_kid', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }),
});

// The list pages' rows must be exactly what drizzle's own mapping gives, on either engine.
describe('list page rows mapped once a statement', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table page_rows_parent (id serial primary key, name text not null,
      at timestamptz, price numeric)`);
    await database.db.execute(sql`create table page_rows_kid (id serial primary key, parent_id int not null,
      label text, at timestamptz)`);
    await database.db.execute(sql`insert into page_rows_parent (name, at, price) values
      ('Alpha', '2026-01-02T03:04:05.678Z', 12.50), ('Beta', null, null), ('Gamma', '2026-03-04T05:06:07Z', 0)`);
    await database.db.execute(sql`insert into page_rows_kid (parent_id, label, at) values
      (1, 'first', '2026-02-03T04:05:06Z'), (1, null, null), (3, 'third', null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const selection = () => ({
    parent: parents,
    kid: kids,
    // A left-joined object whose first column is null although the row exists: drizzle makes it null.
    kidLabel: { label: kids.label, at: kids.at },
    // Columns of two tables in one object: never made null.
    mixed: { label: kids.label, name: parents.name },
    shout: sql<string>`upper(${parents.name})`.as('shout'),
    kidCount: sql<number>`(select count(*) from page_rows_kid k where k.parent_id = ${parents.id})`.mapWith(
      Number,
    ),
    plain: sql<string | null>`${kids.label}`,
  });

  it('gives the rows drizzle gives for a left join, with nulls, timestamps and computed fields', async () => {
    const build = () =>
      database.db
        .select(selection())
        .from(parents)
        .leftJoin(kids, eq(kids.parentId, parents.id))
        .orderBy(parents.id, kids.id);
    const expected = await build();
    const rows = await pageRows<(typeof expected)[number]>(build());
    expect(rows).toEqual(expected);
    // What makes the comparison worth having: each kind of field is in it.
    expect(rows.map((r) => r.kid?.id ?? null)).toEqual([1, 2, null, 3]);
    expect(rows[1]!.kidLabel).toBeNull();
    expect(rows[2]!.mixed).toEqual({ label: null, name: 'Beta' });
    expect(rows[0]!.parent.at).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(rows[0]!.kidCount).toBe(2);
  });

  it('keeps an inner-joined object whose first column is null, as drizzle does', async () => {
    const build = () =>
      database.db
        .select({ kidLabel: { label: kids.label, at: kids.at }, name: parents.name })
        .from(kids)
        .innerJoin(parents, eq(parents.id, kids.parentId))
        .orderBy(kids.id);
    const expected = await build();
    const rows = await pageRows<(typeof expected)[number]>(build());
    expect(rows).toEqual(expected);
    expect(rows[1]!.kidLabel).toEqual({ label: null, at: null });
  });

  it('answers an empty page with no rows', async () => {
    const build = () =>
      database.db.select(selection()).from(parents).leftJoin(kids, sql`false`).where(sql`false`);
    expect(await pageRows(build())).toEqual([]);
  });
});
