import type {
  TItemInput,
  TOrderChange,
  TOrderDetail,
  TOrderItem,
  TOrderListItem,
  TOrdersQuery,
  TPage,
  TPageQuery,
  TSupplierOrderSummary,
} from '@orderbridge/contract';
import { ORDER_STATUS_TEXT } from '@orderbridge/contract';
import { aliasedTable, and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { commonPieces, numberPieces } from '../../db/common-pieces.js';
import {
  companies,
  documents,
  orderChanges,
  orderItems,
  orders,
  shopSuppliers,
  type TOrderRow,
  users,
} from '../../db/schema/index.js';
import { fold, holdsWithin } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { bothSides, defineList, type TRestPage } from '../../lib/list.js';
import type { TSignedUrls } from '../../lib/signed-urls.js';
import { compact, ORDER_ITEM_COLUMNS, orderItem, orderListItem, pickColumns } from './order-shapes.js';

/** Whose orders: the shop that bought, the supplier that sold, or (for operators) every company's. */
export type TCompanyScope = { side: 'shops' | 'suppliers'; companyId: number };
export type TOrderScope = TCompanyScope | { side: 'platform' };

const FILE_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };
const shops = aliasedTable(companies, 'shop');
const updaters = aliasedTable(users, 'updater');

/** The order columns a list item shows; the detail reads the whole row. */
const itemColumns = pickColumns(orders, ORDER_ITEM_COLUMNS);

/**
 * A page select: the order (`order`: the list's columns or the whole row) with its link, shop and people names
 * (one statement, no N+1).
 */
const listSelect = <TOrder extends typeof itemColumns | typeof orders>(
  db: TDb,
  order: TOrder,
  fields: Record<string, SQL.Aliased> = {},
) =>
  db
    .select({
      order,
      supplierName: shopSuppliers.name,
      shopName: shops.name,
      uploader: users.email,
      updater: updaters.email,
      ...fields,
    })
    .from(orders)
    .innerJoin(shopSuppliers, eq(shopSuppliers.id, orders.shopSupplierId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(users, eq(users.id, orders.insertedBy))
    .leftJoin(updaters, eq(updaters.id, orders.updatedBy));

type TListRow = Awaited<ReturnType<ReturnType<typeof listSelect<typeof itemColumns>>['where']>>[number];
const toListItem = (r: TListRow): TOrderListItem =>
  orderListItem(r.order, {
    supplierName: r.supplierName,
    shopName: r.shopName,
    uploader: r.uploader,
    updater: r.updater,
  });

const scoped = (scope: TOrderScope) =>
  scope.side === 'platform'
    ? undefined
    : scope.side === 'shops'
      ? eq(orders.shopId, scope.companyId)
      : eq(orders.supplierId, scope.companyId);

/** The tenant column of a company's side. */
const tenantOf = (scope: TCompanyScope) => (scope.side === 'shops' ? orders.shopId : orders.supplierId);

/** The order's numbers folded, the column the number indexes are on (schema/orders.ts). */
const orderNumbers = sql`${orders.numbersFolded}`;

/**
 * Orders found by the other side's name or by an item, as ids computed once (an uncorrelated
 * `= any(array(…))`) and read by primary key: the orders of the tenant's few links whose name matches (a link is
 * one shop's and one supplier's, so no tenant clause is needed, and the planner cannot AND the tenant's whole
 * bitmap with the link's) and the tenant's orders with a matching item (item lines are few a term). For a page
 * (`page`), each matching link gives only its first rows in the page's order through its link index (a LATERAL
 * top-N a link), so a page never fetches a big supplier's thousands of orders to keep 50. The supplier side finds
 * its links to the shops whose name matches.
 */
function namesOrItems(scope: TOrderScope, pattern: SQL, page?: TRestPage) {
  if (scope.side === 'platform') {
    return or(
      sql`${orders.shopSupplierId} = any(array(select ${shopSuppliers.id} from ${shopSuppliers} where ${fold(shopSuppliers.name)} like ${pattern}))`,
      sql`${orders.shopId} = any(array(select ${companies.id} from ${companies} where ${fold(companies.name)} like ${pattern} and ${companies.type} = 'shops'))`,
      sql`${orders.id} = any(array(select ${orderItems.orderId} from ${orderItems} where ${fold(orderItems.itemDesc)} like ${pattern}))`,
    ) as SQL;
  }
  const tenant = tenantOf(scope);
  const linksNamed =
    scope.side === 'shops'
      ? sql`select ${shopSuppliers.id} from ${shopSuppliers} where ${fold(shopSuppliers.name)} like ${pattern} and ${shopSuppliers.shopId} = ${scope.companyId}`
      : sql`select ${shopSuppliers.id} from ${shopSuppliers} join ${companies} on ${companies.id} = ${shopSuppliers.shopId} where ${fold(companies.name)} like ${pattern} and ${shopSuppliers.supplierId} = ${scope.companyId}`;
  // Inside these subqueries `orders` is the subquery's own table, so the page's clauses apply to it.
  const first = page
    ? (where: SQL) =>
        sql`${where} and ${page.where} order by ${sql.join(page.order, sql`, `)} limit ${page.limit}`
    : (where: SQL) => where;
  const named = page
    ? sql`select named.id from unnest(array(${linksNamed})) as link(id) cross join lateral (select ${orders.id} from ${orders} where ${first(sql`${orders.shopSupplierId} = link.id`)}) as named`
    : sql`select ${orders.id} from ${orders} where ${orders.shopSupplierId} = any(array(${linksNamed}))`;
  // An item line's order is looked up by its key, one matching line at a time (a scalar subquery, which PostgreSQL
  // does not turn into a join): as a join, the planner's estimate of a term's lines (1,207 for 67 on the bench)
  // made it hash the big shop's 100,000 orders, with parallel workers, on every search.
  return sql`${orders.id} = any(array(
    (${named})
    union all
    (select ${orderItems.orderId} from ${orderItems}
     where ${fold(orderItems.itemDesc)} like ${pattern}
       and (select ${tenant} from ${orders} where ${orders.id} = ${orderItems.orderId}) = ${scope.companyId})))`;
}

/** The orders list of both sides; each filter + sort is served by an index of `orders` (schema/orders.ts). */
export const ordersList = defineList({
  name: 'orders',
  id: orders.id,
  idOf: (r: TListRow) => r.order.id,
  sorts: {
    newest: { key: orders.createdAt, dir: 'desc', of: (r) => r.order.createdAt },
    oldest: { key: orders.createdAt, dir: 'asc', of: (r) => r.order.createdAt },
    total: { key: orders.invoiceTotal, dir: 'desc', of: (r) => r.order.invoiceTotal },
    invoiceDate: { key: orders.invoiceDate, dir: 'desc', of: (r) => r.order.invoiceDate },
  },
  where: (scope, query: TOrdersQuery) => [
    scoped(scope),
    query.status ? eq(orders.status, query.status) : undefined,
    query.shopsupplierid ? eq(orders.shopSupplierId, query.shopsupplierid) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lte(orders.createdAt, new Date(`${query.to}T23:59:59.999Z`)) : undefined,
  ],
  search: {
    match: (scope, pattern) => or(sql`${orderNumbers} like ${pattern}`, namesOrItems(scope, pattern)) as SQL,
    // A number that begins with the term first (within a company: a range of the tenant's prefix indexes, which
    // also give the planner the prefix's statistics), then one that holds it (the tenant's keyed pieces,
    // `holdsWithin`), then names and items. The operators' list of every company keeps the trigram index for both.
    tiers: (prefix, pattern, scope, term, db) => {
      const begins = sql`(${orders.invoiceNumFolded} like ${prefix} or ${orders.orderNumFolded} like ${prefix})`;
      if (scope.side === 'platform') {
        const holds = sql`${orderNumbers} like ${pattern}`;
        return [sql`${holds} and ${begins}`, holds];
      }
      const common = db ? commonPieces(db, numberPieces(scope.side), scope.companyId) : [];
      return [begins, holdsWithin(tenantOf(scope), scope.companyId, orderNumbers, pattern, term, common)];
    },
    rest: namesOrItems,
  },
  select: (db, fields) => listSelect(db, itemColumns, fields).$dynamic(),
  toItem: toListItem,
  planCases: (seed) => [
    { scope: { side: 'platform' }, query: { sort: 'newest' } },
    ...bothSides<TOrdersQuery>(seed, (scope) => [
      { scope, query: {} },
      { scope, query: { status: 'open' } },
      { scope, query: { status: 'disputed' } },
      { scope, query: { shopsupplierid: seed.shopSupplierId } },
      { scope, query: { from: '2026-01-01', to: '2026-03-31' } },
      // Search: a number's middle, the other side's name, an item; and a search within a filter.
      { scope, query: { search: seed.terms.number } },
      { scope, query: { search: scope.side === 'shops' ? seed.terms.supplierName : seed.terms.shopName } },
      { scope, query: { search: seed.terms.item } },
      { scope, query: { search: seed.terms.number, status: 'open' } },
      // A number prefix most orders share: more matches than a search may sort, so only the ranks' order serves.
      { scope, query: { search: seed.terms.commonPrefix } },
    ]),
  ],
});

export function createOrdersService({ db, signedUrls }: { db: TDb; signedUrls: TSignedUrls }) {
  async function findOrder(scope: TOrderScope, id: number) {
    const [row] = await listSelect(db, orders).where(and(eq(orders.id, id), scoped(scope)));
    if (!row) throw notFound('This order');
    return row;
  }

  async function findItem(scope: TOrderScope, orderId: number, itemId: number) {
    const row = await findOrder(scope, orderId);
    const [item] = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
    if (!item) throw notFound('This item');
    return { order: row.order, item };
  }

  const recordChanges = (
    order: TOrderRow,
    itemId: number | null,
    userId: string,
    changes: { field: string; oldValue: unknown; newValue: unknown }[],
  ) => {
    const rows = changes
      .filter((c) => String(c.oldValue ?? '') !== String(c.newValue ?? ''))
      .map((c) => ({
        orderId: order.id,
        itemId,
        userId,
        field: c.field,
        oldValue: c.oldValue === null || c.oldValue === undefined ? null : String(c.oldValue),
        newValue: c.newValue === null || c.newValue === undefined ? null : String(c.newValue),
      }));
    return rows.length ? db.insert(orderChanges).values(rows) : Promise.resolve();
  };

  return {
    /** A page of orders; `extra` narrows it further (the operators' filters by shop, supplier and model). */
    list: (scope: TOrderScope, query: TOrdersQuery, extra?: SQL): Promise<TPage<TOrderListItem>> =>
      ordersList.run(db, scope, query, extra),

    async detail(scope: TOrderScope, id: number): Promise<TOrderDetail> {
      const row = await findOrder(scope, id);
      const o = row.order;
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.lineNo));
      const [doc] = o.documentId
        ? await db
            .select({ inTraining: documents.inTraining })
            .from(documents)
            .where(eq(documents.id, o.documentId))
        : [];
      return {
        ...toListItem(row),
        supplierOrderId: o.id,
        supplierClientId: o.shopId,
        dueDate: o.dueDate,
        reference: o.reference,
        memo: o.memo,
        vendor: o.vendor,
        recipient: o.recipient,
        invoiceTo: o.invoiceTo,
        totals: compact({
          goods: o.goods,
          net: o.net,
          subtotal: o.subtotal,
          discount: o.discount,
          charges: o.charges,
          vat: o.vat,
          invoiceTotal: o.invoiceTotal,
        }),
        inTraining: doc?.inTraining ?? false,
        items: items.map(orderItem),
      };
    },

    async items(scope: TOrderScope, id: number, query: TPageQuery): Promise<TPage<TOrderItem>> {
      await findOrder(scope, id);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, id)),
        db
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, id))
          .orderBy(asc(orderItems.lineNo))
          .limit(query.perpage)
          .offset((query.page - 1) * query.perpage),
      ]);
      return { total: total?.n ?? 0, page: query.page, perPage: query.perpage, data: rows.map(orderItem) };
    },

    async item(scope: TOrderScope, orderId: number, itemId: number): Promise<TOrderItem> {
      return orderItem((await findItem(scope, orderId, itemId)).item);
    },

    /** Records what arrived; when every line has arrived in full the order becomes delivered. */
    async receive(
      shopId: number,
      orderId: number,
      itemId: number,
      userId: string,
      input: { receivedQuantity?: number | null; notes?: string | null },
    ): Promise<TOrderItem> {
      const { order, item } = await findItem({ side: 'shops', companyId: shopId }, orderId, itemId);
      const next = {
        receivedQuantity:
          input.receivedQuantity === undefined ? item.receivedQuantity : input.receivedQuantity,
        notes: input.notes === undefined ? item.notes : input.notes || null,
      };
      const [updated] = await db.update(orderItems).set(next).where(eq(orderItems.id, itemId)).returning();
      await recordChanges(order, itemId, userId, [
        { field: 'receivedQuantity', oldValue: item.receivedQuantity, newValue: next.receivedQuantity },
        { field: 'notes', oldValue: item.notes, newValue: next.notes },
      ]);
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const complete = lines.every(
        (l) => l.receivedQuantity !== null && l.receivedQuantity >= (l.itemQty ?? 0),
      );
      // A disputed order stays disputed until its disputes end; the disputes module sets it back then.
      const status =
        order.status === 'disputed'
          ? order.status
          : complete
            ? 'delivered'
            : order.status === 'delivered'
              ? 'open'
              : order.status;
      if (status !== order.status) {
        await db
          .update(orders)
          .set({ status, updatedAt: new Date(), updatedBy: userId })
          .where(eq(orders.id, orderId));
        await recordChanges(order, null, userId, [
          { field: 'orderStatus', oldValue: order.status, newValue: status },
        ]);
      } else {
        await db
          .update(orders)
          .set({ updatedAt: new Date(), updatedBy: userId })
          .where(eq(orders.id, orderId));
      }
      return orderItem(updated!);
    },

    async changes(scope: TOrderScope, orderId: number, query: TPageQuery): Promise<TPage<TOrderChange>> {
      await findOrder(scope, orderId);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(orderChanges).where(eq(orderChanges.orderId, orderId)),
        db
          .select({ change: orderChanges, userName: users.email })
          .from(orderChanges)
          .leftJoin(users, eq(users.id, orderChanges.userId))
          .where(eq(orderChanges.orderId, orderId))
          .orderBy(desc(orderChanges.createdAt), desc(orderChanges.id))
          .limit(query.perpage)
          .offset((query.page - 1) * query.perpage),
      ]);
      return {
        total: total?.n ?? 0,
        page: query.page,
        perPage: query.perpage,
        data: rows.map(({ change, userName }) => ({
          id: change.id,
          orderId: change.orderId,
          itemId: change.itemId,
          userName,
          field: change.field,
          oldValue: change.oldValue,
          newValue: change.newValue,
          timestamp: change.createdAt.toISOString(),
        })),
      };
    },

    async fileUrl(scope: TOrderScope, id: number) {
      const { order } = await findOrder(scope, id);
      if (!order.fileKey) throw notFound('The original document of this order');
      return signedUrls.create({
        key: order.fileKey,
        contentType: FILE_TYPES[order.fileKey.split('.').pop() ?? ''] ?? 'application/octet-stream',
        fileName: order.fileName ?? 'document',
      });
    },

    /** Supplier-side order summaries (spec §3) over the given supplier companies. */
    async supplierSummaries(supplierIds: number[], query: TPageQuery): Promise<TPage<TSupplierOrderSummary>> {
      if (!supplierIds.length) return { total: 0, page: query.page, perPage: query.perpage, data: [] };
      const where = sql`${orders.supplierId} in (${sql.join(
        supplierIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(orders).where(where),
        db
          .select({ order: orders, supplierName: companies.name, shopName: shops.name })
          .from(orders)
          .innerJoin(companies, eq(companies.id, orders.supplierId))
          .innerJoin(shops, eq(shops.id, orders.shopId))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.perpage)
          .offset((query.page - 1) * query.perpage),
      ]);
      return {
        total: total?.n ?? 0,
        page: query.page,
        perPage: query.perpage,
        data: rows.map(({ order: o, supplierName, shopName }) => ({
          id: o.id,
          invoiceNumber: o.invoiceNum,
          orderNumber: o.orderNum,
          supplierId: o.supplierId,
          supplierName,
          shopId: o.shopId,
          shopName,
          orderDate: o.invoiceDate,
          invoiceTotal: o.invoiceTotal,
          totalItems: o.itemCount,
          orderStatus: o.status,
          orderStatusText: ORDER_STATUS_TEXT[o.status],
          createdTimestamp: o.createdAt.toISOString(),
        })),
      };
    },

    /** An order a supplier enters for one of its client shops. */
    async createBySupplier(
      supplierId: number,
      userId: string,
      input: {
        shopId: number;
        orderNum?: string;
        invoiceNum?: string;
        invoiceDate?: string;
        currency?: string;
        items: TItemInput[];
      },
    ) {
      const [link] = await db
        .select()
        .from(shopSuppliers)
        .where(and(eq(shopSuppliers.supplierId, supplierId), eq(shopSuppliers.shopId, input.shopId)));
      if (!link)
        throw new AppError('NOT_FOUND', 'This shop is not one of your clients.', {
          shopId: ['Choose one of your client shops'],
        });
      const totals = input.items.reduce(
        (sum, it) => sum + (it.amount ?? (it.itemQty ?? 0) * (it.price ?? 0)),
        0,
      );
      return db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            shopId: input.shopId,
            supplierId,
            shopSupplierId: link.id,
            insertedVia: 'supplier',
            orderNum: input.orderNum ?? null,
            invoiceNum: input.invoiceNum ?? null,
            invoiceDate: input.invoiceDate ?? null,
            currency: input.currency ?? null,
            subtotal: Math.round(totals * 100) / 100,
            itemCount: input.items.length,
            insertedBy: userId,
            updatedBy: userId,
          })
          .returning();
        if (input.items.length) {
          await tx
            .insert(orderItems)
            .values(input.items.map((it, i) => ({ ...it, orderId: order!.id, lineNo: i + 1 })));
        }
        return order!;
      });
    },

    /** Adds a line to an order the supplier entered itself (read documents are corrected in review instead). */
    async addSupplierItem(supplierIds: number[], orderId: number, item: TItemInput): Promise<TOrderItem> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || !supplierIds.includes(order.supplierId)) throw notFound('This order');
      if (order.insertedVia !== 'supplier') {
        throw new AppError('CONFLICT', 'Only orders entered by the supplier can get new lines here.');
      }
      const [last] = await db
        .select({ lineNo: orderItems.lineNo })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(desc(orderItems.lineNo))
        .limit(1);
      const [created] = await db
        .insert(orderItems)
        .values({ ...item, orderId, lineNo: (last?.lineNo ?? 0) + 1 })
        .returning();
      await db
        .update(orders)
        .set({ itemCount: sql`${orders.itemCount} + 1`, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      return orderItem(created!);
    },

    /** An order item seen by a member of the order's shop or supplier. */
    async itemForCompanies(companyIds: number[], itemId: number): Promise<TOrderItem> {
      const [row] = await db
        .select({ item: orderItems, shopId: orders.shopId, supplierId: orders.supplierId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.id, itemId));
      if (!row || !(companyIds.includes(row.shopId) || companyIds.includes(row.supplierId)))
        throw notFound('This item');
      return orderItem(row.item);
    },

    async counts(shopId: number) {
      const [row] = await db
        .select({
          orders: sql<number>`(select count(*) from ${orders} where ${orders.shopId} = ${shopId})::int`,
          reading: sql<number>`count(*) filter (where ${documents.status} = 'reading')::int`,
          pendingReview: sql<number>`count(*) filter (where ${documents.status} = 'pending_review')::int`,
          failed: sql<number>`count(*) filter (where ${documents.status} = 'failed')::int`,
        })
        .from(documents)
        .where(eq(documents.shopId, shopId));
      return row!;
    },
  };
}
export type TOrdersService = ReturnType<typeof createOrdersService>;
