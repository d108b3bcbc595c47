/**
 * The lists the benchmark loads, as the API registers them (lib/list.ts), and the scenarios: every list × a
 * typical and a big company × each filter and search. The API and the bare server (bare-server.ts) both build
 * their SQL with these lists' `statements()`.
 */
import type { TListQuery } from '@orderbridge/contract';
import type { TList, TListScope } from '../../apps/api/src/lib/list.js';
import { reviewQueue } from '../../apps/api/src/modules/orders/documents.service.js';
import { ordersList } from '../../apps/api/src/modules/orders/orders.service.js';

type TAnyList = TList<TListQuery & { sort: string }, unknown>;
export const benchLists: Record<string, TAnyList> = {
  orders: ordersList as unknown as TAnyList,
  'review-queue': reviewQueue as unknown as TAnyList,
};

/** A scenario's query in the bare server's terms: keys lower-cased (as the API's validation leaves them). */
export function bareQuery(side: string, companyId: number, raw: Record<string, string>) {
  const query: Record<string, unknown> = { page: 1, perpage: 25, sort: 'newest' };
  for (const [k, v] of Object.entries(raw)) {
    const key = k.toLowerCase();
    query[key] = ['page', 'perpage', 'shopsupplierid'].includes(key) ? Number(v) : v;
  }
  return {
    scope: { side, companyId } as TListScope,
    query: query as TListQuery & { sort: string },
  };
}

export type TScenario = {
  /** e.g. `orders/shops big status=open` */
  name: string;
  list: keyof typeof benchLists;
  side: 'shops' | 'suppliers';
  size: 'typical' | 'big';
  companyId: number;
  /** In the API's spelling (PerPage, shopSupplierId). */
  query: Record<string, string>;
  search: boolean;
};

export type TBenchIds = {
  bigShopId: number;
  typicalShopId: number;
  bigShopSupplierId: number;
  typicalShopSupplierId: number;
  bigSupplierId: number;
  typicalSupplierId: number;
  /** A link of each supplier (the supplier side's shop filter is the link id). */
  bigSupplierLinkId: number;
  typicalSupplierLinkId: number;
};

/** Page size: the API's list default is 25; the budgets are for 50 rows (ARCHITECTURE.md §8). */
const PER_PAGE = '50';

export function scenarios(ids: TBenchIds): TScenario[] {
  const out: TScenario[] = [];
  const add = (
    list: TScenario['list'],
    side: TScenario['side'],
    size: TScenario['size'],
    companyId: number,
    query: Record<string, string>,
  ) => {
    const shown = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    out.push({
      name: `${list}/${side} ${size} ${shown || 'all'}`,
      list,
      side,
      size,
      companyId,
      query: { PerPage: PER_PAGE, ...query },
      search: 'search' in query,
    });
  };
  for (const size of ['typical', 'big'] as const) {
    const shop = size === 'big' ? ids.bigShopId : ids.typicalShopId;
    const link = size === 'big' ? ids.bigShopSupplierId : ids.typicalShopSupplierId;
    add('orders', 'shops', size, shop, {});
    add('orders', 'shops', size, shop, { status: 'open' });
    add('orders', 'shops', size, shop, { shopSupplierId: String(link) });
    add('orders', 'shops', size, shop, { from: '2025-06-01', to: '2025-06-30' });
    add('orders', 'shops', size, shop, { sort: 'total' });
    // Number prefix (100 matches in the big shop), number inside, supplier name, item description.
    add('orders', 'shops', size, shop, { search: size === 'big' ? 'INV-0999' : 'INV-0019' });
    add('orders', 'shops', size, shop, { search: size === 'big' ? '09999' : '01999' });
    add('orders', 'shops', size, shop, { search: 'Supplier 003' });
    add('orders', 'shops', size, shop, { search: 'brotchen 004' });
    const supplier = size === 'big' ? ids.bigSupplierId : ids.typicalSupplierId;
    const supplierLink = size === 'big' ? ids.bigSupplierLinkId : ids.typicalSupplierLinkId;
    add('orders', 'suppliers', size, supplier, {});
    add('orders', 'suppliers', size, supplier, { status: 'open' });
    add('orders', 'suppliers', size, supplier, { shopSupplierId: String(supplierLink) });
    add('orders', 'suppliers', size, supplier, { from: '2025-06-01', to: '2025-06-30' });
    add('orders', 'suppliers', size, supplier, { search: 'INV-0019' });
    add('orders', 'suppliers', size, supplier, { search: 'Shop 017' });
    add('review-queue', 'shops', size, shop, {});
    add('review-queue', 'shops', size, shop, { shopSupplierId: String(link) });
    add('review-queue', 'shops', size, shop, { search: size === 'big' ? 'INV-0999' : 'INV-0019' });
  }
  return out;
}

/** The API's URL of a scenario. */
export function apiPath(s: TScenario) {
  const q = new URLSearchParams(s.query);
  const base = `/api/${s.side}/${s.companyId}/orders`;
  return `${s.list === 'review-queue' ? `${base}/pending-review` : base}?${q}`;
}

/** The bare server's URL of a scenario. */
export function barePath(s: TScenario) {
  return `/${s.list}/${s.side}/${s.companyId}?${new URLSearchParams(s.query)}`;
}
