import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import {
  bearer,
  createCompany,
  createTestApp,
  lastMailTo,
  signIn,
  signUp,
  statementsSent,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../test/harness.js';
import { createSessionCheck } from './auth.js';

// Issue 19: a signed-in request costs its own SQL and no more (its session and membership reads are cached until
// an auth write, db/auth-writes.ts), and the cache never outlives a revoked right.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, s: TSession) => t.app.inject({ method: 'GET', url, headers: bearer(s.token) });

/** A first request once the set-up's writes are all counted (on PostgreSQL their notifications come after commit). */
async function warm(url: string, s: TSession) {
  await t.database.authWrites.settled();
  expect((await get(url, s)).statusCode).toBe(200);
}

async function shopWithMember() {
  const admin = await signUp(t.app, { email: uniqueEmail('admin') });
  const shopId = await createCompany(t.app, admin, 'shops');
  const email = uniqueEmail('member');
  await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/users/invite`,
    headers: bearer(admin.token),
    payload: { email },
  });
  const invitation = new URL((await lastMailTo(t.app, email)).links[0]!).searchParams.get('invitation')!;
  const member = await signUp(t.app, { email, invitation });
  return { admin, member, shopId };
}

describe('per-request cost of a signed-in request', () => {
  it('a list request sends the list’s own statements (the count only when the page is full) and no session check', async () => {
    const { member, shopId } = await shopWithMember();
    const url = `/api/shops/${shopId}/orders?PerPage=25`;
    await warm(url, member);
    const sent = await statementsSent(t, async () => expect((await get(url, member)).statusCode).toBe(200));
    // No orders: the empty first page is the whole list, so its total needs no count.
    expect(sent.filter((s) => /from "orders"/.test(s))).toHaveLength(1);
    expect(sent.filter((s) => /count\(/.test(s))).toHaveLength(0);
    expect(sent).toHaveLength(1);
  });

  it('the suppliers list sends the list’s own statements and one for its per-supplier counts', async () => {
    const { admin, shopId } = await shopWithMember();
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/suppliers`,
      headers: bearer(admin.token),
      payload: { supplierEmail: uniqueEmail('farm'), supplierName: 'Farm' },
    });
    const url = `/api/shops/${shopId}/suppliers?PerPage=25`;
    await warm(url, admin);
    const sent = await statementsSent(t, async () => expect((await get(url, admin)).statusCode).toBe(200));
    // The page (list module; one supplier, so the page is the whole list and nothing is counted), the documents'
    // and orders' counts per supplier.
    expect(sent.filter((s) => /from "shop_suppliers"/.test(s))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  it('a repeated profile read costs no statement', async () => {
    const { member } = await shopWithMember();
    await warm('/api/profile', member);
    const sent = await statementsSent(t, async () =>
      expect((await get('/api/profile', member)).statusCode).toBe(200),
    );
    expect(sent).toHaveLength(0);
  });
});

describe('revoked rights end at once, cache or not', () => {
  it('a removed member is refused on the very next request, and the profile no longer lists the company', async () => {
    const { admin, member, shopId } = await shopWithMember();
    const url = `/api/shops/${shopId}/orders?PerPage=25`;
    expect((await get(url, member)).statusCode).toBe(200);
    expect(
      (await get('/api/profile', member)).json().data.companies.map((c: { id: number }) => c.id),
    ).toEqual([shopId]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/${member.userId}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    const refused = await get(url, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have access to this company.');
    expect((await get('/api/profile', member)).json().data.companies).toEqual([]);
    // The admin's own cached access is untouched by the change.
    expect((await get(url, admin)).statusCode).toBe(200);
  });

  it('a demoted admin loses admin rights on the next request', async () => {
    const { admin, member, shopId } = await shopWithMember();
    const promote = (who: TSession, role: 'admin' | 'member', by: TSession) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/shops/${shopId}/users/${who.userId}`,
        headers: bearer(by.token),
        payload: { role },
      });
    expect((await promote(member, 'admin', admin)).statusCode).toBe(200);
    // The new admin's rights are read (and cached), then taken away again by the first admin.
    expect((await get(`/api/shops/${shopId}/users`, member)).statusCode).toBe(200);
    expect((await promote(admin, 'member', member)).statusCode).toBe(200);
    expect((await promote(member, 'member', admin)).statusCode).toBe(403);
  });

  it('a signed-out session, and every session after sign-out everywhere, is refused on the next request', async () => {
    const { member, shopId } = await shopWithMember();
    const url = `/api/shops/${shopId}/orders?PerPage=25`;
    expect((await get(url, member)).statusCode).toBe(200);
    expect((await get('/api/profile', member)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-out',
      headers: bearer(member.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await get(url, member)).statusCode).toBe(401);
    expect((await get('/api/profile', member)).statusCode).toBe(401);

    const { admin, shopId: other } = await shopWithMember();
    const otherUrl = `/api/shops/${other}/orders?PerPage=25`;
    expect((await get(otherUrl, admin)).statusCode).toBe(200);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      headers: bearer(admin.token),
    });
    expect(everywhere.statusCode).toBe(200);
    expect((await get(otherUrl, admin)).statusCode).toBe(401);
    expect((await get('/api/profile', admin)).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('another API process on the same PostgreSQL', () => {
  it('honours a sign-out made by this one as soon as its commit is heard, and listens again when cut off', async () => {
    // A second pool and listener on the app's database: what another API process has.
    const other = await openDatabase({ url: t.database.url });
    try {
      const check = createSessionCheck(other.db, other.authWrites);
      const { member, shopId } = await shopWithMember();
      const claims = await t.app.accessTokens.verify(member.token);
      if (!claims) throw new Error('the member’s token does not verify');
      await other.authWrites.settled();
      expect(await check(claims, shopId)).toEqual({
        member: { role: 'member', type: 'shops', suspended: false },
      });
      expect(await statementsSent(t, () => check(claims, shopId))).toHaveLength(0);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: bearer(member.token),
      });
      expect(out.statusCode).toBe(200);
      await other.authWrites.settled();
      expect(await check(claims, shopId)).toBeNull();

      // Its listening connection cut (this app's too: both last sent `select 1`): it connects again and caches again.
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'select 1'`,
      );
      await admin.end();
      const live = await signIn(t.app, member.email);
      const liveClaims = await t.app.accessTokens.verify(live.token);
      if (!liveClaims) throw new Error('the new token does not verify');
      await expect
        .poll(
          async () => {
            await other.authWrites.settled();
            await check(liveClaims, shopId);
            return (await statementsSent(t, () => check(liveClaims, shopId))).length;
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(0);
    } finally {
      await other.close();
    }
  });
});
