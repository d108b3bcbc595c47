import { LIST_TOTAL_CAP } from '@orderbridge/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSuppliers } from '../db/schema/index.js';
import {
  bearer,
  createCompany,
  createTestApp,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../test/harness.js';

let t: TTestApp;
let shop: TSession;
let shopId: number;
let supplierId: number;
/** More orders than the total's cap; created in threes at the same minute, so the sort keys tie. */
const ORDERS = LIST_TOTAL_CAP + 50;

beforeAll(async () => {
  t = await createTestApp();
  shop = await signUp(t.app);
  shopId = await createCompany(t.app, shop, 'shops');
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/suppliers`,
    headers: bearer(shop.token),
    payload: { supplierEmail: uniqueEmail('supplier'), supplierName: 'Fresh Farm' },
  });
  const linkId = link.json().data.shopSupplierId as number;
  const [row] = await t.app.db.select().from(shopSuppliers).where(eq(shopSuppliers.id, linkId));
  supplierId = row!.supplierId;
  // Ties on every sort key (same minute, repeating totals and dates) and NULLs in the nullable ones.
  await t.app.db.execute(sql`
    insert into orders (shop_id, supplier_id, shop_supplier_id, status, invoice_num, invoice_total, invoice_date, created_at)
    select ${shopId}, ${supplierId}, ${linkId},
      (array['open', 'delivered', 'closed', 'disputed'])[1 + i % 4],
      'INV-' || i,
      case when i % 7 = 0 then null else (i * 37) % 500 end,
      case when i % 5 = 0 then null else date '2026-01-01' + (i % 90) end,
      timestamptz '2026-01-01 00:00Z' + (i / 3) * interval '1 minute'
    from generate_series(1, ${ORDERS}) i`);
}, 120_000);
afterAll(() => t.close());

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/orders?${query}`, headers: bearer(shop.token) });

type TRow = { id: number; createdDate: string; invoiceTotal: number | null; invoiceDate: string | null };

describe('the shared list module', () => {
  it('walks every sort by cursor, each row once, in order, the same rows as the page numbers', async () => {
    const keyOf: Record<string, (r: TRow) => string | number | null> = {
      newest: (r) => r.createdDate,
      oldest: (r) => r.createdDate,
      total: (r) => r.invoiceTotal,
      invoiceDate: (r) => r.invoiceDate,
    };
    for (const sort of ['newest', 'oldest', 'total', 'invoiceDate']) {
      const seen: TRow[] = [];
      let cursor: string | null = null;
      let pageNo = 1;
      do {
        const res = await list(
          `status=open&sort=${sort}&PerPage=100&Page=${pageNo}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        if (pageNo <= 3) {
          // The cursor reaches the same rows as the page number would.
          const byNumber = (await list(`status=open&sort=${sort}&PerPage=100&Page=${pageNo}`)).json().data;
          expect(data.data.map((r: TRow) => r.id)).toEqual(byNumber.data.map((r: TRow) => r.id));
        }
        seen.push(...data.data);
        cursor = data.nextCursor;
        pageNo++;
      } while (cursor);
      const open = Math.floor((ORDERS + 1) / 4);
      expect(seen).toHaveLength(open);
      expect(new Set(seen.map((r) => r.id)).size).toBe(open);
      // Keys never go backwards (NULLs last when descending, first when ascending); ties broken by id.
      const compare = (x: string | number | null, y: string | number | null) =>
        x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      const direction = sort === 'oldest' ? 1 : -1;
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        const step = compare(keyOf[sort]!(a), keyOf[sort]!(b)) || (a.id < b.id ? -1 : 1);
        expect(step).toBe(-direction);
      }
    }
  }, 120_000);

  it('gives an exact total up to the cap and says when it is capped', async () => {
    const all = (await list('PerPage=10')).json().data;
    expect(all).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true, page: 1, perPage: 10 });
    const open = (await list('status=open&PerPage=10')).json().data;
    expect(open).toMatchObject({ total: Math.floor((ORDERS + 1) / 4), totalCapped: false });
    // The last page reached by number gives the same total as the count (it is not sent there), and a page past
    // the end still counts.
    const lastPage = Math.ceil(Math.floor((ORDERS + 1) / 4) / 100);
    const last = (await list(`status=open&PerPage=100&Page=${lastPage}`)).json().data;
    expect(last).toMatchObject({ total: open.total, totalCapped: false });
    expect(last.data.length).toBeLessThan(100);
    const past = (await list(`status=open&PerPage=100&Page=${lastPage + 2}`)).json().data;
    expect(past).toMatchObject({ total: open.total, data: [] });
    const none = (await list('status=open&from=2030-01-01')).json().data;
    expect(none).toMatchObject({ total: 0, totalCapped: false, nextCursor: null, data: [] });
  });

  it('refuses a bad cursor, another sort’s cursor and a page too deep for page numbers', async () => {
    const garbage = await list('cursor=not-a-cursor');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ success: false, errors: { cursor: expect.any(Array) } });
    const forged = Buffer.from(JSON.stringify(['newest', { a: 1 }, 1])).toString('base64url');
    expect((await list(`cursor=${forged}`)).statusCode).toBe(400);
    const newest = (await list('PerPage=5')).json().data.nextCursor;
    const other = await list(`sort=total&cursor=${newest}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/cursor/);
    const deep = await list('Page=102&PerPage=100');
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ success: false, errors: { page: expect.any(Array) } });
    expect(deep.json().message).toMatch(/nextCursor/);
  });
});
