import type { TLineMatch, TPage, TPriceChange, TPriceChangesQuery } from '@orderbridge/contract';
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  documentItems,
  documents,
  lineMatches,
  orders,
  posProducts,
  productAliases,
  products,
  shopSupplierProducts,
  shopSuppliers,
  type TLineMatchRow,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { defineList } from '../../lib/list.js';
import { buildMatchIndex, lineUnits, matchLine, normaliseCode, normaliseDescription } from './matcher.js';
import type { TProductsService } from './products.service.js';

type TDeps = {
  db: TDb;
  products: Pick<TProductsService, 'settings'>;
  /**
   * Told when a read document has lines whose price moved past the shop's threshold that were not flagged before
   * (notifications listen), with their number; runs in the caller's transaction when there is one.
   */
  onPriceChanges?: (shopId: number, documentId: number, lines: number, tx: TDb) => Promise<void>;
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** A matched line with its read line, POS product, supplier and order (one statement). */
const priceChangeSelect = (db: TDb, fields: Record<string, SQL.Aliased>) =>
  db
    .select({
      match: lineMatches,
      item: documentItems,
      pos: posProducts,
      supplierName: shopSuppliers.name,
      orderId: orders.id,
      ...fields,
    })
    .from(lineMatches)
    .innerJoin(documents, eq(documents.id, lineMatches.documentId))
    .innerJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
    .innerJoin(
      documentItems,
      and(eq(documentItems.documentId, lineMatches.documentId), eq(documentItems.lineNo, lineMatches.lineNo)),
    )
    .leftJoin(posProducts, eq(posProducts.id, lineMatches.posProductId))
    .leftJoin(orders, eq(orders.documentId, lineMatches.documentId));
type TPriceChangeSelected = Awaited<ReturnType<ReturnType<typeof priceChangeSelect>['where']>>[number];

/**
 * The price changes list (README "Paging and search"): the shop's matched lines whose unit cost moved past its
 * threshold, newest first. The threshold is the shop's setting (`threshold`, read by the service), so the index
 * holds every line with a change (`line_matches_shop_changes_idx`) and the threshold filters them in order.
 */
export const priceChangesList = defineList({
  name: 'price-changes',
  id: lineMatches.id,
  idOf: (r: TPriceChangeSelected) => r.match.id,
  sorts: { newest: { key: lineMatches.createdAt, dir: 'desc', of: (r) => r.match.createdAt } },
  where: (scope, q: TPriceChangesQuery & { threshold: number }) => [
    eq(lineMatches.shopId, scope.side === 'platform' ? -1 : scope.companyId),
    sql`${lineMatches.priceChangePct} is not null`,
    sql`abs(${lineMatches.priceChangePct}) > ${q.threshold}`,
  ],
  select: (db, fields) => priceChangeSelect(db, fields).$dynamic(),
  toItem: (r) => r,
  planCases: (seed) => {
    const scope = { side: 'shops', companyId: seed.shopId } as const;
    return [{ scope, query: { threshold: 5 } }];
  },
});

export function createMatchingService({ db, products: productsService, onPriceChanges }: TDeps) {
  async function documentOf(shopId: number | null, documentId: number, handle: TDb = db) {
    const [row] = await handle
      .select({ doc: documents, supplierId: shopSuppliers.supplierId, linkId: shopSuppliers.id })
      .from(documents)
      .innerJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
      .where(and(eq(documents.id, documentId), shopId === null ? undefined : eq(documents.shopId, shopId)));
    // A document whose supplier no one has chosen yet (unknown email sender) has nothing to match against.
    return row;
  }

  /** Everything the matcher knows for one shop and supplier. */
  async function indexFor(handle: TDb, shopId: number, shopSupplierId: number, supplierId: number) {
    // One after the other: a transaction's connection runs one query at a time.
    const pos = await handle
      .select({
        id: posProducts.id,
        productCode: posProducts.productCode,
        description: posProducts.description,
        posDescription: posProducts.posDescription,
        barcode: posProducts.barcode,
        boxBarcode: posProducts.boxBarcode,
        caseQty: posProducts.caseQty,
        casePrice: posProducts.casePrice,
      })
      .from(posProducts)
      .where(and(eq(posProducts.shopId, shopId), eq(posProducts.active, true)));
    const linked = await handle
      .select({
        sku: products.sku,
        name: products.name,
        aliases: products.aliases,
        packSize: products.packSize,
        posProductId: shopSupplierProducts.posProductId,
      })
      .from(shopSupplierProducts)
      .innerJoin(products, eq(products.id, shopSupplierProducts.productId))
      .where(and(eq(shopSupplierProducts.shopId, shopId), eq(products.supplierId, supplierId)));
    const aliases = await handle
      .select()
      .from(productAliases)
      .where(and(eq(productAliases.shopId, shopId), eq(productAliases.shopSupplierId, shopSupplierId)));
    const index = buildMatchIndex({
      products: pos,
      codes: [
        ...linked.map((l) => ({ code: l.sku, posProductId: l.posProductId, packSize: l.packSize })),
        ...aliases
          .filter((a) => a.kind === 'code')
          .map((a) => ({ code: a.value, posProductId: a.posProductId, packSize: null })),
      ],
      descriptions: [
        ...linked.flatMap((l) =>
          [l.name, ...l.aliases].map((d) => ({
            value: normaliseDescription(d),
            posProductId: l.posProductId,
          })),
        ),
        ...aliases
          .filter((a) => a.kind === 'description')
          .map((a) => ({ value: a.value, posProductId: a.posProductId })),
      ],
    });
    return { index, pos: new Map(pos.map((p) => [p.id, p])) };
  }

  /**
   * The price to compare with: what this supplier charged per unit for the product on the last earlier
   * document, else the POS cost per unit (casePrice / caseQty).
   */
  async function previousCosts(
    handle: TDb,
    shopSupplierId: number,
    before: Date,
    documentId: number,
    posIds: number[],
  ) {
    if (!posIds.length) return new Map<number, { cost: number; date: string }>();
    const rows = await handle
      .selectDistinctOn([lineMatches.posProductId], {
        posProductId: lineMatches.posProductId,
        cost: lineMatches.unitCost,
        invoiceDate: sql<string | null>`${documents.headers}->>'invoiceDate'`,
        createdAt: documents.createdAt,
      })
      .from(lineMatches)
      .innerJoin(documents, eq(documents.id, lineMatches.documentId))
      .where(
        and(
          eq(documents.shopSupplierId, shopSupplierId),
          ne(documents.id, documentId),
          lt(documents.createdAt, before),
          inArray(lineMatches.posProductId, posIds),
          isNotNull(lineMatches.unitCost),
        ),
      )
      .orderBy(lineMatches.posProductId, desc(documents.createdAt));
    return new Map(
      rows.map((r) => [
        r.posProductId!,
        { cost: r.cost!, date: r.invoiceDate ?? r.createdAt.toISOString().slice(0, 10) },
      ]),
    );
  }

  /**
   * Matches a document's lines (a person's confirmed matches stay) and stores them with their price changes. The
   * reading job passes its transaction, so a document is never seen read but unmatched.
   */
  async function matchDocument(documentId: number, handle: TDb = db) {
    const found = await documentOf(null, documentId, handle);
    if (!found) return;
    const { doc, supplierId, linkId } = found;
    const items = await handle
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, doc.id))
      .orderBy(asc(documentItems.lineNo));
    const existing = await handle.select().from(lineMatches).where(eq(lineMatches.documentId, doc.id));
    const confirmed = new Map(existing.filter((m) => m.confirmedBy).map((m) => [m.lineNo, m]));
    const { index, pos } = await indexFor(handle, doc.shopId, linkId, supplierId);
    const matched = items.map((item) => {
      const kept = confirmed.get(item.lineNo);
      if (kept)
        return {
          item,
          posProductId: kept.posProductId,
          method: kept.method,
          confidence: kept.confidence,
          unitsPerLine: kept.unitsPerLine,
          confirmedBy: kept.confirmedBy,
        };
      return { item, ...matchLine(index, item), confirmedBy: null };
    });
    const previous = await previousCosts(handle, linkId, doc.createdAt, doc.id, [
      ...new Set(matched.map((m) => m.posProductId).filter((id): id is number => id !== null)),
    ]);
    const threshold = (await productsService.settings(doc.shopId, handle)).priceChangeThresholdPct;
    // Matching runs again whenever the review screen opens: only lines not flagged before are news to the shop.
    const flaggedBefore = new Set(
      existing
        .filter((m) => m.priceChangePct !== null && Math.abs(m.priceChangePct) > threshold)
        .map((m) => m.lineNo),
    );
    let flagged = 0;
    const rows = matched.map((m) => {
      const unitCost =
        m.item.price === null || m.posProductId === null ? null : round(m.item.price / m.unitsPerLine, 4);
      const product = m.posProductId === null ? undefined : pos.get(m.posProductId);
      const earlier = m.posProductId === null ? undefined : previous.get(m.posProductId);
      const posCost =
        product?.casePrice != null && product.caseQty > 0
          ? { cost: round(product.casePrice / product.caseQty, 4), date: null }
          : undefined;
      const base = earlier ?? posCost;
      const pct =
        unitCost !== null && base && base.cost > 0
          ? round(((unitCost - base.cost) / base.cost) * 100, 1)
          : null;
      if (pct !== null && Math.abs(pct) > threshold && !flaggedBefore.has(m.item.lineNo)) flagged++;
      return {
        shopId: doc.shopId,
        documentId: doc.id,
        lineNo: m.item.lineNo,
        posProductId: m.posProductId,
        method: m.method,
        confidence: m.confidence,
        unitsPerLine: m.unitsPerLine,
        unitCost,
        previousUnitCost: base?.cost ?? null,
        previousDate: base?.date ?? null,
        priceChangePct: pct,
        confirmedBy: m.confirmedBy,
      };
    });
    await handle.transaction(async (tx) => {
      await tx.delete(lineMatches).where(eq(lineMatches.documentId, doc.id));
      if (rows.length) await tx.insert(lineMatches).values(rows);
      if (flagged) await onPriceChanges?.(doc.shopId, doc.id, flagged, tx as unknown as TDb);
    });
  }

  async function view(shopId: number, documentId: number): Promise<TLineMatch[]> {
    const threshold = (await productsService.settings(shopId)).priceChangeThresholdPct;
    const rows = await db
      .select({ item: documentItems, match: lineMatches, pos: posProducts })
      .from(documentItems)
      .leftJoin(
        lineMatches,
        and(
          eq(lineMatches.documentId, documentItems.documentId),
          eq(lineMatches.lineNo, documentItems.lineNo),
        ),
      )
      .leftJoin(posProducts, eq(posProducts.id, lineMatches.posProductId))
      .where(eq(documentItems.documentId, documentId))
      .orderBy(asc(documentItems.lineNo));
    return rows.map(({ item, match, pos }) => lineMatchOf(item, match, pos, threshold));
  }

  return {
    matchDocument,

    /** The matches of a document's lines; an unprocessed document is matched again first (lines may have changed). */
    async forDocument(shopId: number, documentId: number): Promise<TLineMatch[]> {
      const found = await documentOf(shopId, documentId);
      if (!found) throw notFound('This document');
      if (found.doc.status === 'pending_review') await matchDocument(documentId);
      return view(shopId, documentId);
    },

    /** The matches of an order's lines (those of the document it was made from). */
    async forOrder(shopId: number, orderId: number): Promise<TLineMatch[]> {
      const [order] = await db
        .select({ documentId: orders.documentId })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
      if (!order) throw notFound('This order');
      return order.documentId === null ? [] : view(shopId, order.documentId);
    },

    /**
     * A person confirms or changes a line's product: the match is kept, and the supplier's code and description
     * become aliases, so the next document of this supplier matches by itself.
     */
    async confirm(shopId: number, documentId: number, lineNo: number, posProductId: number, userId: string) {
      const found = await documentOf(shopId, documentId);
      if (!found) throw notFound('This document');
      const [item] = await db
        .select()
        .from(documentItems)
        .where(and(eq(documentItems.documentId, documentId), eq(documentItems.lineNo, lineNo)));
      if (!item) throw notFound('This line');
      const [pos] = await db
        .select()
        .from(posProducts)
        .where(and(eq(posProducts.id, posProductId), eq(posProducts.shopId, shopId)));
      if (!pos)
        throw new AppError('NOT_FOUND', 'This POS product is not in your catalogue.', {
          semtekProductId: ['Choose a product of your POS catalogue'],
        });
      const [current] = await db
        .select()
        .from(lineMatches)
        .where(and(eq(lineMatches.documentId, documentId), eq(lineMatches.lineNo, lineNo)));
      const same = current?.posProductId === pos.id;
      const values = {
        shopId,
        documentId,
        lineNo,
        posProductId: pos.id,
        method: same ? current!.method : ('manual' as const),
        confidence: 1,
        unitsPerLine: same ? current!.unitsPerLine : lineUnits(item, pos.caseQty),
        confirmedBy: userId,
      };
      await db
        .insert(lineMatches)
        .values(values)
        .onConflictDoUpdate({ target: [lineMatches.documentId, lineMatches.lineNo], set: values });
      const aliases = [
        item.itemCode ? { kind: 'code' as const, value: normaliseCode(item.itemCode) } : null,
        item.itemDesc ? { kind: 'description' as const, value: normaliseDescription(item.itemDesc) } : null,
      ].filter((a) => a !== null && a.value !== '');
      for (const alias of aliases) {
        await db
          .insert(productAliases)
          .values({ shopId, shopSupplierId: found.linkId, ...alias!, posProductId: pos.id })
          .onConflictDoUpdate({
            target: [productAliases.shopSupplierId, productAliases.kind, productAliases.value],
            set: { posProductId: pos.id },
          });
      }
      // Costs and price changes follow the new product.
      await matchDocument(documentId);
      return view(shopId, documentId);
    },

    /**
     * The shop says a line has no POS product (a wrong suggestion, or goods it does not stock): the line stays
     * unmatched when matched again, and what this supplier's code and words had taught is forgotten.
     */
    async unmatch(shopId: number, documentId: number, lineNo: number, userId: string) {
      const found = await documentOf(shopId, documentId);
      if (!found) throw notFound('This document');
      const [item] = await db
        .select()
        .from(documentItems)
        .where(and(eq(documentItems.documentId, documentId), eq(documentItems.lineNo, lineNo)));
      if (!item) throw notFound('This line');
      const values = {
        shopId,
        documentId,
        lineNo,
        posProductId: null,
        method: 'manual' as const,
        confidence: 1,
        unitsPerLine: 1,
        confirmedBy: userId,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(lineMatches)
          .values(values)
          .onConflictDoUpdate({ target: [lineMatches.documentId, lineMatches.lineNo], set: values });
        const learned = [
          item.itemCode
            ? and(eq(productAliases.kind, 'code'), eq(productAliases.value, normaliseCode(item.itemCode)))
            : undefined,
          item.itemDesc
            ? and(
                eq(productAliases.kind, 'description'),
                eq(productAliases.value, normaliseDescription(item.itemDesc)),
              )
            : undefined,
        ].filter((c) => c !== undefined);
        if (learned.length)
          await tx
            .delete(productAliases)
            .where(and(eq(productAliases.shopSupplierId, found.linkId), or(...learned)));
      });
      await matchDocument(documentId);
      return view(shopId, documentId);
    },

    /** Lines whose price moved past the shop's threshold, newest first (the Products page lists them). */
    async priceChanges(shopId: number, query: TPriceChangesQuery): Promise<TPage<TPriceChange>> {
      const threshold = (await productsService.settings(shopId)).priceChangeThresholdPct;
      const scope = { side: 'shops', companyId: shopId } as const;
      const found = await priceChangesList.run(db, scope, { ...query, threshold });
      return {
        ...found,
        data: found.data.map((r) => ({
          ...lineMatchOf(r.item, r.match, r.pos, threshold),
          documentId: r.match.documentId,
          orderId: r.orderId,
          supplierName: r.supplierName,
          createdAt: r.match.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type TMatchingService = ReturnType<typeof createMatchingService>;

function lineMatchOf(
  item: { lineNo: number; itemCode: string | null; itemDesc: string | null },
  match: TLineMatchRow | null,
  pos: { id: number; productCode: string; description: string } | null,
  threshold: number,
): TLineMatch {
  return {
    lineNo: item.lineNo,
    itemCode: item.itemCode,
    itemDesc: item.itemDesc,
    method: match?.method ?? 'none',
    confidence: match?.confidence ?? 0,
    product: pos ? { id: pos.id, productCode: pos.productCode, description: pos.description } : null,
    unitsPerLine: match?.unitsPerLine ?? 1,
    unitCost: match?.unitCost ?? null,
    previousUnitCost: match?.previousUnitCost ?? null,
    previousDate: match?.previousDate ?? null,
    priceChangePct: match?.priceChangePct ?? null,
    priceChangeFlagged: match?.priceChangePct != null && Math.abs(match.priceChangePct) > threshold,
    confirmed: Boolean(match?.confirmedBy),
  };
}
