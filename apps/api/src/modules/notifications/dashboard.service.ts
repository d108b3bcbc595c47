import type { TCompanyType, TDashboardCounts } from '@orderbridge/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { companies, documents, memberships, orders, shopSuppliers } from '../../db/schema/index.js';

export type TDashboardScope = { side: TCompanyType; companyId: number };
/**
 * A count another module owns (disputes, messages), handed in where the services are wired
 * (`plugins/services.ts`); a count no module provides is 0.
 */
export type TDashboardCounter = (scope: TDashboardScope) => Promise<number>;
export type TDashboardCounters = { noOfDispute?: TDashboardCounter; noOfMessage?: TDashboardCounter };

/**
 * The company's documents: a shop's own, or those addressed to a supplier (through the shop's link to it).
 * The query must left-join `shop_suppliers` on the document's link: a document from an unknown email sender has
 * no link yet and is still the shop's (a supplier never sees it).
 */
export const documentsOfScope = (scope: TDashboardScope) =>
  scope.side === 'shops'
    ? eq(documents.shopId, scope.companyId)
    : eq(shopSuppliers.supplierId, scope.companyId);

/** The spec's dashboard counts, for one company or summed over a user's companies. */
export function createDashboardService({ db, counters }: { db: TDb; counters: TDashboardCounters }) {
  async function ordersOf(scope: TDashboardScope) {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        scope.side === 'shops' ? eq(orders.shopId, scope.companyId) : eq(orders.supplierId, scope.companyId),
      );
    return row?.n ?? 0;
  }

  /** Documents not yet an order: being read, waiting for review, or unreadable. */
  async function unprocessedOf(scope: TDashboardScope) {
    const [row] = await db
      .select({ n: count() })
      .from(documents)
      .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
      .where(and(documentsOfScope(scope), ne(documents.status, 'processed')));
    return row?.n ?? 0;
  }

  async function countsOf(scope: TDashboardScope): Promise<TDashboardCounts> {
    const { noOfDispute, noOfMessage } = counters;
    const [orderCount, unprocessed, disputes, messages] = await Promise.all([
      ordersOf(scope),
      unprocessedOf(scope),
      noOfDispute?.(scope) ?? 0,
      noOfMessage?.(scope) ?? 0,
    ]);
    return {
      noOfDispute: disputes,
      noOfMessage: messages,
      noOfOrders: orderCount,
      noOfUnprocessedOrders: unprocessed,
    };
  }

  return {
    countsOf,
    /** Summed over every company of the user (spec GET /Dashboard). */
    async countsOfUser(userId: string): Promise<TDashboardCounts> {
      const mine = await db
        .select({ id: companies.id, type: companies.type })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(eq(memberships.userId, userId));
      const each = await Promise.all(mine.map((c) => countsOf({ side: c.type, companyId: c.id })));
      return each.reduce(
        (sum, c) => ({
          noOfDispute: sum.noOfDispute + c.noOfDispute,
          noOfMessage: sum.noOfMessage + c.noOfMessage,
          noOfOrders: sum.noOfOrders + c.noOfOrders,
          noOfUnprocessedOrders: sum.noOfUnprocessedOrders + c.noOfUnprocessedOrders,
        }),
        { noOfDispute: 0, noOfMessage: 0, noOfOrders: 0, noOfUnprocessedOrders: 0 },
      );
    },
  };
}
export type TDashboardService = ReturnType<typeof createDashboardService>;
