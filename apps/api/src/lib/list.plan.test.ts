import { LIST_TOTAL_CAP } from '@orderbridge/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { LISTS, type TPlanSeed } from './list.js';

/**
 * Plan test (issue 19): on PostgreSQL with a seeded set big enough for the planner to choose (50,000 orders over
 * 40 shops (one with a third of them) and 20 suppliers (the busiest also serving 1,000 archive shops), 10,000 documents, 25,000 received mails, three mailboxes a shop,
 * 25,000 disputes with ~19,000 messages, 10,000 matched lines, 25,000 integration syncs, VACUUM ANALYZEd; every
 * statement set-based, about a minute on a loaded machine), every registered list × plan case × sort, on its first
 * page and on the page after a cursor, for the case's big company and a typical one, is run under EXPLAIN ANALYZE;
 * a sequential scan of a big table, a scan that throws most of what it reads away, or a sort of more rows than two
 * pages fails it. Lists join by registering with `defineList` (their `planCases`). PostgreSQL only: it is the
 * planner of production; PGlite runs the same SQL.
 */
const PAGE = 50;
/**
 * A sort of more rows than this fails. Two pages, not one: for a rare filter value (a few dozen rows) the planner
 * rightly collects the rows through a bitmap and sorts them, which costs less than a millisecond.
 */
const SORT_LIMIT = 2 * PAGE;
/** Tables with more rows than this are "big": scanning one whole is a missing index. */
const BIG = 2_000;
/** A count expected to keep this share of a big table's rows may read the table whole (see `offences`). */
const COUNT_WHOLE_SHARE = 0.25;
/**
 * A ranked search sorts its matches (rank first, then the list's sort): a trigram index finds rows in no useful
 * order. Its Sort may take up to this many rows; the seed's supplier-name search finds ~2,000.
 */
const SEARCH_SORT_LIMIT = 10_000;

/**
 * A scan of a big table that reads and throws away more rows than ten pages (its filter, not its index, kept the
 * rows) fails: an index that does not lead with the list's tenant and filter, read in the sort's order, serves a
 * big company's page by skipping a few rows but a typical company's by skipping thousands.
 */
const REMOVED_LIMIT = 10 * PAGE;

type TPlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: TPlanNode[];
};

let t: TTestApp;
let seed: TPlanSeed;
/** A typical shop and supplier (a few percent of the orders each): each case of the big ones is tried on them too. */
let typical: Record<'shops' | 'suppliers', number>;
/** Raw SQL on the app's pool (EXPLAIN takes the statement's own parameters). */
async function rawQuery<TRow>(text: string, values: unknown[] = []): Promise<TRow[]> {
  const pool = (
    t.app.db as unknown as {
      $client: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };
    }
  ).$client;
  return (await pool.query(text, values)).rows as TRow[];
}

describe.runIf(process.env.TEST_DATABASE_URL)('list plans on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    // 20 suppliers, 40 shops; shop 1 (the big one) links eight suppliers, the others five each.
    await db.execute(sql`
      insert into companies (name, type, main_email)
      select 'Supplier ' || i, 'suppliers', 'supplier' || i || '@example.com' from generate_series(1, 20) i;
      insert into companies (name, type, main_email)
      select 'Shop ' || i, 'shops', 'shop' || i || '@example.com' from generate_series(1, 40) i;`);
    await db.execute(sql`
      with s as (select id, row_number() over (order by id) - 1 as n from companies where type = 'suppliers'),
           h as (select id, row_number() over (order by id) - 1 as n from companies where type = 'shops')
      insert into shop_suppliers (shop_id, supplier_id, name, main_email)
      select h.id, s.id, 'Supplier ' || s.n, 'supplier' || s.n || '@example.com'
      from h join s on (h.n = 0 and s.n < 8) or (h.n > 0 and (s.n - h.n + 40) % 20 < 5)`);
    // Orders in time order, the big shop every third (~2,000 a link); status by age like a live table.
    await db.execute(sql`
      with h as (select id, row_number() over (order by id) - 1 as n from companies where type = 'shops'),
           l as (select ss.id, ss.shop_id, ss.supplier_id,
                   row_number() over (partition by ss.shop_id order by ss.id) - 1 as n,
                   count(*) over (partition by ss.shop_id) as links
                 from shop_suppliers ss),
           o as (select i, case when i % 3 = 0 then 0 else 1 + i % 39 end as shop_n from generate_series(1, 50000) i)
      insert into orders (shop_id, supplier_id, shop_supplier_id, status, invoice_num, order_num,
                          invoice_total, invoice_date, created_at)
      select l.shop_id, l.supplier_id, l.id,
        case when o.i > 42500 or o.i % 20 = 0 then 'open' when o.i % 50 = 1 then 'disputed'
             when o.i % 3 = 0 then 'closed' else 'delivered' end,
        'INV-' || lpad(o.i::text, 6, '0'), 'PO-' || (o.i * 7),
        case when o.i % 11 = 0 then null else round((o.i * 37 % 100000) / 100.0, 2) end,
        date '2024-01-01' + (o.i / 70),
        timestamptz '2024-01-01' + o.i * interval '20 minutes'
      from o join h on h.n = o.shop_n join l on l.shop_id = h.id and l.n = o.i % l.links`);
    await db.execute(sql`
      insert into documents (shop_id, shop_supplier_id, status, in_training, file_key, file_name, content_type,
                             sha256, size, created_at)
      select o.shop_id, o.shop_supplier_id,
        case when o.id % 100 < 85 then 'processed' when o.id % 100 < 90 then 'reading'
             when o.id % 100 < 97 then 'pending_review' else 'failed' end,
        o.id % 7 = 0,
        'files/' || o.id || '.pdf', o.invoice_num || '.pdf', 'application/pdf', md5(o.id::text), 1000, o.created_at
      from orders o where o.id % 5 = 0`);
    // Three items an order, 5,000 different descriptions (a search for one finds ~30 orders).
    // Mail in: 25,000 received messages (a tenth waiting for a supplier) and three mailboxes per shop (a shop has its
    // own one or two; with a hundred the planner rightly sorts them whole, which the rule counts as a big sort).
    await db.execute(sql`
      insert into mail_messages (shop_id, source, status, sender, subject, size, created_at)
      select o.shop_id, 'smtp',
        case when o.id % 10 = 0 then 'needs_supplier' when o.id % 10 = 1 then 'refused' else 'done' end,
        'billing' || (o.id % 50) || '@example.com', 'Invoice ' || o.invoice_num, 1000, o.created_at
      from orders o where o.id % 2 = 0;
      insert into mailboxes (shop_id, email_address, email_provider, host, port, tls, username, secret, created_at)
      select h.id, 'box' || i || '@shop' || h.id || '.test', 'custom', 'imap.example.com', 993, true, 'u', 'v1.a.b.c',
        timestamptz '2024-01-01' + i * interval '1 hour'
      from companies h cross join generate_series(1, 3) i where h.type = 'shops'`);
    await db.execute(sql`
      insert into order_items (order_id, line_no, item_code, item_desc)
      select o.id, k, 'C' || lpad(((o.id * 7 + k * 3001) % 20000)::text, 5, '0'),
        'Item ' || lpad(((o.id * 13 + k * 1009) % 5000)::text, 4, '0') || ' ' ||
                      (array['Crème fraîche', 'Brötchen', 'Milk', 'Rye loaf'])[1 + (o.id + k) % 4]
      from orders o cross join generate_series(1, 3) k`);
    // The operators' lists: many more companies than link to anything, and an audit log of 20,000 entries.
    await db.execute(sql`
      insert into companies (name, type, main_email)
      select 'Archive Company ' || i, case when i % 2 = 0 then 'shops' else 'suppliers' end,
             'archive' || i || '@example.com'
      from generate_series(1, 5000) i`);
    await db.execute(sql`
      insert into audit_log (operator_email, action, method, target, company_id, reason, created_at)
      select 'operator' || (i % 5) || '@example.com', 'company.list', 'GET', '/api/admin/companies',
             (select min(id) from companies) + i % 60, 'Looking after a company',
             timestamptz '2025-01-01' + i * interval '5 minutes'
      from generate_series(1, 20000) i`);
    // Disputes on every 2nd order (25,000), a return for half of them at every step, a credit of one line for each
    // (a tenth waiting in review): the returns and credits lists.
    await db.execute(sql`
      insert into main_disputes (shop_id, supplier_id, order_id, status, created_at)
      select shop_id, supplier_id, id, 'open', created_at from orders where id % 2 = 0;
      insert into disputes (main_dispute_id, shop_id, supplier_id, order_id, item_id, reason, status, quantity,
                            dispute_val, created_at, updated_at)
      select m.id, m.shop_id, m.supplier_id, m.order_id, oi.id, 'damaged',
        (array['open', 'accepted', 'resolved', 'rejected'])[1 + m.id % 4], 1, 5, m.created_at, m.created_at
      from main_disputes m join order_items oi on oi.order_id = m.order_id and oi.line_no = 1;
      insert into returns (dispute_id, shop_id, supplier_id, status, quantity, requested_at, created_at)
      select id, shop_id, supplier_id, (array['requested', 'collected', 'received', 'credited'])[1 + id / 2 % 4], 1,
        created_at, created_at
      from disputes where id % 2 = 0;
      insert into credits (shop_id, supplier_id, credit_note_num, credit_date, amount, status, source, created_at)
      select shop_id, supplier_id, 'CN-' || id, created_at::date, 5,
        case when id % 10 = 0 then 'review' else 'applied' end, 'answer', created_at + interval '1 day'
      from disputes;
      insert into credit_lines (credit_id, dispute_id, amount)
      select c.id, d.id, 5 from credits c join disputes d on c.credit_note_num = 'CN-' || d.id;`);
    // The inbox: a message on every 2nd dispute and an answer on every 4th (~19,000), a third of them unread.
    await db.execute(sql`
      insert into dispute_messages (dispute_id, shop_id, supplier_id, company_id, body, is_response, read_at,
                                    created_at)
      select d.id, d.shop_id, d.supplier_id, case when r then d.supplier_id else d.shop_id end, 'About this item',
        r, case when d.id % 3 = 0 then null else d.created_at + interval '2 days' end,
        d.created_at + case when r then interval '1 day' else interval '1 hour' end
      from disputes d cross join (values (false), (true)) v(r)
      where d.id % 2 = 0 and (not r or d.id % 4 = 0)`);
    // Price changes: a matched first line on every document (10,000), a change on every 3rd, past 5 % on half of those.
    await db.execute(sql`
      insert into document_items (document_id, line_no, item_code, item_desc)
      select id, 1, 'C' || id, 'Item ' || id from documents;
      insert into line_matches (shop_id, document_id, line_no, method, confidence, price_change_pct, created_at)
      select shop_id, id, 1, 'code', 1,
        case when id % 3 = 0 then (id % 20) - 10 end, created_at from documents`);
    // Integration syncs: the Semtek catalogue syncs and order pushes of every shop (the big shop a third).
    await db.execute(sql`
      insert into integration_syncs (shop_id, integration_id, entity_type, entity_id, operation, status, created_at)
      select o.shop_id, (select id from integrations where name = 'Semtek'),
        case when o.id % 4 = 0 then 'catalogue' else 'order' end, o.id::text,
        case when o.id % 4 = 0 then 'sync' else 'push' end, 'succeeded', o.created_at
      from orders o where o.id % 4 < 2`);
    // VACUUM too, as autovacuum would: it marks pages all-visible, which makes index-only counts cheap.
    await db.execute(sql`vacuum analyze`);
    // The big shop, its busiest link, and that link's supplier.
    const [busiest] = await rawQuery<{ shop_id: number; link_id: number; supplier_id: number }>(
      `select shop_id, shop_supplier_id as link_id, supplier_id from orders
       where shop_id = (select shop_id from orders group by shop_id order by count(*) desc limit 1)
       group by shop_id, shop_supplier_id, supplier_id order by count(*) desc limit 1`,
    );
    // One member of the big shop with 20,000 notifications there (a third unread) and 10,000 in another shop; ten
    // colleagues with 8,000 each, so the member's rows are a fifth of the table, as with a team.
    await db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name)
      select 'plan-user' || coalesce(nullif(i, 0)::text, ''), 'plan-user' || i || '@example.com', 'x', 'Plan', 'User'
      from generate_series(0, 10) i`);
    await db.execute(sql`
      insert into notifications (user_id, company_id, kind, title, body, link, read_at, created_at)
      select 'plan-user' || (1 + i % 10), ${busiest!.shop_id}, 'document_ready', 'Invoice ' || i, 'Read.', '/x',
        case when i % 4 = 0 then null else now() end, timestamptz '2024-01-01' + i * interval '2 minutes'
      from generate_series(1, 80000) i`);
    await db.execute(sql`
      insert into notifications (user_id, company_id, kind, title, body, link, read_at, created_at)
      select 'plan-user', case when i % 3 = 0 then (select min(id) from companies where type = 'shops' and id <> ${busiest!.shop_id})
                               else ${busiest!.shop_id} end,
        'document_ready', 'Invoice ' || i || ' is ready for review', 'Read.', '/shops/1/orders/review/' || i,
        case when i % 3 = 1 then null else timestamptz '2024-01-01' + i * interval '21 minutes' end,
        timestamptz '2024-01-01' + i * interval '20 minutes'
      from generate_series(1, 30000) i`);
    await db.execute(sql`vacuum analyze notifications`);
    const [disputed] = await rawQuery<{ order_id: number; dispute_id: number; integration_id: number }>(
      `select min(order_id) as order_id, min(dispute_id) as dispute_id,
         (select id from integrations where name = 'Semtek') as integration_id
       from disputes d join dispute_messages m on m.dispute_id = d.id where d.shop_id = $1`,
      [busiest!.shop_id],
    );
    const [shop, supplier] = await rawQuery<{ id: number }>(
      `(select shop_id as id from orders where shop_id <> $1 group by shop_id order by shop_id limit 1)
       union all
       (select supplier_id from orders where supplier_id <> $2 group by supplier_id order by supplier_id limit 1)`,
      [busiest!.shop_id, busiest!.supplier_id],
    );
    typical = { shops: shop!.id, suppliers: supplier!.id };
    seed = {
      shopId: busiest!.shop_id,
      supplierId: busiest!.supplier_id,
      shopSupplierId: busiest!.link_id,
      userId: 'plan-user',
      disputedOrderId: disputed!.order_id,
      disputeId: disputed!.dispute_id,
      integrationId: disputed!.integration_id,
      operatorEmail: 'Operator3@Example.com',
      terms: {
        number: '04999',
        supplierName: 'Supplier 3',
        shopName: 'Shop 17',
        item: 'item 0421',
        itemCode: 'C04217',
        fileName: '0499',
        commonPrefix: 'INV-0',
      },
    };
    // The catalogue (each tenant a fifth of its table at most, as in a live one): the busiest supplier's price list
    // of 2,500 (others 500), the big shop's POS catalogue of 5,000 (others 500), half of it linked.
    await db.execute(sql`
      insert into products (supplier_id, sku, name)
      select c.id, 'SKU-' || lpad(i::text, 4, '0'),
        'Widget ' || lpad(i::text, 4, '0') || ' ' || (array['Crème fraîche', 'Brötchen', 'Milk', 'Rye loaf'])[1 + i % 4]
      from companies c cross join generate_series(1, 2500) i
      where c.id in (select supplier_id from shop_suppliers) and (c.id = ${seed.supplierId} or i <= 500)`);
    await db.execute(sql`
      insert into pos_products (shop_id, integration_id, product_code, description, barcode)
      select c.id, (select id from integrations where name = 'Semtek'), 'P' || lpad(i::text, 5, '0'),
        'POS item ' || lpad(i::text, 5, '0') || ' ' || (array['Crème fraîche', 'Brötchen', 'Milk', 'Rye loaf'])[1 + i % 4],
        (5000000000000 + i)::text
      from companies c cross join generate_series(1, 5000) i
      where c.id in (select shop_id from shop_suppliers) and (c.id = ${seed.shopId} or i <= 500)`);
    await db.execute(sql`
      insert into shop_supplier_products (shop_id, shop_supplier_id, product_id, pos_product_id)
      select ${seed.shopId}, ${seed.shopSupplierId}, p.id, pp.id
      from products p join pos_products pp on pp.shop_id = ${seed.shopId}
        and pp.product_code = 'P' || lpad((substr(p.sku, 5)::int * 2)::text, 5, '0')
      where p.supplier_id = ${seed.supplierId}`);
    // The other shops link 100 products of each of their suppliers.
    await db.execute(sql`
      insert into shop_supplier_products (shop_id, shop_supplier_id, product_id, pos_product_id)
      select ss.shop_id, ss.id, p.id, pp.id
      from shop_suppliers ss
      join products p on p.supplier_id = ss.supplier_id and substr(p.sku, 5)::int <= 100
      join pos_products pp on pp.shop_id = ss.shop_id and pp.product_code = 'P' || lpad(substr(p.sku, 5), 5, '0')
      where ss.shop_id <> ${seed.shopId}`);
    await db.execute(sql`vacuum analyze products, pos_products, shop_supplier_products`);
    // The supplier's client list: the busiest supplier also serves a thousand of the archive shops (after the
    // catalogue, which links products for every link), so its clients are more than a page may sort and its list
    // must read migration 0027's name index in order, and its search the tenant's trigram index. With ~1,200 links
    // `shop_suppliers` stays below BIG: the other lists' plans over it do not change.
    await db.execute(sql`
      insert into shop_suppliers (shop_id, supplier_id, name, main_email)
      select c.id, ${seed.supplierId}, 'Wholesale partner', 'partner' || c.id || '@example.com'
      from companies c where c.type = 'shops' and c.name like 'Archive Company %' order by c.id limit 1000`);
    await db.execute(sql`vacuum analyze shop_suppliers`);
  }, 400_000);
  afterAll(() => t?.close());

  /**
   * What is wrong with a plan: a big table read whole or mostly thrown away by a filter, a sort or hash of more rows
   * than a page (or than a search finds), or parallel workers.
   * `big` gives each big table's size; a scan expected to keep at least `wholeShare` of a table's rows may read it
   * whole (a count of a third of a table reads about as much through its index, and the planner's pick between
   * the two then turns on its sample: the credits count of the big shop flipped between runs).
   */
  function offences(
    node: TPlanNode,
    big: Map<string, number>,
    sortLimit: number,
    hashLimit: number,
    removedLimit: number,
    wholeShare = Number.POSITIVE_INFINITY,
    found: string[] = [],
  ): string[] {
    const size = big.get(node['Relation Name'] ?? '');
    if (node['Node Type'] === 'Seq Scan' && size !== undefined && node['Plan Rows'] < wholeShare * size) {
      found.push(`Seq Scan on ${node['Relation Name']}`);
    }
    // Rows Removed by Filter is a per-loop average, like every actual count of EXPLAIN ANALYZE.
    const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (size !== undefined && node['Node Type'] !== 'Seq Scan' && removed > removedLimit)
      found.push(
        `${node['Node Type']} on ${node['Relation Name']} removing ${Math.round(removed)} rows by filter`,
      );
    // A sort and a hash table both read their whole input before giving a row: a hash join that builds on a
    // tenant's orders reads every one of them however small the page (the bench's item search did, round 4).
    if (/Sort$|^Hash$/.test(node['Node Type'])) {
      const input = node.Plans?.[0]?.['Plan Rows'] ?? node['Plan Rows'];
      if (input > (node['Node Type'] === 'Hash' ? hashLimit : sortLimit))
        found.push(`${node['Node Type']} of ~${input} rows`);
    }
    // Parallel workers are started for a big read; a list statement reads a page or a capped count.
    if (/^Gather/.test(node['Node Type'])) found.push(node['Node Type']);
    for (const child of node.Plans ?? [])
      offences(child, big, sortLimit, hashLimit, removedLimit, wholeShare, found);
    return found;
  }

  /** The trigram indexes a plan reads (a search must read at least one). */
  const trigramIndexes = (node: TPlanNode): string[] => [
    ...(/_trgm_idx$/.test(node['Index Name'] ?? '') ? [node['Index Name']!] : []),
    ...(node.Plans ?? []).flatMap(trigramIndexes),
  ];

  /** A plan on one line, for the failure message: `Limit(Sort(Bitmap Heap Scan orders(…)))`. */
  const outline = (node: TPlanNode): string =>
    `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}${
      node.Plans?.length ? `(${node.Plans.map(outline).join(', ')})` : ''
    }`;

  it('reads every registered list × filter × sort, big and typical company, first page and after a cursor, without a big scan or sort', async () => {
    const tables = await rawQuery<{ relname: string; reltuples: number }>(
      `select relname, reltuples from pg_class where relkind = 'r' and reltuples > ${BIG}`,
    );
    const big = new Map(tables.map((r) => [r.relname, r.reltuples]));
    // The total reads at most LIST_TOTAL_CAP + 1 rows anyway: a table no bigger than that may be read whole for it.
    const bigForCount = new Map(
      tables.filter((r) => r.reltuples > LIST_TOTAL_CAP).map((r) => [r.relname, r.reltuples]),
    );
    expect(big.has('orders')).toBe(true);
    expect(LISTS.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const searched = new Set<string>();
    let checked = 0;
    for (const list of LISTS) {
      // The typical company's copy of a case is held to every rule but two: a hash of its few rows (a small table
      // joined) is cheap, and the planner rightly filters its rows rather than reading a trigram index.
      // A case that filters by one of the big company's own records (its link, dispute…) has no typical copy.
      const seeded = new Set<unknown>([
        seed.shopSupplierId,
        seed.disputedOrderId,
        seed.disputeId,
        seed.integrationId,
      ]);
      const cases = list.planCases(seed).flatMap((c) => {
        const bigOne =
          c.scope.side === 'shops' ? seed.shopId : c.scope.side === 'suppliers' ? seed.supplierId : 0;
        const own = Object.values(c.query).some((v) => seeded.has(v));
        return c.scope.side !== 'platform' && c.scope.companyId === bigOne && !own
          ? [
              { ...c, typical: false },
              { ...c, scope: { side: c.scope.side, companyId: typical[c.scope.side] }, typical: true },
            ]
          : [{ ...c, typical: false }];
      });
      for (const { scope, query, trigram, typical: small } of cases) {
        if ((query as { search?: string }).search) searched.add(list.name);
        // A case that names its sort (the operators' list is always newest first) is tried with that one only.
        for (const sort of query.sort ? [query.sort] : list.sorts) {
          const first = { page: 1, perpage: PAGE, ...query, sort };
          // A real cursor: the one the first page hands out.
          const { nextCursor } = await list.run(t.app.db, scope, first);
          const variants = nextCursor ? [first, { ...first, page: 2, cursor: nextCursor }] : [first];
          for (const q of variants) {
            const statements = list.statements(t.app.db, scope, q);
            for (const [kind, statement] of [
              ['count', statements.count()],
              ['rows', statements.rows],
            ] as const) {
              const { sql: text, params } = statement.toSQL();
              // Run, not only planned: what a scan threw away is known only after it ran.
              const [explained] = await rawQuery<{ 'QUERY PLAN': { Plan: TPlanNode }[] }>(
                `explain (analyze, format json) ${text}`,
                params,
              );
              const plan = explained!['QUERY PLAN'][0]!.Plan;
              const searching = Boolean((q as { search?: string }).search);
              const found = offences(
                plan,
                kind === 'count' ? bigForCount : big,
                searching ? SEARCH_SORT_LIMIT : SORT_LIMIT,
                // A count reads up to its cap anyway; a hash of that many rows costs it no more.
                small
                  ? Number.POSITIVE_INFINITY
                  : kind === 'count'
                    ? LIST_TOTAL_CAP
                    : searching
                      ? SEARCH_SORT_LIMIT
                      : SORT_LIMIT,
                // A count reads up to its cap, a search may look at as many matches as it may sort.
                kind === 'count' ? LIST_TOTAL_CAP : searching ? SEARCH_SORT_LIMIT : REMOVED_LIMIT,
                kind === 'count' ? COUNT_WHOLE_SHARE : undefined,
              );
              if (searching && trigram !== false && !small && trigramIndexes(plan).length === 0)
                found.push('no trigram index read');
              checked++;
              if (found.length) {
                const { cursor, ...shown } = q as typeof q & { cursor?: string };
                failures.push(
                  `${list.name} ${scope.side} ${'companyId' in scope ? scope.companyId : ''} ${JSON.stringify(shown)}${cursor ? ' after a cursor' : ''} ${kind}: ${found.join(', ')} in ${outline(plan)}`,
                );
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(LISTS.length);
    expect(searched, 'every list with search has search plan cases').toEqual(
      new Set(LISTS.filter((l) => l.searchable).map((l) => l.name)),
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it("finds a number a company's orders hold through that company's keyed pieces (migration 0029), page and count", async () => {
    const orders = LISTS.find((l) => l.name === 'orders')!;
    for (const [side, companyId] of [
      ['shops', seed.shopId],
      ['suppliers', seed.supplierId],
    ] as const) {
      const query = { page: 1, perpage: PAGE, sort: 'newest', search: seed.terms.number };
      const statements = orders.statements(t.app.db, { side, companyId }, query);
      for (const statement of [statements.count(), statements.rows]) {
        const { sql: text, params } = statement.toSQL();
        const [explained] = await rawQuery<{ 'QUERY PLAN': { Plan: TPlanNode }[] }>(
          `explain (format json) ${text}`,
          params,
        );
        expect(trigramIndexes(explained!['QUERY PLAN'][0]!.Plan)).toContain(
          `orders_${side === 'shops' ? 'shop' : 'supplier'}_grams_trgm_idx`,
        );
      }
    }
  });
});
