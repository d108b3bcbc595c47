import { SEARCH_MIN_LENGTH, SEARCH_TOTAL_CAP } from '@orderbridge/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, shopSuppliers } from '../db/schema/index.js';
import {
  bearer,
  createCompany,
  createTestApp,
  linkSupplier,
  signUp,
  statementsSent,
  type TSession,
  type TTestApp,
} from '../test/harness.js';

/** Search of the shared list module (README "Paging and search"), on PGlite or on PostgreSQL (TEST_DATABASE_URL). */
let t: TTestApp;
let shop: TSession;
let supplier: TSession;
let shopId: number;
let supplierId: number;
let otherShopId: number;

const link = (sessionShop: number, name: string) => linkSupplier(t.app, shop, sessionShop, name);

/** An order with its items, created `minutes` after a fixed start (newest first is by these). */
async function order(
  shopOf: number,
  l: { linkId: number; supplierId: number },
  invoiceNum: string,
  orderNum: string,
  minutes: number,
  items: string[] = [],
) {
  const [row] = await t.app.db
    .insert(orders)
    .values({
      shopId: shopOf,
      supplierId: l.supplierId,
      shopSupplierId: l.linkId,
      status: 'open',
      invoiceNum,
      orderNum,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
    })
    .returning({ id: orders.id });
  if (items.length) {
    await t.app.db
      .insert(orderItems)
      .values(items.map((itemDesc, i) => ({ orderId: row!.id, lineNo: i + 1, itemDesc })));
  }
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await signUp(t.app);
  shopId = await createCompany(t.app, shop, 'shops', 'Café Zürich');
  otherShopId = await createCompany(t.app, shop, 'shops', 'Other Shop');
  const dairy = await link(shopId, 'Crème Fraîche Dairy');
  const bakery = await link(shopId, 'Bakery North');
  const elsewhere = await link(otherShopId, 'Crème Fraîche Dairy');
  supplierId = dairy.supplierId;
  await order(shopId, dairy, 'INV-0999', 'PO-1', 1);
  await order(shopId, bakery, 'INV-10999', 'PO-2', 2, ['Brötchen, 12 pack']);
  await order(shopId, bakery, 'X-0999-B', 'PO-3', 3);
  await order(shopId, dairy, 'INV-2000', 'PO-0999', 4, ['Cream 50% fat']);
  await order(shopId, bakery, 'INV-3000', 'PO-4', 5, ['Rye loaf']);
  // The same number in another shop is never found from this one.
  await order(otherShopId, elsewhere, 'INV-0999', 'PO-9', 6, ['Brötchen']);
  // A user of the dairy supplier company, who searches the shops' names.
  supplier = await signUp(t.app);
  await t.app.db.execute(
    sql`insert into memberships (user_id, company_id, role) values (${supplier.userId}, ${supplierId}, 'admin')`,
  );
}, 120_000);
afterAll(() => t.close());

const get = (who: TSession, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const shopSearch = async (term: string, extra = '') => {
  const res = await get(shop, `/api/shops/${shopId}/orders?search=${encodeURIComponent(term)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    total: number;
    nextCursor: string | null;
    data: { id: number; invoiceNum: string; orderNum: string }[];
  };
};
const numbers = (page: { data: { invoiceNum: string }[] }) => page.data.map((o) => o.invoiceNum);

describe('list search', () => {
  it('finds a number by prefix first, then by what it holds, then by names and items, newest first within each', async () => {
    // INV-0999 begins with the term; INV-10999, X-0999-B and PO-0999 hold it; the rest do not match.
    expect(numbers(await shopSearch('INV-0999'))).toEqual(['INV-0999']);
    const page = await shopSearch('0999');
    expect(numbers(page)).toEqual(['INV-2000', 'X-0999-B', 'INV-10999', 'INV-0999']);
    expect(page.total).toBe(4);
    // Rank: a number beginning with the term comes before one holding it.
    expect(numbers(await shopSearch('inv-'))).toEqual(['INV-3000', 'INV-2000', 'INV-10999', 'INV-0999']);
    expect(numbers(await shopSearch('x-09'))).toEqual(['X-0999-B']);
  });

  it('ignores case and accents, in numbers, supplier names and item descriptions', async () => {
    expect(numbers(await shopSearch('creme fraiche'))).toEqual(['INV-2000', 'INV-0999']);
    expect(numbers(await shopSearch('CRÈME'))).toEqual(['INV-2000', 'INV-0999']);
    expect(numbers(await shopSearch('brotchen'))).toEqual(['INV-10999']);
    expect(numbers(await shopSearch('BRÖT'))).toEqual(['INV-10999']);
    expect(numbers(await shopSearch('rye loaf'))).toEqual(['INV-3000']);
    expect(numbers(await shopSearch('bakery'))).toEqual(['INV-3000', 'X-0999-B', 'INV-10999']);
  });

  it('keeps to the tenant, and the supplier side finds orders by the shop name', async () => {
    // The other shop's INV-0999 (and its Brötchen) stay out.
    expect((await shopSearch('brötchen')).total).toBe(1);
    const res = await get(supplier, `/api/suppliers/${supplierId}/orders?search=zurich`);
    expect(res.statusCode, res.body).toBe(200);
    expect(numbers(res.json().data)).toEqual(['INV-2000', 'INV-0999']);
    // The supplier sees only its own orders of the shop, and the shop's other suppliers' items stay out.
    const items = await get(supplier, `/api/suppliers/${supplierId}/orders?search=brotchen`);
    expect(items.json().data.total).toBe(0);
  });

  it('matches LIKE wildcards literally, and pages a ranked search by cursor without losing or repeating rows', async () => {
    expect((await shopSearch('50%')).data.map((o) => o.invoiceNum)).toEqual(['INV-2000']);
    expect((await shopSearch('%%%')).total).toBe(0);
    expect((await shopSearch('___')).total).toBe(0);
    const all = numbers(await shopSearch('inv'));
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await shopSearch('inv', `&perPage=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...numbers(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all);
    expect(walked).toHaveLength(4);
    // A plain cursor does not fit a ranked search, nor the other way round.
    const plain = (await get(shop, `/api/shops/${shopId}/orders?perPage=1`)).json().data.nextCursor;
    const wrong = await get(shop, `/api/shops/${shopId}/orders?perPage=1&search=inv&cursor=${plain}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ cursor: ['Not a cursor of this list and sort'] });
  });

  it('ranks many matches tier by tier: every page, by cursor or by page number, in rank then newest order', async () => {
    // 180 orders of the other shop, created in turn: a number that begins with "MM-", one that holds it, and one
    // whose item does; 60 of each, so each tier spans pages and the tiers interleave in time.
    const [elsewhere] = await t.app.db
      .select({ id: shopSuppliers.id, supplierId: shopSuppliers.supplierId })
      .from(shopSuppliers)
      .where(eq(shopSuppliers.shopId, otherShopId));
    await t.app.db.execute(sql`
      insert into orders (shop_id, supplier_id, shop_supplier_id, status, invoice_num, order_num, created_at)
      select ${otherShopId}, ${elsewhere!.supplierId}, ${elsewhere!.id}, 'open',
        (array['MM-', 'X-MM-', 'Z-'])[1 + i % 3] || lpad(i::text, 3, '0'), 'PO-' || (9000 + i),
        timestamptz '2026-02-01' + i * interval '1 minute'
      from generate_series(1, 180) i`);
    await t.app.db.execute(sql`
      insert into order_items (order_id, line_no, item_desc)
      select id, 1, 'Spare MM-widget' from orders where shop_id = ${otherShopId} and invoice_num like 'Z-%'`);
    const tier = (n: string) => (n.startsWith('MM-') ? 0 : n.startsWith('X-MM-') ? 1 : 2);
    const expected = Array.from({ length: 180 }, (_, k) => 180 - k)
      .map((i) => `${['MM-', 'X-MM-', 'Z-'][i % 3]}${String(i).padStart(3, '0')}`)
      .sort((a, b) => tier(a) - tier(b));
    const search = async (extra: string) => {
      const res = await get(shop, `/api/shops/${otherShopId}/orders?search=mm-&perPage=25${extra}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; nextCursor: string | null; data: { invoiceNum: string }[] };
    };
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(cursor ? `&cursor=${cursor}` : '');
      expect(page.total).toBe(180);
      walked.push(...numbers(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(expected);
    // Page numbers reach the same rows: page 3 straddles the first two tiers, page 6 the last two.
    expect(numbers(await search('&page=3'))).toEqual(expected.slice(50, 75));
    expect(numbers(await search('&page=6'))).toEqual(expected.slice(125, 150));
  });

  it(`caps a search's total at ${SEARCH_TOTAL_CAP.toLocaleString('en')}, counting the ranks together`, async () => {
    // A shop of its own: 0.7 × the cap of numbers that begin with "CAP-" and as many that hold it, in two ranks.
    const n = (SEARCH_TOTAL_CAP * 7) / 5;
    const capShop = await createCompany(t.app, shop, 'shops', 'Cap Shop');
    const l = await link(capShop, 'Cap Supplier');
    await t.app.db.execute(sql`
      insert into orders (shop_id, supplier_id, shop_supplier_id, status, invoice_num, order_num, created_at)
      select ${capShop}, ${l.supplierId}, ${l.linkId}, 'open',
        (case when i % 2 = 0 then 'CAP-' else 'X-CAP-' end) || i, 'PO-' || i, timestamptz '2026-03-01' + i * interval '1 minute'
      from generate_series(1, ${n}::int) i`);
    const search = async (term: string, more = '') => {
      const res = await get(shop, `/api/shops/${capShop}/orders?search=${term}&perPage=5${more}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        total: number;
        totalCapped?: boolean;
        nextCursor: string | null;
        data: { invoiceNum: string }[];
      };
    };
    // 1.4 × the cap: the total stops at the cap, and the page still starts with the best rank, newest first.
    const all = await search('cap-');
    expect(all).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(numbers(all)).toEqual([0, 2, 4, 6, 8].map((d) => `CAP-${n - d}`));
    // 0.7 × the cap in the second rank only, and that + 0 below the cap: exact.
    const second = await search('x-cap-');
    expect(second).toMatchObject({ total: n / 2, totalCapped: false });
    // A full page reached by number counts its matches in its own statement; a cursor's page and a page past
    // the end send the count too, and every way gives the same total.
    let sent = await statementsSent(t, () => search('x-cap-', '&page=3'));
    expect(sent.filter((s) => /from "orders"/.test(s))).toHaveLength(1);
    sent = await statementsSent(t, async () =>
      expect(await search('x-cap-', `&cursor=${second.nextCursor}`)).toMatchObject({ total: n / 2 }),
    );
    expect(sent.filter((s) => /from "orders"/.test(s))).toHaveLength(2);
    expect(await search('x-cap-', `&page=${n}`)).toMatchObject({ total: n / 2, data: [] });
    expect(await search('cap-', `&page=${SEARCH_TOTAL_CAP / 5 + 2}`)).toMatchObject({
      total: SEARCH_TOTAL_CAP,
      totalCapped: true,
    });
    // The numbers 13, 130–139 and 1300–1399 that there are, in either rank.
    const thirteens = [
      13,
      ...Array.from({ length: 10 }, (_, i) => 130 + i),
      ...Array.from({ length: 100 }, (_, i) => 1300 + i),
    ];
    expect(await search('cap-13')).toMatchObject({
      total: thirteens.filter((i) => i <= n).length,
      totalCapped: false,
    });
  });

  it(`answers a term shorter than ${SEARCH_MIN_LENGTH} characters with a 400, and an empty one with every row`, async () => {
    const short = await get(shop, `/api/shops/${shopId}/orders?search=${encodeURIComponent(' ab ')}`);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      success: false,
      errors: { search: [`Type at least ${SEARCH_MIN_LENGTH} characters to search`] },
    });
    expect((await shopSearch('')).total).toBe(5);
    const long = await get(shop, `/api/shops/${shopId}/orders?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it('searches the review queue by file name, number read and supplier name, accent-insensitively', async () => {
    const links = await t.app.db
      .select({ id: shopSuppliers.id })
      .from(shopSuppliers)
      .where(eq(shopSuppliers.shopId, shopId))
      .orderBy(shopSuppliers.id);
    await t.app.db.execute(sql`
      insert into documents (shop_id, shop_supplier_id, status, file_key, file_name, content_type, sha256, size, headers)
      values (${shopId}, ${links[0]!.id}, 'pending_review', 'f/1', 'Facture-Été.pdf', 'application/pdf', 'a', 1,
              '{"invoiceNum": "F-7781"}'),
             (${shopId}, ${links[1]!.id}, 'failed', 'f/2', 'scan.png', 'image/png', 'b', 1, '{}'),
             (${shopId}, ${links[1]!.id}, 'processed', 'f/3', 'facture-done.pdf', 'application/pdf', 'c', 1, '{}')`);
    const queue = async (term: string) => {
      const res = await get(
        shop,
        `/api/shops/${shopId}/orders/pending-review?search=${encodeURIComponent(term)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.data as { fileName: string }[]).map((d) => d.fileName);
    };
    expect(await queue('facture-ete')).toEqual(['Facture-Été.pdf']);
    expect(await queue('7781')).toEqual(['Facture-Été.pdf']);
    expect(await queue('BAKERY')).toEqual(['scan.png']);
    // A processed document is not in the queue, whatever it is called.
    expect(await queue('done')).toEqual([]);
  });
});
