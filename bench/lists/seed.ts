/**
 * Bulk data for the lists benchmark (`npm run bench:lists`), inserted with `generate_series` straight into the tables made by
 * the committed migrations. The benchmark user, its big shop and three of that shop's suppliers are made
 * through the API beforehand (see run.ts); everything else is plain SQL here.
 *
 * Shape: 1,000,000 orders = one big shop with 100,000 + 450 shops with 2,000 each, 200 supplier companies,
 * 5 suppliers per normal shop (the first always supplier 0, a wholesaler every shop buys from: the big supplier,
 * ~185,000 orders), 20 for the big shop. Two items an order and a document per order (2 % waiting in the review
 * queue) for the big and the typical shop. Orders arrive interleaved over two years (id order is time
 * order, like a real table), so one shop's rows are spread over the whole heap, not clustered.
 */
import type pg from 'pg';

export const SHOPS = 450;
export const ORDERS_PER_SHOP = 2_000;
export const BIG_SHOP_ORDERS = 100_000;
export const TOTAL_ORDERS = SHOPS * ORDERS_PER_SHOP + BIG_SHOP_ORDERS;
export const SUPPLIERS = 200;
export const LINKS_PER_SHOP = 5;
export const BIG_SHOP_LINKS = 20;
const STAFF = 30;

export type TSeedInput = { bigShopId: number; benchUserId: string };
/** Changes when the shape does: a kept database of another version is seeded again. */
export const SEED_VERSION = 4;

export type TSeedResult = {
  /** A normal shop (2,000 orders) the benchmark user is also an admin of. */
  typicalShopId: number;
  /** A supplier link of the big shop, and one of the typical shop, for the shopSupplierId scenario. */
  bigShopSupplierId: number;
  typicalShopSupplierId: number;
  /** Supplier 0 (in every shop) and a supplier of typical size (~4,500 orders); the user is an admin of both. */
  bigSupplierId: number;
  typicalSupplierId: number;
  seconds: number;
};

export async function seedOrders(client: pg.Client, input: TSeedInput): Promise<TSeedResult> {
  const started = Date.now();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);

  await q(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed_at)
     SELECT 'bench-staff-' || i, 'staff' || i || '@bench.orderbridge.test', '!', 'Staff', 'Member ' || i, now()
     FROM generate_series(0, $1::int - 1) i`,
    [STAFF],
  );
  await q(
    `INSERT INTO companies (name, type, main_email, address)
     SELECT 'Supplier ' || lpad(i::text, 3, '0'), 'suppliers', 'orders@supplier' || i || '.bench.test',
            i || ' Market Street, Leeds'
     FROM generate_series(0, $1::int - 1) i ORDER BY i`,
    [SUPPLIERS],
  );
  await q(
    `INSERT INTO companies (name, type, main_email, address)
     SELECT 'Shop ' || lpad(i::text, 3, '0'), 'shops', 'hello@shop' || i || '.bench.test', i || ' High Street, York'
     FROM generate_series(1, $1::int) i ORDER BY i`,
    [SHOPS],
  );
  // idx 0 is the big shop (made through the API), 1..450 the normal shops.
  await q(
    `CREATE TEMP TABLE bench_shop AS
       SELECT 0 AS idx, $1::int AS shop_id, (SELECT name FROM companies WHERE id = $1) AS name
       UNION ALL
       SELECT row_number() OVER (ORDER BY id)::int, id, name FROM companies
       WHERE type = 'shops' AND main_email LIKE '%.bench.test'`,
    [input.bigShopId],
  );
  await q(`CREATE TEMP TABLE bench_supplier AS
             SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, name, main_email FROM companies
             WHERE type = 'suppliers' AND main_email LIKE '%.bench.test'`);
  // Normal shops: 5 distinct suppliers each; the big shop: 17 more on top of its 3 made through the API.
  await q(
    `INSERT INTO shop_suppliers (shop_id, supplier_id, name, main_email)
     SELECT s.shop_id, p.id, p.name, p.main_email
     FROM bench_shop s CROSS JOIN generate_series(0, $1::int - 1) k
     JOIN bench_supplier p ON p.idx = CASE WHEN k = 0 THEN 0 ELSE 1 + (s.idx * 7 + k * 41) % ($2::int - 1) END
     WHERE s.idx > 0`,
    [LINKS_PER_SHOP, SUPPLIERS],
  );
  await q(
    `INSERT INTO shop_suppliers (shop_id, supplier_id, name, main_email)
     SELECT $1::int, p.id, p.name, p.main_email FROM bench_supplier p
     WHERE p.idx < $2::int - (SELECT count(*) FROM shop_suppliers WHERE shop_id = $1)`,
    [input.bigShopId, BIG_SHOP_LINKS],
  );
  await q(`CREATE TEMP TABLE bench_link AS
             SELECT l.shop_id, (row_number() OVER (PARTITION BY l.shop_id ORDER BY l.id) - 1)::int AS rn,
                    l.id AS shop_supplier_id, l.supplier_id, l.name
             FROM shop_suppliers l JOIN bench_shop s ON s.shop_id = l.shop_id`);
  await q(
    `CREATE TEMP TABLE bench_nlinks AS SELECT shop_id, count(*)::int AS n FROM bench_link GROUP BY shop_id`,
  );

  // g = 1..1,000,000 in time order; every 10th order is the big shop's, the rest go round the 450 shops.
  // h is a cheap per-order hash for the spread of status, supplier, amounts and people.
  // Status follows age: the newest 15% are open, older ones delivered (70%) or closed, with 5% left open and
  // 2% disputed at any age.
  await q(
    `INSERT INTO orders (shop_id, supplier_id, shop_supplier_id, status, inserted_via, order_num, invoice_num,
                         invoice_date, due_date, currency, document_type, vendor, recipient, invoice_to,
                         goods, net, subtotal, discount, vat, invoice_total, memo, file_key, file_name,
                         item_count, inserted_by, updated_by, created_at, updated_at)
     WITH src AS (
       SELECT g,
              (g::bigint * 2654435761) % 4294967296 AS h,
              CASE WHEN g % 10 = 0 THEN 0 ELSE 1 + (g - g / 10 - 1) % $1::int END AS idx,
              CASE WHEN g % 10 = 0 THEN g / 10 ELSE (g - g / 10 - 1) / $1::int + 1 END AS seq,
              timestamptz '2024-11-22 00:00:00+00' + g * interval '63.07 seconds' AS ts
       FROM generate_series(1, $2::int) g
     )
     SELECT s.shop_id, l.supplier_id, l.shop_supplier_id,
            CASE WHEN src.h % 50 = 1 THEN 'disputed'
                 WHEN src.g > $2::int * 0.85 OR src.h % 20 = 0 THEN 'open'
                 WHEN src.h % 10 < 7 THEN 'delivered'
                 ELSE 'closed' END,
            CASE src.h % 10 WHEN 0 THEN 'email' WHEN 1 THEN 'supplier' ELSE 'upload' END,
            'PO-' || (src.seq + 50000), 'INV-' || lpad(src.seq::text, 6, '0'),
            src.ts::date, (src.ts + interval '30 days')::date, 'GBP', 'invoice',
            jsonb_build_object('name', l.name, 'address', (src.h % 200) || ' Market Street',
                               'postCode', 'LS1 4AB', 'city', 'Leeds', 'country', 'GB'),
            jsonb_build_object('name', s.name, 'address', '1 High Street', 'postCode', 'YO1 7HH',
                               'city', 'York', 'country', 'GB'),
            jsonb_build_object('name', s.name, 'address', 'PO Box ' || (src.h % 900 + 100), 'city', 'York'),
            round((src.h % 200000) / 100.0, 2), round((src.h % 200000) / 100.0, 2),
            round((src.h % 200000) / 100.0, 2), 0, round((src.h % 200000) / 500.0, 2),
            round((src.h % 200000) * 1.2 / 100.0, 2),
            CASE WHEN src.h % 7 = 0 THEN 'Weekly order' END,
            'bench/' || src.g || '.pdf', 'invoice-' || src.seq || '.pdf',
            1 + src.h % 30,
            CASE WHEN s.idx = 0 AND src.h % 3 = 0 THEN $3 ELSE 'bench-staff-' || (src.h % ${STAFF}) END,
            CASE WHEN src.h % 5 < 2 THEN 'bench-staff-' || ((src.h / 7) % ${STAFF}) END,
            src.ts, src.ts + (src.h % 72) * interval '1 hour'
     FROM src
     JOIN bench_shop s ON s.idx = src.idx
     JOIN bench_nlinks n ON n.shop_id = s.shop_id
     JOIN bench_link l ON l.shop_id = s.shop_id AND l.rn = (src.h / 256) % n.n
     ORDER BY src.g`,
    [SHOPS, TOTAL_ORDERS, input.benchUserId],
  );
  const typical = await q(`SELECT shop_id FROM bench_shop WHERE idx = 1`);
  const typicalShopId = typical.rows[0].shop_id as number;
  const supplierOf = async (idx: number) =>
    (await q(`SELECT id FROM bench_supplier WHERE idx = $1`, [idx])).rows[0].id as number;
  const bigSupplierId = await supplierOf(0);
  const typicalSupplierId = await supplierOf(150);
  await q(
    `INSERT INTO memberships (user_id, company_id, role) SELECT $1, c, 'admin' FROM unnest($2::int[]) c
     ON CONFLICT DO NOTHING`,
    [input.benchUserId, [typicalShopId, bigSupplierId, typicalSupplierId]],
  );
  // Items (searched by description) and documents (the review queue) for the big and the typical shop.
  await q(
    `INSERT INTO order_items (order_id, line_no, item_code, item_desc, item_qty, price)
     SELECT o.id, k, 'SKU-' || ((o.id * 13 + k * 1009) % 5000),
            (array['Crème fraîche', 'Brötchen', 'Whole milk', 'Rye loaf', 'Apples', 'Cheddar'])[1 + (o.id + k) % 6]
              || ' ' || lpad(((o.id * 13 + k * 1009) % 5000)::text, 4, '0'),
            1 + (o.id % 12), round(((o.id * 7 + k) % 2000) / 100.0, 2)
     FROM orders o CROSS JOIN generate_series(1, 2) k WHERE o.shop_id = ANY($1::int[])`,
    [[input.bigShopId, typicalShopId]],
  );
  await q(
    `INSERT INTO documents (shop_id, shop_supplier_id, status, file_key, file_name, content_type, sha256, size,
                            headers, uploaded_by, created_at)
     SELECT o.shop_id, o.shop_supplier_id,
            -- A hash of the id, not the id: a shop's order ids share residues (the big shop's are multiples of 10).
            CASE WHEN abs(hashint4(o.id)) % 100 < 2 THEN 'pending_review'
                 WHEN abs(hashint4(o.id)) % 200 = 7 THEN 'failed' ELSE 'processed' END,
            'bench/doc-' || o.id || '.pdf', o.invoice_num || '.pdf', 'application/pdf', md5(o.id::text), 40000,
            jsonb_build_object('invoiceNum', o.invoice_num, 'orderNum', o.order_num), o.inserted_by, o.created_at
     FROM orders o WHERE o.shop_id = ANY($1::int[])`,
    [[input.bigShopId, typicalShopId]],
  );
  // A live table has been vacuumed and analysed by autovacuum; do it now rather than wait for it.
  await q('VACUUM (ANALYZE)');
  // And its pages written: otherwise the checkpointer writes the load's 2 GB over the next minutes, while the first
  // rows are measured (a run straight after seeding missed p99 on rows a run on the kept database met).
  await q('CHECKPOINT');
  const link = async (shopId: number) =>
    (await q(`SELECT shop_supplier_id FROM bench_link WHERE shop_id = $1 AND rn = 1`, [shopId])).rows[0]
      .shop_supplier_id as number;
  return {
    typicalShopId,
    bigShopSupplierId: await link(input.bigShopId),
    typicalShopSupplierId: await link(typicalShopId),
    bigSupplierId,
    typicalSupplierId,
    seconds: (Date.now() - started) / 1000,
  };
}
