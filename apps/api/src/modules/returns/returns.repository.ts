import type { TCredit, TReturn } from '@orderbridge/contract';
import { aliasedTable, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

const shopCo = aliasedTable(companies, 'shop_co');
const supplierCo = aliasedTable(companies, 'supplier_co');

/** Credits with their lines: those matching `where`, or those covering one dispute. */
export async function creditsOf(
  db: TDb,
  by: { disputeId: number } | { where: SQL; limit: number; offset: number },
): Promise<TCredit[]> {
  const base = db
    .select({
      credit: credits,
      shopName: shopCo.name,
      supplierName: supplierCo.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(credits)
    .innerJoin(shopCo, eq(shopCo.id, credits.shopId))
    .innerJoin(supplierCo, eq(supplierCo.id, credits.supplierId))
    .leftJoin(users, eq(users.id, credits.createdBy));
  const rows =
    'disputeId' in by
      ? await base
          .where(
            sql`${credits.id} in (select ${creditLines.creditId} from ${creditLines} where ${creditLines.disputeId} = ${by.disputeId})`,
          )
          .orderBy(asc(credits.createdAt), asc(credits.id))
      : await base
          .where(by.where)
          .orderBy(desc(credits.createdAt), desc(credits.id))
          .limit(by.limit)
          .offset(by.offset);
  if (!rows.length) return [];
  const lines = await db
    .select()
    .from(creditLines)
    .where(
      inArray(
        creditLines.creditId,
        rows.map((r) => r.credit.id),
      ),
    )
    .orderBy(asc(creditLines.id));
  return rows.map(({ credit: c, ...r }) => ({
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
    lines: lines
      .filter((l) => l.creditId === c.id)
      .map((l) => ({
        id: l.id,
        disputeId: l.disputeId,
        itemCode: l.itemCode,
        description: l.description,
        quantity: l.quantity,
        amount: l.amount,
      })),
  }));
}

const stepUsers = {
  requested: aliasedTable(users, 'requested_by'),
  collected: aliasedTable(users, 'collected_by'),
  received: aliasedTable(users, 'received_by'),
  credited: aliasedTable(users, 'credited_by'),
};

/** Returns (collections) with who did each step and when: those matching `where`, or those of one dispute. */
export async function returnsOf(
  db: TDb,
  by: { disputeId: number } | { where: SQL; limit: number; offset: number },
): Promise<TReturn[]> {
  const name = (u: typeof users) => sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;
  const base = db
    .select({
      ret: returns,
      orderId: orders.id,
      orderNum: orders.orderNum,
      invoiceNum: orders.invoiceNum,
      shopName: shopCo.name,
      itemCode: orderItems.itemCode,
      itemDesc: orderItems.itemDesc,
      requestedBy: name(stepUsers.requested),
      collectedBy: name(stepUsers.collected),
      receivedBy: name(stepUsers.received),
      creditedBy: name(stepUsers.credited),
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
  const rows =
    'disputeId' in by
      ? await base.where(eq(returns.disputeId, by.disputeId)).orderBy(asc(returns.id))
      : await base
          .where(by.where)
          .orderBy(desc(returns.createdAt), desc(returns.id))
          .limit(by.limit)
          .offset(by.offset);
  const step = (at: Date | null, by: string | null) => (at ? { at: at.toISOString(), by } : null);
  return rows.map((r) => ({
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
  }));
}
