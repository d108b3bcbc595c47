import type { TCredit, TCreditsQuery, TReturn, TReturnsQuery } from '@orderbridge/contract';
import { aliasedTable, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  companies,
  creditLines,
  credits,
  disputes,
  orderItems,
  orders,
  returns,
  users,
} from '../../db/schema/index.js';
import { bothSides, defineList, type TListScope } from '../../lib/list.js';

const shopCo = aliasedTable(companies, 'shop_co');
const supplierCo = aliasedTable(companies, 'supplier_co');

type TCreditLineJson = {
  id: number;
  disputeId: number | null;
  itemCode: string | null;
  description: string | null;
  quantity: number | null;
  amount: number;
};

/** A credit with its lines in one statement: the lines come as one JSON array per credit. */
const creditSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  db
    .select({
      ...fields,
      credit: credits,
      shopName: shopCo.name,
      supplierName: supplierCo.name,
      firstName: users.firstName,
      lastName: users.lastName,
      lines: sql<TCreditLineJson[]>`(select coalesce(json_agg(json_build_object(
          'id', cl.id, 'disputeId', cl.dispute_id, 'itemCode', cl.item_code, 'description', cl.description,
          'quantity', cl.quantity::float8, 'amount', cl.amount::float8) order by cl.id), '[]')
        from ${creditLines} cl where cl.credit_id = ${credits.id})`,
    })
    .from(credits)
    .innerJoin(shopCo, eq(shopCo.id, credits.shopId))
    .innerJoin(supplierCo, eq(supplierCo.id, credits.supplierId))
    .leftJoin(users, eq(users.id, credits.createdBy));
type TCreditSelected = Awaited<ReturnType<ReturnType<typeof creditSelect>['where']>>[number];

const toCredit = ({ credit: c, ...r }: TCreditSelected): TCredit => ({
  id: c.id,
  shopId: c.shopId,
  shopName: r.shopName,
  supplierId: c.supplierId,
  supplierName: r.supplierName,
  creditNoteNum: c.creditNoteNum,
  creditDate: c.creditDate,
  amount: c.amount,
  status: c.status,
  source: c.source,
  reference: c.reference,
  reviewReason: c.reviewReason,
  documentId: c.documentId,
  createdBy: r.firstName ? `${r.firstName} ${r.lastName}` : null,
  createdDate: c.createdAt.toISOString(),
  lines: r.lines,
});

/** The company's side of a credit: the shop that receives it or the supplier that issues it. */
const creditScope = (scope: TListScope) =>
  scope.side === 'shops'
    ? eq(credits.shopId, scope.companyId)
    : scope.side === 'suppliers'
      ? eq(credits.supplierId, scope.companyId)
      : undefined;

/** The where clauses of the credits list and its CSV export. */
export const creditFilters = (scope: TListScope, q: Pick<TCreditsQuery, 'status' | 'from' | 'to'>) => [
  creditScope(scope),
  q.status ? eq(credits.status, q.status) : undefined,
  q.from ? gte(credits.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
  q.to ? lte(credits.createdAt, new Date(`${q.to}T23:59:59.999Z`)) : undefined,
];

/** Credits of a shop or a supplier, newest first (README "Paging and search"). */
export const creditsList = defineList({
  name: 'credits',
  id: credits.id,
  idOf: (r: TCreditSelected) => r.credit.id,
  sorts: { newest: { key: credits.createdAt, dir: 'desc', of: (r) => r.credit.createdAt } },
  where: (scope, q: TCreditsQuery) => creditFilters(scope, q),
  select: (db, fields) => creditSelect(db, fields).$dynamic(),
  toItem: toCredit,
  planCases: (seed) =>
    bothSides<TCreditsQuery>(seed, (scope) => [
      { scope, query: {} },
      { scope, query: { status: 'review' } },
      { scope, query: { from: '2024-03-01', to: '2024-03-31' } },
    ]),
});

/** Credits matching `where` (newest first, for the export), or those covering one dispute (oldest first). */
export async function creditsOf(
  db: TDb,
  by: { disputeId: number } | { where: SQL; limit: number; offset: number },
): Promise<TCredit[]> {
  const rows =
    'disputeId' in by
      ? await creditSelect(db)
          .where(
            sql`${credits.id} in (select ${creditLines.creditId} from ${creditLines} where ${creditLines.disputeId} = ${by.disputeId})`,
          )
          .orderBy(asc(credits.createdAt), asc(credits.id))
      : await creditSelect(db)
          .where(by.where)
          .orderBy(sql`${credits.createdAt} desc`, sql`${credits.id} desc`)
          .limit(by.limit)
          .offset(by.offset);
  return rows.map(toCredit);
}

const stepUsers = {
  requested: aliasedTable(users, 'requested_by'),
  collected: aliasedTable(users, 'collected_by'),
  received: aliasedTable(users, 'received_by'),
  credited: aliasedTable(users, 'credited_by'),
};
const nameOf = (u: typeof users) => sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** A return (collection) with its order line and who did each step. */
const returnSelect = (db: TDb, fields: Record<string, SQL.Aliased> = {}) =>
  db
    .select({
      ...fields,
      ret: returns,
      orderId: orders.id,
      orderNum: orders.orderNum,
      invoiceNum: orders.invoiceNum,
      shopName: shopCo.name,
      itemCode: orderItems.itemCode,
      itemDesc: orderItems.itemDesc,
      requestedBy: nameOf(stepUsers.requested),
      collectedBy: nameOf(stepUsers.collected),
      receivedBy: nameOf(stepUsers.received),
      creditedBy: nameOf(stepUsers.credited),
    })
    .from(returns)
    .innerJoin(disputes, eq(disputes.id, returns.disputeId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(orderItems, eq(orderItems.id, disputes.itemId))
    .innerJoin(shopCo, eq(shopCo.id, returns.shopId))
    .leftJoin(stepUsers.requested, eq(stepUsers.requested.id, returns.requestedBy))
    .leftJoin(stepUsers.collected, eq(stepUsers.collected.id, returns.collectedBy))
    .leftJoin(stepUsers.received, eq(stepUsers.received.id, returns.receivedBy))
    .leftJoin(stepUsers.credited, eq(stepUsers.credited.id, returns.creditedBy));
type TReturnSelected = Awaited<ReturnType<ReturnType<typeof returnSelect>['where']>>[number];

const step = (at: Date | null, by: string | null) => (at ? { at: at.toISOString(), by } : null);
const toReturn = (r: TReturnSelected): TReturn => ({
  id: r.ret.id,
  disputeId: r.ret.disputeId,
  orderId: r.orderId,
  orderNum: r.orderNum,
  invoiceNum: r.invoiceNum,
  shopId: r.ret.shopId,
  shopName: r.shopName,
  itemCode: r.itemCode,
  itemDesc: r.itemDesc,
  quantity: r.ret.quantity,
  status: r.ret.status,
  note: r.ret.note,
  steps: {
    requested: step(r.ret.requestedAt, r.requestedBy),
    collected: step(r.ret.collectedAt, r.collectedBy),
    received: step(r.ret.receivedAt, r.receivedBy),
    credited: step(r.ret.creditedAt, r.creditedBy),
  },
  creditId: r.ret.creditId,
});

/** A supplier's returns (the Returns page), newest first, by step. */
export const returnsList = defineList({
  name: 'returns',
  id: returns.id,
  idOf: (r: TReturnSelected) => r.ret.id,
  sorts: { newest: { key: returns.createdAt, dir: 'desc', of: (r) => r.ret.createdAt } },
  where: (scope, q: TReturnsQuery) => [
    scope.side === 'shops'
      ? eq(returns.shopId, scope.companyId)
      : scope.side === 'suppliers'
        ? eq(returns.supplierId, scope.companyId)
        : undefined,
    q.status ? eq(returns.status, q.status) : undefined,
  ],
  select: (db, fields) => returnSelect(db, fields).$dynamic(),
  toItem: toReturn,
  planCases: (seed) => {
    const scope = { side: 'suppliers' as const, companyId: seed.supplierId };
    return [
      { scope, query: {} },
      { scope, query: { status: 'requested' as const } },
    ];
  },
});

/** The returns of one dispute (oldest first), or the one return with that id. */
export async function returnsOf(db: TDb, by: { disputeId: number } | { id: number }): Promise<TReturn[]> {
  const rows = await returnSelect(db)
    .where('disputeId' in by ? eq(returns.disputeId, by.disputeId) : eq(returns.id, by.id))
    .orderBy(asc(returns.id));
  return rows.map(toReturn);
}
