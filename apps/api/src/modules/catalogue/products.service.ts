import type {
  TCatalogueSettings,
  TExternalProduct,
  TExternalProductsQuery,
  TImportResult,
  TLinkProduct,
  TPage,
  TProduct,
  TProductInput,
  TProductLinksQuery,
  TProductPatch,
  TRowError,
  TShopProductsQuery,
  TShopSupplierProduct,
  TSupplierProductsQuery,
} from '@orderbridge/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  catalogueSettings,
  posProducts,
  products,
  shopSupplierProducts,
  shopSuppliers,
  type TPosProductRow,
  type TProductRow,
} from '../../db/schema/index.js';
import { foldAll } from '../../db/schema/search.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { defineList, type TListScope } from '../../lib/list.js';
import { parseCsv, parseDecimal } from './csv.js';

/** A price change of more than this percentage is flagged unless the shop sets its own threshold. */
export const DEFAULT_PRICE_THRESHOLD_PCT = 5;
const CHUNK = 1000;

/** The supplier price-list CSV columns; sku and name are required, aliases are separated by `|`. */
export const PRICE_LIST_COLUMNS = [
  'sku',
  'name',
  'description',
  'unitprice',
  'packsize',
  'barcode',
  'aliases',
];

const productOf = (row: TProductRow, link?: { id: number; posProductId: number } | null): TProduct => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  description: row.description,
  unitPrice: row.unitPrice,
  packSize: row.packSize,
  barcode: row.barcode,
  aliases: row.aliases,
  supplierId: row.supplierId,
  semtekProductId: link?.posProductId ?? null,
  shopSupplierProductId: link?.id ?? null,
});

export const externalOf = (row: TPosProductRow): Omit<TExternalProduct, 'linkedProducts'> => ({
  id: row.id,
  productCode: row.productCode,
  description: row.description,
  posDescription: row.posDescription,
  barcode: row.barcode,
  boxBarcode: row.boxBarcode,
  qty: row.qty,
  caseQty: row.caseQty,
  units: row.units,
  price: row.price,
  casePrice: row.casePrice,
  vatRate: row.vatRate,
  active: row.active,
  controlStock: row.controlStock,
});

const companyOf = (scope: TListScope) => (scope.side === 'platform' ? -1 : scope.companyId);

/** A supplier's price list (README "Paging and search"): by name or SKU, searched over both. */
export const supplierProductsList = defineList({
  name: 'supplier-products',
  id: products.id,
  idOf: (r: { product: TProductRow }) => r.product.id,
  sorts: {
    name: { key: products.name, dir: 'asc', of: (r) => r.product.name },
    sku: { key: products.sku, dir: 'asc', of: (r) => r.product.sku },
  },
  where: (scope, _q: TSupplierProductsQuery) => [eq(products.supplierId, companyOf(scope))],
  select: (db, fields) =>
    db
      .select({ product: products, ...fields })
      .from(products)
      .$dynamic(),
  toItem: (r) => productOf(r.product),
  search: { match: (_scope, pattern) => sql`${foldAll(products.sku, products.name)} like ${pattern}` },
  planCases: (seed) => {
    const scope = { side: 'suppliers', companyId: seed.supplierId } as const;
    return [
      { scope, query: {} },
      { scope, query: { search: 'widget 0042' } },
    ];
  },
});

/** The shop's suppliers, as a subquery (the tenant clause of the shop's view of their products). */
const suppliersOf = (scope: TListScope) =>
  sql`(select ${shopSuppliers.supplierId} from ${shopSuppliers} where ${shopSuppliers.shopId} = ${companyOf(scope)})`;

/**
 * The products of a shop's suppliers (README "Paging and search"), each with the shop's link to a POS product: by
 * name through `products_name_idx` (the shop's suppliers are many keys, so no index can start with them; their
 * products are most of what the walk meets), searched by SKU and name through the price lists' trigram index.
 */
export const shopProductsList = defineList({
  name: 'shop-products',
  id: products.id,
  idOf: (r: { product: TProductRow; link: { id: number; posProductId: number } | null }) => r.product.id,
  sorts: { name: { key: products.name, dir: 'asc', of: (r) => r.product.name } },
  where: (scope, _q: TShopProductsQuery) => [sql`${products.supplierId} in ${suppliersOf(scope)}`],
  select: (db, fields, scope) =>
    db
      .select({
        product: products,
        link: { id: shopSupplierProducts.id, posProductId: shopSupplierProducts.posProductId },
        ...fields,
      })
      .from(products)
      .leftJoin(
        shopSupplierProducts,
        and(
          eq(shopSupplierProducts.productId, products.id),
          eq(shopSupplierProducts.shopId, companyOf(scope)),
        ),
      )
      .$dynamic(),
  toItem: (r) => productOf(r.product, r.link),
  search: { match: (_scope, pattern) => sql`${foldAll(products.sku, products.name)} like ${pattern}` },
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [
      { scope, query: {} },
      { scope, query: { search: 'widget 0042' } },
    ];
  },
});

/** A link with its supplier product, POS product and supplier (one statement). */
const linkSelect = (db: TDb, fields: Record<string, SQL.Aliased>) =>
  db
    .select({
      link: shopSupplierProducts,
      product: products,
      pos: posProducts,
      supplierName: shopSuppliers.name,
      ...fields,
    })
    .from(shopSupplierProducts)
    .innerJoin(products, eq(products.id, shopSupplierProducts.productId))
    .innerJoin(posProducts, eq(posProducts.id, shopSupplierProducts.posProductId))
    .innerJoin(shopSuppliers, eq(shopSuppliers.id, shopSupplierProducts.shopSupplierId));
type TLinkSelected = Awaited<ReturnType<ReturnType<typeof linkSelect>['where']>>[number];

/**
 * The shop's links of supplier products to POS products (README "Paging and search"): newest first, or one
 * supplier's; searched by the supplier product's SKU or name and the POS product's code, description or barcode,
 * each found through its table's trigram index within the shop, then its links by their indexes.
 */
export const linksList = defineList({
  name: 'product-links',
  id: shopSupplierProducts.id,
  idOf: (r: TLinkSelected) => r.link.id,
  sorts: { newest: { key: shopSupplierProducts.createdAt, dir: 'desc', of: (r) => r.link.createdAt } },
  where: (scope, q: TProductLinksQuery) => [
    eq(shopSupplierProducts.shopId, companyOf(scope)),
    q.shopsupplierid ? eq(shopSupplierProducts.shopSupplierId, q.shopsupplierid) : undefined,
  ],
  search: {
    match: (scope, pattern) =>
      or(
        sql`${shopSupplierProducts.productId} = any(array(select ${products.id} from ${products}
          where ${foldAll(products.sku, products.name)} like ${pattern} and ${products.supplierId} in
            (select ${shopSuppliers.supplierId} from ${shopSuppliers} where ${shopSuppliers.shopId} = ${companyOf(scope)})))`,
        sql`${shopSupplierProducts.posProductId} = any(array(select ${posProducts.id} from ${posProducts}
          where ${foldAll(posProducts.productCode, posProducts.description, posProducts.barcode)} like ${pattern}
            and ${posProducts.shopId} = ${companyOf(scope)}))`,
      ) as SQL,
  },
  select: (db, fields) => linkSelect(db, fields).$dynamic(),
  toItem: (r): TShopSupplierProduct => ({
    id: r.link.id,
    shopSupplier: { shopSupplierId: r.link.shopSupplierId, supplierName: r.supplierName },
    product: productOf(r.product, r.link),
    semtekProductId: r.pos.id,
    externalProduct: externalOf(r.pos),
  }),
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [
      { scope, query: {} },
      { scope, query: { shopsupplierid: seed.shopSupplierId } },
      { scope, query: { search: 'widget 0042' } },
      { scope, query: { search: 'pos item 0008' } },
    ];
  },
});

/**
 * A POS product is linked when some supplier product of the shop points at it; naming the shop lets the planner
 * read only the shop's links (by its index) instead of every shop's.
 */
const linkedPos = (shopId: number) =>
  sql`exists (select 1 from ${shopSupplierProducts} where ${shopSupplierProducts.shopId} = ${shopId} and ${shopSupplierProducts.posProductId} = ${posProducts.id})`;
/**
 * The supplier products linked to the row's POS product, read in the page's own statement (qualified by hand:
 * drizzle names the columns of a one-table select without their table).
 */
const linkedOf = sql<TExternalProduct['linkedProducts'] | null>`(
  select json_agg(json_build_object('shopSupplierProductId', ssp.id, 'productId', p.id, 'sku', p.sku) order by p.sku)
  from ${shopSupplierProducts} ssp join ${products} p on p.id = ssp.product_id
  where ssp.pos_product_id = pos_products.id and ssp.shop_id = pos_products.shop_id)`;

/** The shop's POS catalogue (README "Paging and search"): by description or code, searched, linked or not. */
export const posProductsList = defineList({
  name: 'pos-products',
  id: posProducts.id,
  idOf: (r: { pos: TPosProductRow; linked: TExternalProduct['linkedProducts'] | null }) => r.pos.id,
  sorts: {
    description: { key: posProducts.description, dir: 'asc', of: (r) => r.pos.description },
    code: { key: posProducts.productCode, dir: 'asc', of: (r) => r.pos.productCode },
  },
  where: (scope, q: TExternalProductsQuery) => [
    eq(posProducts.shopId, companyOf(scope)),
    q.linked === 'true'
      ? linkedPos(companyOf(scope))
      : q.linked === 'false'
        ? sql`not ${linkedPos(companyOf(scope))}`
        : undefined,
  ],
  select: (db, fields) =>
    db
      .select({ pos: posProducts, linked: linkedOf.as('linked_products'), ...fields })
      .from(posProducts)
      .$dynamic(),
  toItem: (r): TExternalProduct => ({ ...externalOf(r.pos), linkedProducts: r.linked ?? [] }),
  search: {
    match: (_scope, pattern) =>
      sql`${foldAll(posProducts.productCode, posProducts.description, posProducts.barcode)} like ${pattern}`,
  },
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [
      { scope, query: {} },
      { scope, query: { search: 'pos item 0421' } },
      { scope, query: { linked: 'true' as const } },
      { scope, query: { linked: 'false' as const } },
    ];
  },
});

/** Unique-index races and duplicates end as a clear conflict. */
const skuTaken = (sku: string) =>
  new AppError('CONFLICT', `You already have a product with SKU ${sku}.`, { sku: [`SKU ${sku} is taken`] });
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23505';
};

/** One price-list CSV record as a product, or the reason it cannot be one. */
function priceListRow(v: Record<string, string>): TProductInput | string {
  if (!v.sku) return 'sku is empty.';
  if (v.sku.length > 100) return 'sku is longer than 100 characters.';
  if (!v.name) return 'name is empty.';
  const unitPrice = parseDecimal(v.unitprice);
  if (unitPrice === 'invalid' || (unitPrice !== null && unitPrice < 0))
    return `unitPrice "${v.unitprice}" is not a price.`;
  const pack = parseDecimal(v.packsize);
  if (pack === 'invalid' || (pack !== null && (!Number.isInteger(pack) || pack < 1)))
    return `packSize "${v.packsize}" must be a whole number of at least 1.`;
  return {
    sku: v.sku,
    name: v.name.slice(0, 300),
    description: v.description ? v.description.slice(0, 2000) : null,
    unitPrice,
    packSize: pack ?? 1,
    barcode: v.barcode || null,
    aliases: [
      ...new Set(
        (v.aliases ?? '')
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      ),
    ].slice(0, 50),
  };
}

export function createProductsService({ db }: { db: TDb }) {
  async function supplierProduct(supplierId: number, id: number) {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.supplierId, supplierId)));
    if (!row) throw notFound('This product');
    return row;
  }

  async function link(shopId: number, id: number): Promise<TShopSupplierProduct> {
    const page = await linksList.run(
      db,
      { side: 'shops', companyId: shopId },
      { page: 1, perpage: 1, sort: 'newest' },
      eq(shopSupplierProducts.id, id),
    );
    if (!page.data[0]) throw notFound('This product link');
    return page.data[0];
  }

  return {
    /** A supplier's price list (its own products), searched by SKU or name. */
    supplierList: (supplierId: number, query: TSupplierProductsQuery): Promise<TPage<TProduct>> =>
      supplierProductsList.run(db, { side: 'suppliers', companyId: supplierId }, query),

    async create(supplierId: number, input: TProductInput): Promise<TProduct> {
      try {
        const [row] = await db
          .insert(products)
          .values({ supplierId, ...input })
          .returning();
        return productOf(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw skuTaken(input.sku);
        throw error;
      }
    },

    async update(supplierId: number, id: number, patch: TProductPatch): Promise<TProduct> {
      await supplierProduct(supplierId, id);
      try {
        const [row] = await db
          .update(products)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(products.id, id), eq(products.supplierId, supplierId)))
          .returning();
        return productOf(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw skuTaken(patch.sku ?? '');
        throw error;
      }
    },

    async remove(supplierId: number, id: number) {
      await supplierProduct(supplierId, id);
      await db.delete(products).where(and(eq(products.id, id), eq(products.supplierId, supplierId)));
    },

    /**
     * Imports a price list (CSV): products are created or updated by SKU; a malformed row is reported with its
     * line number and the other rows are kept.
     */
    async importPriceList(supplierId: number, csv: string): Promise<TImportResult> {
      const { header, records, errors } = parseCsv(csv);
      for (const required of ['sku', 'name']) {
        if (!header.includes(required)) {
          throw new AppError(
            'BAD_REQUEST',
            `The price list has no "${required}" column. Its first line must name the columns: ${PRICE_LIST_COLUMNS.join(', ')}.`,
          );
        }
      }
      const rowErrors: TRowError[] = [...errors];
      const bySku = new Map<string, { line: number; row: TProductInput }>();
      for (const r of records) {
        const row = priceListRow(r.values);
        if (typeof row === 'string') rowErrors.push({ line: r.line, message: row });
        else if (bySku.has(row.sku.toLowerCase()))
          rowErrors.push({
            line: r.line,
            message: `sku ${row.sku} is already on line ${bySku.get(row.sku.toLowerCase())!.line}.`,
          });
        else bySku.set(row.sku.toLowerCase(), { line: r.line, row });
      }
      const existing = new Map(
        (await db.select().from(products).where(eq(products.supplierId, supplierId))).map((p) => [
          p.sku.toLowerCase(),
          p,
        ]),
      );
      const same = (a: TProductRow, b: TProductInput) =>
        a.name === b.name &&
        a.description === (b.description ?? null) &&
        a.unitPrice === (b.unitPrice ?? null) &&
        a.packSize === b.packSize &&
        a.barcode === (b.barcode ?? null) &&
        a.aliases.join('|') === b.aliases.join('|');
      let created = 0;
      let updated = 0;
      let unchanged = 0;
      await db.transaction(async (tx) => {
        const inserts: (TProductInput & { supplierId: number })[] = [];
        for (const [key, { row }] of bySku) {
          const old = existing.get(key);
          if (!old) {
            inserts.push({ ...row, supplierId });
            created++;
          } else if (same(old, row)) unchanged++;
          else {
            await tx
              .update(products)
              .set({ ...row, sku: old.sku, updatedAt: new Date() })
              .where(eq(products.id, old.id));
            updated++;
          }
        }
        for (let i = 0; i < inserts.length; i += CHUNK)
          await tx.insert(products).values(inserts.slice(i, i + CHUNK));
      });
      rowErrors.sort((a, b) => a.line - b.line);
      return { rows: bySku.size, created, updated, unchanged, errors: rowErrors };
    },

    /** The products of the shop's suppliers (spec Product), each with the POS product it is linked to. */
    shopList: (shopId: number, query: TShopProductsQuery) =>
      shopProductsList.run(db, { side: 'shops', companyId: shopId }, query),

    links: (shopId: number, query: TProductLinksQuery) =>
      linksList.run(db, { side: 'shops', companyId: shopId }, query),
    link,

    /** Links a supplier's product to one of the shop's POS products (replacing an earlier link of it). */
    async createLink(shopId: number, input: TLinkProduct): Promise<TShopSupplierProduct> {
      const [product] = await db
        .select({ id: products.id, shopSupplierId: shopSuppliers.id })
        .from(products)
        .innerJoin(
          shopSuppliers,
          and(eq(shopSuppliers.supplierId, products.supplierId), eq(shopSuppliers.shopId, shopId)),
        )
        .where(eq(products.id, input.productId));
      if (!product)
        throw new AppError('NOT_FOUND', 'This product is not one of your suppliers’ products.', {
          productId: ['Choose a product of one of your suppliers'],
        });
      const [pos] = await db
        .select({ id: posProducts.id })
        .from(posProducts)
        .where(and(eq(posProducts.id, input.semtekProductId), eq(posProducts.shopId, shopId)));
      if (!pos)
        throw new AppError('NOT_FOUND', 'This POS product is not in your catalogue.', {
          semtekProductId: ['Choose a product of your POS catalogue'],
        });
      const [row] = await db
        .insert(shopSupplierProducts)
        .values({
          shopId,
          shopSupplierId: product.shopSupplierId,
          productId: product.id,
          posProductId: pos.id,
        })
        .onConflictDoUpdate({
          target: [shopSupplierProducts.shopId, shopSupplierProducts.productId],
          set: { posProductId: pos.id, shopSupplierId: product.shopSupplierId },
        })
        .returning({ id: shopSupplierProducts.id });
      return link(shopId, row!.id);
    },

    /** Removes the link of a supplier's product (spec `DELETE /products/{id}/integrations`). */
    async removeLink(shopId: number, productId: number) {
      const removed = await db
        .delete(shopSupplierProducts)
        .where(and(eq(shopSupplierProducts.shopId, shopId), eq(shopSupplierProducts.productId, productId)))
        .returning({ id: shopSupplierProducts.id });
      if (!removed.length) throw notFound('A link of this product');
    },

    /** The shop's POS catalogue of one integration (spec `integrations/{id}/products`), with linked products. */
    posList: (
      shopId: number,
      integrationId: number,
      query: TExternalProductsQuery,
    ): Promise<TPage<TExternalProduct>> =>
      posProductsList.run(
        db,
        { side: 'shops', companyId: shopId },
        query,
        eq(posProducts.integrationId, integrationId),
      ),

    async settings(shopId: number, handle: TDb = db): Promise<TCatalogueSettings> {
      const [row] = await handle.select().from(catalogueSettings).where(eq(catalogueSettings.shopId, shopId));
      return { priceChangeThresholdPct: row?.priceChangeThresholdPct ?? DEFAULT_PRICE_THRESHOLD_PCT };
    },

    async saveSettings(shopId: number, input: TCatalogueSettings): Promise<TCatalogueSettings> {
      await db
        .insert(catalogueSettings)
        .values({ shopId, ...input })
        .onConflictDoUpdate({ target: catalogueSettings.shopId, set: { ...input, updatedAt: new Date() } });
      return input;
    },
  };
}
export type TProductsService = ReturnType<typeof createProductsService>;
