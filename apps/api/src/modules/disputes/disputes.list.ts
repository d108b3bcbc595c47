import {
  LIST_TOTAL_CAP,
  type TDisputesQuery,
  type TMessagesQuery,
  type TThreadQuery,
} from '@orderbridge/contract';
import { aliasedTable, count, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { commonPieces, numberPieces } from '../../db/common-pieces.js';
import {
  companies,
  disputeMessages,
  disputes,
  isActiveDispute,
  orderItems,
  orders,
  shopSuppliers,
  users,
} from '../../db/schema/index.js';
import { fold, holdsWithin } from '../../db/schema/search.js';
import { bothSides, defineList, type TListScope } from '../../lib/list.js';

const shopCo = aliasedTable(companies, 'shop_co');
const supplierCo = aliasedTable(companies, 'supplier_co');
const author = aliasedTable(users, 'author');

// Written out with table names: drizzle leaves columns unqualified when a query has one table, and these
// correlated subqueries must name the outer `disputes` row.
/** Credits count once applied; a credit note waiting in review does not settle anything yet. */
export const totalCredit = sql<number>`(select coalesce(sum(cl.amount), 0) from credit_lines cl
    join credits c on c.id = cl.credit_id
    where cl.dispute_id = "disputes"."id" and c.status = 'applied')::float8`;
/** Messages from the other side that this company has not read. */
const unreadFor = (scope: TListScope) =>
  sql<number>`(select count(*) from dispute_messages m where m.dispute_id = "disputes"."id"
      and m.read_at is null and m.is_response = ${scope.side === 'shops'})::int`;

/**
 * What a dispute is about and between whom: its order, order line, the shop's link to the supplier and both
 * companies. Both selects below join these onto a query that has `disputes`, in this order.
 */
const withDisputeContext = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(orderItems, eq(orderItems.id, disputes.itemId))
    .innerJoin(shopSuppliers, eq(shopSuppliers.id, orders.shopSupplierId))
    .innerJoin(shopCo, eq(shopCo.id, disputes.shopId))
    .innerJoin(supplierCo, eq(supplierCo.id, disputes.supplierId));

/** A dispute with its order line, both companies, who raised it, what is credited and unread (one statement). */
export const disputeSelect = (db: TDb, scope: TListScope, fields: Record<string, SQL.Aliased> = {}) =>
  withDisputeContext(
    db
      .select({
        dispute: disputes,
        orderNum: orders.orderNum,
        invoiceNum: orders.invoiceNum,
        invoiceDate: orders.invoiceDate,
        currency: orders.currency,
        itemCode: orderItems.itemCode,
        itemDesc: orderItems.itemDesc,
        linkName: shopSuppliers.name,
        supplierName: supplierCo.name,
        shopName: shopCo.name,
        firstName: users.firstName,
        lastName: users.lastName,
        totalCredit,
        unread: unreadFor(scope),
        ...fields,
      })
      .from(disputes)
      .$dynamic(),
  ).leftJoin(users, eq(users.id, disputes.createdBy));
export type TDisputeSelected = Awaited<ReturnType<ReturnType<typeof disputeSelect>['where']>>[number];

/** The tenant column of a side: the shop that raised a dispute or the supplier it is raised against. */
const tenantOf = (scope: TListScope) =>
  scope.side === 'shops' ? disputes.shopId : scope.side === 'suppliers' ? disputes.supplierId : undefined;

/** The order's numbers folded, the column the number indexes are on (schema/orders.ts). */
const orderNumbers = sql`${orders.numbersFolded}`;

/** The tenant's orders in a subquery on `orders` (the outer query's tenant clause is on `disputes`). */
const tenantOfOrders = (scope: TListScope) =>
  scope.side === 'platform'
    ? sql``
    : sql` and ${scope.side === 'shops' ? orders.shopId : orders.supplierId} = ${scope.companyId}`;

/** The order's numbers hold the term: within a company through its keyed pieces (`holdsWithin`). */
const numbersHold = (scope: TListScope, pattern: SQL, term: SQL, db?: TDb) =>
  scope.side === 'platform'
    ? sql`${orderNumbers} like ${pattern}`
    : holdsWithin(
        scope.side === 'shops' ? orders.shopId : orders.supplierId,
        scope.companyId,
        orderNumbers,
        pattern,
        term,
        db ? commonPieces(db, numberPieces(scope.side), scope.companyId) : [],
      );

/** Disputes on the orders whose numbers meet `condition` (read through `orders_numbers_trgm_idx`), once. */
const byOrderNumber = (scope: TListScope, condition: SQL) =>
  sql`${disputes.orderId} = any(array(select ${orders.id} from ${orders} where ${condition}${tenantOfOrders(scope)}))`;

/**
 * The disputes list of both sides (README "Paging and search"). Each filter + sort is served by an index of
 * `disputes` (schema/disputes.ts): tenant, filter, created_at and id. A link (`shopsupplierid`) is one other company,
 * since a shop links a supplier once, so it filters on the other side's id column.
 */
export const disputesList = defineList({
  name: 'disputes',
  id: disputes.id,
  idOf: (r: TDisputeSelected) => r.dispute.id,
  sorts: {
    newest: { key: disputes.createdAt, dir: 'desc', of: (r) => r.dispute.createdAt },
    oldest: { key: disputes.createdAt, dir: 'asc', of: (r) => r.dispute.createdAt },
  },
  where: (scope, q: TDisputesQuery) => {
    const tenant = tenantOf(scope);
    const companyId = scope.side === 'platform' ? undefined : scope.companyId;
    return [
      tenant ? eq(tenant, companyId as number) : undefined,
      q.status === 'active'
        ? isActiveDispute(disputes.status)
        : q.status
          ? eq(disputes.status, q.status)
          : undefined,
      q.shopsupplierid
        ? scope.side === 'suppliers'
          ? sql`${disputes.shopId} = (select ${shopSuppliers.shopId} from ${shopSuppliers}
              where ${shopSuppliers.id} = ${q.shopsupplierid} and ${shopSuppliers.supplierId} = ${companyId})`
          : sql`${disputes.supplierId} = (select ${shopSuppliers.supplierId} from ${shopSuppliers}
              where ${shopSuppliers.id} = ${q.shopsupplierid}${companyId ? sql` and ${shopSuppliers.shopId} = ${companyId}` : sql``})`
        : undefined,
      q.shopid ? eq(disputes.shopId, q.shopid) : undefined,
      q.orderid ? eq(disputes.orderId, q.orderid) : undefined,
      q.from ? gte(disputes.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
      q.to ? lte(disputes.createdAt, new Date(`${q.to}T23:59:59.999Z`)) : undefined,
    ];
  },
  search: {
    // Each alternative is a bitmap of an index of `disputes`: the orders whose number matches and the order lines
    // whose description or code matches (each found through its trigram index within the tenant, once), and the
    // note.
    match: (scope, pattern, term) =>
      or(
        byOrderNumber(scope, numbersHold(scope, pattern, term)),
        sql`${disputes.itemId} = any(array(select ${orderItems.id} from ${orderItems}
          join ${orders} on ${orders.id} = ${orderItems.orderId}
          where (${fold(orderItems.itemDesc)} like ${pattern} or ${fold(orderItems.itemCode)} like ${pattern})${tenantOfOrders(scope)}))`,
        sql`${fold(disputes.note)} like ${pattern}`,
      ) as SQL,
    // A number that begins with the term first, then one that holds it, then the rest (items and notes).
    tiers: (prefix, pattern, scope, term, db) => [
      byOrderNumber(
        scope,
        sql`${numbersHold(scope, pattern, term, db)} and (${orders.invoiceNumFolded} like ${prefix} or ${orders.orderNumFolded} like ${prefix})`,
      ),
      byOrderNumber(scope, numbersHold(scope, pattern, term, db)),
    ],
  },
  select: (db, fields, scope) => disputeSelect(db, scope, fields).$dynamic(),
  // The page's rows go to the service, which signs their photo links.
  toItem: (r) => r,
  planCases: (seed) =>
    bothSides<TDisputesQuery>(seed, (scope) => [
      { scope, query: {} },
      { scope, query: { status: 'active' } },
      { scope, query: { status: 'open' } },
      { scope, query: { status: 'withdrawn' } },
      {
        scope,
        query: scope.side === 'shops' ? { shopsupplierid: seed.shopSupplierId } : { shopid: seed.shopId },
      },
      { scope, query: { status: 'active', shopsupplierid: seed.shopSupplierId } },
      { scope, query: { orderid: seed.disputedOrderId } },
      { scope, query: { from: '2024-03-01', to: '2024-03-31' } },
      { scope, query: { search: seed.terms.number } },
      { scope, query: { search: seed.terms.item } },
      { scope, query: { search: seed.terms.itemCode } },
      { scope, query: { search: seed.terms.number, status: 'active' } },
    ]),
});

/**
 * The disputed and credited sums of what a query matches. They read every matching row, so like the list's total
 * they stop at LIST_TOTAL_CAP rows: beyond it they are null (the screen shows no sums for "10,000+" disputes).
 */
export async function disputeSums(db: TDb, scope: TListScope, query: TDisputesQuery) {
  const matched = db
    .select({ id: disputes.id, value: disputes.disputeVal, credited: totalCredit.as('credited') })
    .from(disputes)
    .where(disputesList.filter(scope, query))
    .limit(LIST_TOTAL_CAP + 1)
    .as('matched');
  const [sums] = await db
    .select({
      n: count(),
      disputed: sql<number>`coalesce(sum(${matched.value}), 0)::float8`,
      credited: sql<number>`coalesce(sum(${matched.credited}), 0)::float8`,
    })
    .from(matched);
  if (!sums || sums.n > LIST_TOTAL_CAP) return { disputed: null, credited: null };
  return { disputed: Number(sums.disputed), credited: Number(sums.credited) };
}

// ---- the messages inbox ----------------------------------------------------------------------------------------

/** A message with its dispute, order line, both companies and its author (one statement). */
export const messageSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  withDisputeContext(
    db
      .select({
        message: disputeMessages,
        firstName: author.firstName,
        lastName: author.lastName,
        dispute: {
          id: disputes.id,
          mainDisputeId: disputes.mainDisputeId,
          status: disputes.status,
          reason: disputes.reason,
        },
        orderId: orders.id,
        orderNum: orders.orderNum,
        invoiceNum: orders.invoiceNum,
        itemId: orderItems.id,
        itemCode: orderItems.itemCode,
        itemDesc: orderItems.itemDesc,
        linkName: shopSuppliers.name,
        shopName: shopCo.name,
        supplierName: supplierCo.name,
        ...fields,
      })
      .from(disputeMessages)
      .innerJoin(disputes, eq(disputes.id, disputeMessages.disputeId))
      .$dynamic(),
  ).leftJoin(author, eq(author.id, disputeMessages.userId));
export type TMessageSelected = Awaited<ReturnType<ReturnType<typeof messageSelect>['where']>>[number];

/**
 * Unread for the side: written by the other side and not read yet. Spelled with literals, as the partial indexes
 * `dispute_messages_{shop,supplier}_unread_idx` spell it (a bound parameter would not match their predicate).
 */
export const unreadInbox = (scope: TListScope) =>
  scope.side === 'shops'
    ? sql`${disputeMessages.readAt} is null and ${disputeMessages.isResponse} = true`
    : sql`${disputeMessages.readAt} is null and ${disputeMessages.isResponse} = false`;

/**
 * The inbox (spec GET /messages): every message of the company's disputes, unread first, then newest. Its tenant
 * is the message's own copy of the dispute's shop or supplier, so both groups are read by an index in order.
 */
export const inboxList = defineList({
  name: 'messages',
  id: disputeMessages.id,
  idOf: (r: TMessageSelected) => r.message.id,
  sorts: { newest: { key: disputeMessages.createdAt, dir: 'desc', of: (r) => r.message.createdAt } },
  where: (scope, q: TMessagesQuery) => [
    messageTenant(scope),
    q.disputeid ? eq(disputeMessages.disputeId, q.disputeid) : undefined,
    q.unread === 'true' ? unreadInbox(scope) : undefined,
  ],
  groups: (scope) => [unreadInbox(scope)],
  select: (db, fields) => messageSelect(db, fields).$dynamic(),
  // The service turns rows into messages: whether a message is the reader's own depends on the user.
  toItem: (r) => r,
  planCases: (seed) =>
    bothSides<TMessagesQuery>(seed, (scope) => [
      { scope, query: {} },
      { scope, query: { unread: 'true' } },
      { scope, query: { disputeid: seed.disputeId } },
    ]),
});

/** The tenant clause of a message: its copy of the dispute's shop or supplier. */
const messageTenant = (scope: TListScope) =>
  scope.side === 'shops'
    ? eq(disputeMessages.shopId, scope.companyId)
    : scope.side === 'suppliers'
      ? eq(disputeMessages.supplierId, scope.companyId)
      : undefined;

/** One dispute's thread, oldest first (`dispute_messages_thread_idx`); the dispute comes from the path. */
export const threadList = defineList({
  name: 'dispute-thread',
  id: disputeMessages.id,
  idOf: (r: TMessageSelected) => r.message.id,
  sorts: { oldest: { key: disputeMessages.createdAt, dir: 'asc', of: (r) => r.message.createdAt } },
  where: (scope, q: TThreadQuery & { disputeid: number }) => [
    eq(disputeMessages.disputeId, q.disputeid),
    messageTenant(scope),
  ],
  select: (db, fields) => messageSelect(db, fields).$dynamic(),
  toItem: (r) => r,
  planCases: (seed) => bothSides(seed, (scope) => [{ scope, query: { disputeid: seed.disputeId } }]),
});
