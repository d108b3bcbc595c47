import { describe, expect, it } from 'vitest';
import { writesAuth } from './auth-writes.js';

// A write this misses would leave a cached session or membership alive on the embedded database after it was revoked.
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
