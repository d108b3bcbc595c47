import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { documents } from './orders.js';
import { shopSuppliers } from './partners.js';
import { foldAll, trigrams } from './search.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

/** The shop and the integration a row belongs to; both gone, the row goes with them. Fresh builders per table. */
const shopIntegration = () => ({
  shopId: integer('shop_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  integrationId: integer('integration_id')
    .notNull()
    .references(() => integrations.id, { onDelete: 'cascade' }),
});

/** A supplier's price-list entry (spec §3 Product), kept by the supplier company and seen by its client shops. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    unitPrice: money('unit_price'),
    /** Units in the supplier's selling pack (a case of 24 is 24); 1 for single units. */
    packSize: integer('pack_size').notNull().default(1),
    barcode: text('barcode'),
    /** Other names the supplier prints for this product. */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_supplier_sku_uq').on(t.supplierId, sql`lower(${t.sku})`),
    // The price list's sorts (shared list module: tenant, sort key, id) and its search.
    index('products_supplier_name_idx').on(t.supplierId, t.name.desc(), t.id.desc()),
    index('products_supplier_sku_idx').on(t.supplierId, t.sku.desc(), t.id.desc()),
    // A shop's view of all its suppliers' products by name: the suppliers are many keys, so the tenant cannot lead.
    index('products_name_idx').on(t.name.desc(), t.id.desc()),
    index('products_search_trgm_idx').using('gin', trigrams(foldAll(t.sku, t.name))),
  ],
);
export type TProductRow = typeof products.$inferSelect;

/** A product of the shop's POS catalogue (spec §3 External catalogue product), as its agent last sent it. */
export const posProducts = pgTable(
  'pos_products',
  {
    id: serial('id').primaryKey(),
    ...shopIntegration(),
    productCode: text('product_code').notNull(),
    description: text('description').notNull(),
    posDescription: text('pos_description'),
    barcode: text('barcode'),
    boxBarcode: text('box_barcode'),
    qty: money('qty'),
    caseQty: integer('case_qty').notNull().default(1),
    units: text('units'),
    price: money('price'),
    casePrice: money('case_price'),
    vatRate: money('vat_rate'),
    active: boolean('active').notNull().default(true),
    controlStock: boolean('control_stock').notNull().default(false),
    /** The sync that last wrote this row; a row a later full sync did not mention is inactive. */
    syncId: integer('sync_id'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_products_shop_code_uq').on(t.shopId, t.integrationId, t.productCode),
    index('pos_products_shop_barcode_idx').on(t.shopId, t.barcode),
    index('pos_products_shop_box_barcode_idx').on(t.shopId, t.boxBarcode),
    // The POS catalogue list's sorts and its search.
    index('pos_products_shop_description_idx').on(t.shopId, t.description.desc(), t.id.desc()),
    index('pos_products_shop_code_idx').on(t.shopId, t.productCode.desc(), t.id.desc()),
    index('pos_products_search_trgm_idx').using(
      'gin',
      trigrams(foldAll(t.productCode, t.description, t.barcode)),
    ),
  ],
);
export type TPosProductRow = typeof posProducts.$inferSelect;

/** Spec §3 Shop-supplier product: a supplier's product linked to the shop's POS product (`semtekProductId`). */
export const shopSupplierProducts = pgTable(
  'shop_supplier_products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shopSupplierId: integer('shop_supplier_id')
      .notNull()
      .references(() => shopSuppliers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    posProductId: integer('pos_product_id')
      .notNull()
      .references(() => posProducts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_supplier_products_product_uq').on(t.shopId, t.productId),
    index('shop_supplier_products_pos_idx').on(t.posProductId),
    // The links list (products.service.ts): the shop's, newest first, or one supplier's.
    index('shop_supplier_products_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('shop_supplier_products_link_created_idx').on(
      t.shopId,
      t.shopSupplierId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * What a shop taught the matcher: a supplier's code or normalised description that means this POS product
 * (made when a person confirms or changes a line's match).
 */
export const productAliases = pgTable(
  'product_aliases',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shopSupplierId: integer('shop_supplier_id')
      .notNull()
      .references(() => shopSuppliers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['code', 'description'] }).notNull(),
    value: text('value').notNull(),
    posProductId: integer('pos_product_id')
      .notNull()
      .references(() => posProducts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_aliases_uq').on(t.shopSupplierId, t.kind, t.value)],
);

/**
 * The match of one read line (document + line number, so the order made from the document shares it) to a
 * POS product, with the per-unit cost and the price change it showed.
 */
export const lineMatches = pgTable(
  'line_matches',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    posProductId: integer('pos_product_id').references(() => posProducts.id, { onDelete: 'set null' }),
    method: text('method', {
      enum: ['code', 'barcode', 'alias', 'description', 'manual', 'none'],
    }).notNull(),
    confidence: real('confidence').notNull().default(0),
    /** POS units per ordered unit of the line (24 when the line orders cases of 24). */
    unitsPerLine: integer('units_per_line').notNull().default(1),
    unitCost: money('unit_cost'),
    previousUnitCost: money('previous_unit_cost'),
    previousDate: text('previous_date'),
    priceChangePct: real('price_change_pct'),
    confirmedBy: text('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('line_matches_line_uq').on(t.documentId, t.lineNo),
    index('line_matches_pos_idx').on(t.shopId, t.posProductId, t.createdAt),
    // The price changes list (matching.service.ts): lines with a change, newest first; the shop's threshold
    // is a filter on them (it is the shop's setting, not a constant an index could hold).
    index('line_matches_shop_changes_idx')
      .on(t.shopId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.priceChangePct} is not null`),
  ],
);
export type TLineMatchRow = typeof lineMatches.$inferSelect;

/** The shop's catalogue settings: the price change worth flagging. */
export const catalogueSettings = pgTable('catalogue_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  priceChangeThresholdPct: real('price_change_threshold_pct').notNull().default(5),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The integrations registry (spec §3 Integration); rows are seeded by migrations. */
export const integrations = pgTable('integrations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  logoUrl: text('logo_url'),
  type: text('type').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  revoked: boolean('revoked').notNull().default(false),
  assets: jsonb('assets').$type<{ type: string; name: string; url: string }[]>().notNull().default([]),
  createdAt: createdAt(),
});
export type TIntegrationRow = typeof integrations.$inferSelect;

/**
 * A shop's connection to an integration: the agent's access token (stored hashed), its status, expiry and
 * scopes, and the agent's last heartbeat.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: serial('id').primaryKey(),
    ...shopIntegration(),
    tokenHash: text('token_hash'),
    /** The token's status as last set (connected, disconnected, error); null before the first pairing. */
    tokenStatus: text('token_status'),
    tokenExpiresAt: tstz('token_expires_at'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    deviceName: text('device_name'),
    lastSeenAt: tstz('last_seen_at'),
    /** When the shop was told its connected agent stopped calling; cleared when the agent calls again. */
    silenceNoticedAt: tstz('silence_noticed_at'),
    lastError: text('last_error'),
    lastSyncAt: tstz('last_sync_at'),
    /** A person asked for a catalogue sync; the agent sees it on its next poll. */
    syncRequestedAt: tstz('sync_requested_at'),
    connectedAt: tstz('connected_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_connections_shop_uq').on(t.shopId, t.integrationId),
    uniqueIndex('integration_connections_token_uq').on(t.tokenHash),
  ],
);
export type TIntegrationConnectionRow = typeof integrationConnections.$inferSelect;

/** Single-use 8-digit pairing codes (stored hashed), valid for ten minutes. */
export const pairingCodes = pgTable(
  'pairing_codes',
  {
    id: serial('id').primaryKey(),
    ...shopIntegration(),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pairing_codes_hash_uq').on(t.codeHash)],
);

/**
 * The sync log (spec §3 Integration syncs: entityType, entityId, operation, status, duration): catalogue
 * syncs from the agent, and push batches of processed orders to it with their acknowledgement.
 */
export const integrationSyncs = pgTable(
  'integration_syncs',
  {
    id: serial('id').primaryKey(),
    ...shopIntegration(),
    entityType: text('entity_type', { enum: ['catalogue', 'order'] }).notNull(),
    entityId: text('entity_id'),
    operation: text('operation', { enum: ['sync', 'push'] }).notNull(),
    status: text('status', { enum: ['succeeded', 'partial', 'failed', 'pending', 'acknowledged'] }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    /** Catalogue rows the sync could not take, with their line numbers. */
    errors: jsonb('errors').$type<{ line: number; message: string }[]>().notNull().default([]),
    /** A push batch: what the agent writes as the POS's goods-received file. */
    payload: jsonb('payload'),
    acknowledgedAt: tstz('acknowledged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_syncs_shop_idx').on(t.shopId, t.integrationId, t.createdAt.desc(), t.id.desc()),
    // The catalogue syncs list (history without pushes).
    index('integration_syncs_shop_type_idx').on(
      t.shopId,
      t.integrationId,
      t.entityType,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // One push per order: pushing the same order again while one is pending returns that one.
    uniqueIndex('integration_syncs_pending_push_uq')
      .on(t.shopId, t.integrationId, t.entityId)
      .where(sql`${t.operation} = 'push' and ${t.status} = 'pending'`),
  ],
);
export type TIntegrationSyncRow = typeof integrationSyncs.$inferSelect;
