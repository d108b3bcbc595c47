import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
import { listenAuthWrites, writesAuth } from './auth-writes.js';
import { openDatabase, type TDatabase } from './client.js';

// A write this misses would leave a cached session or membership alive in this process after it was revoked.
describe('writesAuth', () => {
  it('sees every form of write to sessions, users, memberships and companies', () => {
    for (const statement of [
      'update "sessions" set "revoked_at" = $1 where "sessions"."id" = $2',
      'insert into "sessions" ("id", "user_id") values ($1, $2)',
      'delete from "memberships" where ("memberships"."company_id" = $1 and "memberships"."user_id" = $2)',
      'UPDATE users SET tokens_valid_after = now()',
      'update "public"."companies" set "suspended_at" = now() where "id" = $1',
      'with gone as (delete from memberships where company_id = $1 returning user_id) select count(*) from gone',
      'DELETE FROM "users"\nWHERE id = $1',
      'truncate table "sessions" cascade',
      'insert into "memberships"("company_id", "user_id", "role") values ($1, $2, $3)',
    ]) {
      expect(writesAuth(statement), statement).toBe(true);
    }
  });

  it('leaves reads and writes of other tables alone', () => {
    for (const statement of [
      'select "users"."tokens_valid_after" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
      'select * from "companies" for update of "companies"',
      'update "mailboxes" set "watched_by" = $1',
      'insert into "users_audit" ("id") values ($1)',
      'insert into "orders" ("shop_id") values ($1) on conflict do update set "company" = $2',
    ]) {
      expect(writesAuth(statement), statement).toBe(false);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('listenAuthWrites (PostgreSQL)', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('counts a write of another process when it commits, not before, and a rolled-back one not at all', async () => {
    const other = await openDatabase({ url: database.url });
    try {
      const heard = other.authWrites;
      const touch = sql`update "companies" set "name" = "name" where false`;
      await heard.settled();
      const before = heard.generation();
      await database.db.transaction(async (tx) => {
        await tx.execute(touch);
        await heard.settled();
        expect(heard.generation()).toBe(before);
      });
      await heard.settled();
      const after = heard.generation();
      expect(after).toBeGreaterThan(before);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(touch);
          throw new Error('roll back');
        })
        .catch(() => {});
      await heard.settled();
      expect(heard.generation()).toBe(after);
      // A write of a table the caches do not read is not counted.
      await database.db.execute(sql`update "orders" set "status" = "status" where false`);
      await heard.settled();
      expect(heard.generation()).toBe(after);
    } finally {
      await other.close();
    }
  });

  it('counts this process’s own write while it is sent and again when its transaction has ended', async () => {
    const own = database.authWrites;
    const before = own.generation();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update "sessions" set "revoked_at" = "revoked_at" where false`);
      expect(own.generation()).toBeGreaterThan(before);
    });
    const ended = own.generation();
    expect(ended).toBeGreaterThan(before + 1);
  });

  it('keeps nothing while it cannot listen: the count moves on every read', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const url = new URL(database.url!);
    url.pathname = '/ob_no_such_database';
    const deaf = await listenAuthWrites(pool, url.toString());
    try {
      expect(deaf.generation()).not.toBe(deaf.generation());
    } finally {
      await deaf.close();
      await pool.end();
    }
  });
});
