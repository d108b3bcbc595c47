import type { THome } from '@orderbridge/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { companies, disputes, documents, orderItems, orders, shopSuppliers } from '../../db/schema/index.js';
import { documentsOfScope, type TDashboardScope, type TDashboardService } from './dashboard.service.js';

/** Rows listed per panel; the panel shows the total and links to the full list. */
const SHOWN = 5;
/** Days of the reading chart, today included. */
const DAYS = 14;

const day = (d: Date) => d.toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The Home screen's figures for one company: what needs attention, money, and the reading of the last days. */
export function createHomeService({ db, dashboard }: { db: TDb; dashboard: TDashboardService }) {
  async function toReview(scope: TDashboardScope): Promise<THome['toReview']> {
    // Only a shop reviews its documents; a supplier sees them once they are orders.
    if (scope.side !== 'shops') return { total: 0, items: [] };
    const waiting = and(
      eq(documents.shopId, scope.companyId),
      inArray(documents.status, ['pending_review', 'failed']),
    );
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(documents).where(waiting),
      db
        .select({ doc: documents, supplierName: shopSuppliers.name })
        .from(documents)
        .innerJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
        .where(waiting)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(SHOWN),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((r) => ({
        id: r.doc.id,
        fileName: r.doc.fileName,
        supplierName: r.supplierName,
        status: r.doc.status as 'pending_review' | 'failed',
        reasons: [...new Set(r.doc.issues.map((i) => i.description))].slice(0, 2),
        createdAt: r.doc.createdAt.toISOString(),
      })),
    };
  }

  async function disputesWaiting(scope: TDashboardScope): Promise<THome['disputesWaiting']> {
    const party = sql<string>`(select name from companies where id = ${
      scope.side === 'shops' ? disputes.supplierId : disputes.shopId
    })`;
    const waiting =
      scope.side === 'shops'
        ? and(eq(disputes.shopId, scope.companyId), eq(disputes.status, 'rejected'))
        : and(eq(disputes.supplierId, scope.companyId), eq(disputes.status, 'open'));
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(disputes).where(waiting),
      db
        .select({ dispute: disputes, itemDesc: orderItems.itemDesc, itemCode: orderItems.itemCode, party })
        .from(disputes)
        .innerJoin(orderItems, eq(orderItems.id, disputes.itemId))
        .where(waiting)
        .orderBy(desc(disputes.createdAt), desc(disputes.id))
        .limit(SHOWN),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((r) => ({
        id: r.dispute.id,
        item: r.itemDesc ?? r.itemCode ?? `Line of order ${r.dispute.orderId}`,
        partyName: r.party,
        status: r.dispute.status,
        disputeVal: Number(r.dispute.disputeVal),
        createdAt: r.dispute.createdAt.toISOString(),
      })),
    };
  }

  async function month(scope: TDashboardScope): Promise<THome['month']> {
    const start = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
    const partner = scope.side === 'shops' ? shopSuppliers.name : companies.name;
    const rows = await db
      .select({
        name: partner,
        currency: orders.currency,
        total: sql<number>`coalesce(sum(${orders.invoiceTotal}), 0)::float8`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .innerJoin(shopSuppliers, eq(shopSuppliers.id, orders.shopSupplierId))
      .innerJoin(companies, eq(companies.id, orders.shopId))
      .where(
        and(
          scope.side === 'shops'
            ? eq(orders.shopId, scope.companyId)
            : eq(orders.supplierId, scope.companyId),
          gte(orders.createdAt, start),
        ),
      )
      .groupBy(partner, orders.currency)
      .orderBy(desc(sql`3`));
    const totals = new Map<string | null, number>();
    for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0) + Number(r.total));
    return {
      totals: [...totals]
        .map(([currency, total]) => ({ currency, total: cents(total) }))
        .sort((a, b) => b.total - a.total),
      byPartner: rows.slice(0, SHOWN).map((r) => ({
        name: r.name,
        currency: r.currency,
        total: Number(r.total),
        orders: r.orders,
      })),
    };
  }

  async function creditsOutstanding(scope: TDashboardScope): Promise<THome['creditsOutstanding']> {
    const credited = sql`(select coalesce(sum(cl.amount), 0) from credit_lines cl join credits c on c.id = cl.credit_id
      where cl.dispute_id = ${disputes.id} and c.status = 'applied')`;
    const rows = await db
      .select({
        currency: orders.currency,
        amount: sql<number>`coalesce(sum(greatest(${disputes.disputeVal} - ${credited}, 0)), 0)::float8`,
        n: count(),
      })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(
        and(
          scope.side === 'shops'
            ? eq(disputes.shopId, scope.companyId)
            : eq(disputes.supplierId, scope.companyId),
          inArray(disputes.status, ['open', 'accepted']),
        ),
      )
      .groupBy(orders.currency)
      .orderBy(desc(sql`2`));
    return {
      amounts: rows.map((r) => ({ currency: r.currency, amount: cents(Number(r.amount)) })),
      disputes: rows.reduce((n, r) => n + r.n, 0),
    };
  }

  async function documentsPerDay(scope: TDashboardScope): Promise<THome['documentsPerDay']> {
    const first = new Date();
    first.setUTCHours(0, 0, 0, 0);
    first.setUTCDate(first.getUTCDate() - (DAYS - 1));
    const date = sql<string>`to_char(${documents.readAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        date,
        read: sql<number>`count(*)::int`,
        // Straight through: an order without anyone reviewing it (credit notes are settled, not ordered).
        straightThrough: sql<number>`(count(*) filter (where ${documents.status} = 'processed'
          and ${documents.processedBy} is null and ${documents.documentType} <> 'creditNote'))::int`,
      })
      .from(documents)
      .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
      .where(and(documentsOfScope(scope), isNotNull(documents.readAt), gte(documents.readAt, first)))
      .groupBy(date);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    return Array.from({ length: DAYS }, (_, i) => {
      const d = day(new Date(first.getTime() + i * 86_400_000));
      const r = byDate.get(d);
      return { date: d, read: r?.read ?? 0, straightThrough: r?.straightThrough ?? 0 };
    });
  }

  return {
    async of(scope: TDashboardScope): Promise<THome> {
      const [counts, review, waiting, money, credits, perDay] = await Promise.all([
        dashboard.countsOf(scope),
        toReview(scope),
        disputesWaiting(scope),
        month(scope),
        creditsOutstanding(scope),
        documentsPerDay(scope),
      ]);
      return {
        counts,
        toReview: review,
        disputesWaiting: waiting,
        month: money,
        creditsOutstanding: credits,
        documentsPerDay: perDay,
      };
    },
  };
}
export type THomeService = ReturnType<typeof createHomeService>;
