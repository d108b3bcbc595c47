import { SEARCH_TOTAL_CAP } from '@orderbridge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCompany,
  createTestApp,
  linkSupplier,
  signUp,
  type TSession,
  type TTestApp,
} from '../test/harness.js';
import { commonPieces, loadCommonPieces } from './common-pieces.js';
import { orders } from './schema/index.js';

/**
 * A big shop's numbers all share pieces (`inv`, `nv-`, `v-0`): those are read from the statistics and left out of
 * the search's index condition, and the search finds what it found with them. PGlite or PostgreSQL
 * (TEST_DATABASE_URL).
 */
let t: TTestApp;
let shop: TSession;
let shopId: number;
const NUMBERS = 2_500;

beforeAll(async () => {
  t = await createTestApp();
  shop = await signUp(t.app);
  shopId = await createCompany(t.app, shop, 'shops', 'Big Shop');
  const link = await linkSupplier(t.app, shop, shopId, 'Paper Mill');
  const order = (invoiceNum: string, minutes: number) => ({
    shopId,
    supplierId: link.supplierId,
    shopSupplierId: link.linkId,
    status: 'open' as const,
    invoiceNum,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
  });
  // INV-00000 … INV-02499, then one number that holds 0999 without beginning with it
  await t.app.db
    .insert(orders)
    .values(Array.from({ length: NUMBERS }, (_, i) => order(`INV-${String(i).padStart(5, '0')}`, i)));
  await t.app.db.insert(orders).values(order('X-0999-B', NUMBERS));
  await t.app.db.execute(sql`analyze orders`);
}, 120_000);
afterAll(() => t.close());

const search = async (term: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shops/${shopId}/orders?search=${encodeURIComponent(term)}&PerPage=50`,
    headers: bearer(shop.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json().data as { total: number; data: { invoiceNum: string }[] };
  return { total: page.total, numbers: page.data.map((o) => o.invoiceNum) };
};

describe('common pieces of a company’s numbers', () => {
  it('are the pieces the statistics count in more than a thousand of its orders', async () => {
    const common = () => commonPieces(t.app.db, 'orders_shop_grams_trgm_idx', shopId);
    // none from the statistics read at the app's start, before ANALYZE: the search then names every piece
    expect(common()).toEqual([]);
    await loadCommonPieces(t.app.db);
    expect(common()).toContain(`${shopId}:inv`);
    expect(common()).toEqual(expect.arrayContaining([`${shopId}:nv-`, `${shopId}:v-0`]));
    // in ten numbers, and the supplier side's index is another company's
    expect(common()).not.toContain(`${shopId}:099`);
    expect(commonPieces(t.app.db, 'orders_supplier_grams_trgm_idx', shopId)).toEqual([]);
  });

  it('leave the search’s results as they were: every number holding the term, by prefix first', async () => {
    await loadCommonPieces(t.app.db);
    expect(commonPieces(t.app.db, 'orders_shop_grams_trgm_idx', shopId)).not.toEqual([]);
    expect(await search('0999')).toEqual({ total: 2, numbers: ['X-0999-B', 'INV-00999'] });
    const inRange = await search('v-0249');
    expect(inRange.total).toBe(10);
    expect(inRange.numbers).toEqual(Array.from({ length: 10 }, (_, i) => `INV-0249${9 - i}`));
    // every piece of "inv-0" is common: all are kept, and the prefix rank counts to the search's cap
    const all = await search('INV-0');
    expect(all.numbers[0]).toBe('INV-02499');
    expect(all.total).toBe(SEARCH_TOTAL_CAP);
  });

  it('rare_pieces drops the common pieces unless none would be left', async () => {
    const rare = async (pieces: string, common: string) => {
      const { rows } = (await t.app.db.execute(
        sql`select rare_pieces(${pieces}::text[], ${common}::text[]) as p`,
      )) as unknown as { rows: { p: string[] }[] };
      return rows[0]?.p;
    };
    expect(await rare('{1:inv,1:099,1:999}', '{1:inv,"1: po"}')).toEqual(['1:099', '1:999']);
    expect(await rare('{1:inv,1:nv-}', '{1:inv,1:nv-}')).toEqual(['1:inv', '1:nv-']);
    expect(await rare('{1:inv}', '{}')).toEqual(['1:inv']);
  });

  it('tenant_grams keys each 3-character piece once by the company, and search_fold folds case and accents', async () => {
    const one = async (query: ReturnType<typeof sql>) => {
      const { rows } = (await t.app.db.execute(query)) as unknown as { rows: { v: unknown }[] };
      return rows[0]?.v;
    };
    const grams = (text: string) => one(sql`select tenant_grams(7, ${text}) as v`);
    // The keyed GIN indexes hold these values: any change of them would leave rows out of a search.
    expect([...((await grams('inv-inv')) as string[])].sort()).toEqual(['7:-in', '7:inv', '7:nv-', '7:v-i']);
    expect(await grams('ab')).toBeNull();
    expect(await grams('')).toBeNull();
    expect(await one(sql`select search_fold('Bäckerei ÉCLAIR Straße') as v`)).toBe('backerei eclair strasse');
  });
});
