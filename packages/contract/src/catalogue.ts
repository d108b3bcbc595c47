import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`);
const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .nonnegative(`${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`);
const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

/** The products of a shop's suppliers (shared list module): by name, searched by SKU or name. */
export const ZShopProductsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name'], { error: 'Sort by name' }).default('name'),
});
export type TShopProductsQuery = z.infer<typeof ZShopProductsQuerySchema>;

/** A supplier's price list (shared list module): searched by SKU or name, sorted by name or SKU. */
export const ZSupplierProductsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name', 'sku'], { error: 'Sort by name or sku' }).default('name'),
});
export type TSupplierProductsQuery = z.infer<typeof ZSupplierProductsQuerySchema>;

/** The shop's links of supplier products to POS products (shared list module): newest first, one supplier's. */
export const ZProductLinksQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  shopsupplierid: id('Supplier').optional(),
  sort: z.enum(['newest'], { error: 'Sort by newest' }).default('newest'),
});
export type TProductLinksQuery = z.infer<typeof ZProductLinksQuerySchema>;

// ---- Products (spec §3 Product) ------------------------------------------------------------------------------

export const ZProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unitPrice: z.number().nullable(),
  /** Units in the supplier's selling pack (24 for a case of 24). */
  packSize: z.number().int(),
  barcode: z.string().nullable(),
  aliases: z.array(z.string()),
  supplierId: z.number().int(),
  /** For a shop: the POS product it is linked to, and the link. */
  semtekProductId: z.number().int().nullable(),
  shopSupplierProductId: z.number().int().nullable(),
});
export type TProduct = z.infer<typeof ZProductSchema>;
export const ZProductReplySchema = envelope(ZProductSchema);
export const ZProductsReplySchema = envelope(page(ZProductSchema));

const productFields = {
  sku: text('SKU', 100),
  name: text('Name', 300),
  description: optionalText('Description', 2000).nullable(),
  unitPrice: price('Unit price').nullable(),
  packSize: z
    .number({ error: 'Pack size must be a number' })
    .int('Pack size must be a whole number')
    .min(1, 'Pack size must be at least 1')
    .max(100_000, 'Pack size is too large'),
  barcode: optionalText('Barcode', 50).nullable(),
  aliases: z
    .array(text('Alias', 300), { error: 'Aliases must be a list of names' })
    .max(50, 'At most 50 aliases')
    .transform((list) => [...new Set(list)]),
};
export const ZProductInputSchema = z.object({
  ...productFields,
  description: productFields.description.optional(),
  unitPrice: productFields.unitPrice.optional(),
  packSize: productFields.packSize.default(1),
  barcode: productFields.barcode.optional(),
  aliases: productFields.aliases.default([]),
});
export type TProductInput = z.infer<typeof ZProductInputSchema>;
export const ZProductPatchSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: send at least one field',
  });
export type TProductPatch = z.infer<typeof ZProductPatchSchema>;

/** A CSV import (supplier price list, POS catalogue): how many rows were taken and which lines were not. */
export const ZRowErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type TRowError = z.infer<typeof ZRowErrorSchema>;
export const ZImportResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ZRowErrorSchema),
});
export type TImportResult = z.infer<typeof ZImportResultSchema>;
export const ZImportReplySchema = envelope(ZImportResultSchema);

// ---- The shop's POS catalogue (spec §3 External catalogue product) -------------------------------------------

export const ZExternalProductSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  description: z.string(),
  posDescription: z.string().nullable(),
  barcode: z.string().nullable(),
  boxBarcode: z.string().nullable(),
  qty: z.number().nullable(),
  caseQty: z.number().int(),
  units: z.string().nullable(),
  price: z.number().nullable(),
  casePrice: z.number().nullable(),
  vatRate: z.number().nullable(),
  active: z.boolean(),
  controlStock: z.boolean(),
  /** Supplier products linked to it. */
  linkedProducts: z.array(
    z.object({ shopSupplierProductId: z.number().int(), productId: z.number().int(), sku: z.string() }),
  ),
});
export type TExternalProduct = z.infer<typeof ZExternalProductSchema>;
export const ZExternalProductsReplySchema = envelope(page(ZExternalProductSchema));
/** The POS catalogue (shared list module): searched by code, barcode or description; linked or not. */
export const ZExternalProductsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  linked: z.enum(['true', 'false'], { error: 'linked must be true or false' }).optional(),
  sort: z.enum(['description', 'code'], { error: 'Sort by description or code' }).default('description'),
});
export type TExternalProductsQuery = z.infer<typeof ZExternalProductsQuerySchema>;

/** Spec §3 Shop-supplier product: shopSupplier and product, with the POS product it is linked to. */
export const ZShopSupplierProductSchema = z.object({
  id: z.number().int(),
  shopSupplier: z.object({ shopSupplierId: z.number().int(), supplierName: z.string() }),
  product: ZProductSchema,
  semtekProductId: z.number().int(),
  externalProduct: ZExternalProductSchema.omit({ linkedProducts: true }),
});
export type TShopSupplierProduct = z.infer<typeof ZShopSupplierProductSchema>;
export const ZShopSupplierProductReplySchema = envelope(ZShopSupplierProductSchema);
export const ZShopSupplierProductsReplySchema = envelope(page(ZShopSupplierProductSchema));
export const ZLinkProductSchema = z.object({
  productId: id('Product id'),
  semtekProductId: id('POS product id'),
});
export type TLinkProduct = z.infer<typeof ZLinkProductSchema>;

export const ZCatalogueSettingsSchema = z.object({
  priceChangeThresholdPct: z
    .number({ error: 'The threshold must be a number' })
    .min(0, 'The threshold cannot be negative')
    .max(1000, 'The threshold is at most 1000 %'),
});
export type TCatalogueSettings = z.infer<typeof ZCatalogueSettingsSchema>;
export const ZCatalogueSettingsReplySchema = envelope(ZCatalogueSettingsSchema);

// ---- Matching read lines to POS products ---------------------------------------------------------------------

export const MATCH_METHODS = ['code', 'barcode', 'alias', 'description', 'manual', 'none'] as const;
export const ZLineMatchSchema = z.object({
  lineNo: z.number().int(),
  itemCode: z.string().nullable(),
  itemDesc: z.string().nullable(),
  method: z.enum(MATCH_METHODS),
  confidence: z.number(),
  product: z.object({ id: z.number().int(), productCode: z.string(), description: z.string() }).nullable(),
  /** POS units per ordered unit of the line (24 when the line orders cases of 24). */
  unitsPerLine: z.number().int(),
  unitCost: z.number().nullable(),
  previousUnitCost: z.number().nullable(),
  previousDate: z.string().nullable(),
  priceChangePct: z.number().nullable(),
  /** Over the shop's threshold: shown as "+12 % since 3 March". */
  priceChangeFlagged: z.boolean(),
  confirmed: z.boolean(),
});
export type TLineMatch = z.infer<typeof ZLineMatchSchema>;
export const ZLineMatchesReplySchema = envelope(z.array(ZLineMatchSchema));
export const ZConfirmMatchSchema = z.object({ semtekProductId: id('POS product id') });
export type TConfirmMatch = z.infer<typeof ZConfirmMatchSchema>;

export const ZPriceChangeSchema = ZLineMatchSchema.extend({
  documentId: z.number().int(),
  orderId: z.number().int().nullable(),
  supplierName: z.string(),
  createdAt: z.string(),
});
export type TPriceChange = z.infer<typeof ZPriceChangeSchema>;
export const ZPriceChangesReplySchema = envelope(page(ZPriceChangeSchema));
/** The price changes list (shared list module): newest first. */
export const ZPriceChangesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['newest'], { error: 'Sort by newest' }).default('newest'),
});
export type TPriceChangesQuery = z.infer<typeof ZPriceChangesQuerySchema>;

// ---- Integrations (spec §3 Integration, Integration connection view, §4) -------------------------------------

export const CONNECTION_STATUSES = ['connected', 'disconnected', 'neverConnected', 'error'] as const;
export type TConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** The only supported integration type and asset type (spec §4). */
export const INTEGRATION_TYPE = '8-digit-code';
export const ASSET_TYPE = 'download';

export const ZIntegrationAssetSchema = z.object({ type: z.string(), name: z.string(), url: z.string() });
export const ZIntegrationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  /** Spec "Integration connection view": logo. */
  logo: z.string().nullable(),
  type: z.string(),
  isPublic: z.boolean(),
  revoked: z.boolean(),
  status: z.enum(CONNECTION_STATUSES),
  /** Why the status is `error`, in words. */
  statusReason: z.string().nullable(),
  accessToken: z
    .object({ status: z.string().nullable(), expiry: z.string().nullable(), scopes: z.array(z.string()) })
    .nullable(),
  assets: z.array(ZIntegrationAssetSchema),
  deviceName: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  syncRequestedAt: z.string().nullable(),
});
export type TIntegration = z.infer<typeof ZIntegrationSchema>;
export const ZIntegrationReplySchema = envelope(ZIntegrationSchema);
export const ZIntegrationsReplySchema = envelope(page(ZIntegrationSchema));
/** The integrations registry (shared list module): by name. */
export const ZIntegrationsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['name'], { error: 'Sort by name' }).default('name'),
});
export type TIntegrationsQuery = z.infer<typeof ZIntegrationsQuerySchema>;

export const ZPairingCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });
export const ZPairingCodeReplySchema = envelope(ZPairingCodeSchema);

export const ZSyncEntrySchema = z.object({
  id: z.number().int(),
  entityType: z.enum(['catalogue', 'order']),
  entityId: z.string().nullable(),
  operation: z.enum(['sync', 'push']),
  status: z.enum(['succeeded', 'partial', 'failed', 'pending', 'acknowledged']),
  duration: z.number().int(),
  rows: z.number().int(),
  errors: z.array(ZRowErrorSchema),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type TSyncEntry = z.infer<typeof ZSyncEntrySchema>;
/** Syncs and pushes of a connection (shared list module), newest first. */
export const ZSyncEntriesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['newest'], { error: 'Sort by newest' }).default('newest'),
});
export type TSyncEntriesQuery = z.infer<typeof ZSyncEntriesQuerySchema>;
export const ZSyncEntryReplySchema = envelope(ZSyncEntrySchema);
export const ZSyncEntriesReplySchema = envelope(page(ZSyncEntrySchema));

export const ZPushOrderSchema = z.object({ orderId: id('Order id') });

/** One push batch: a processed order as the POS's goods-received import needs it. */
export const ZPushBatchSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNum: z.string().nullable(),
  invoiceNum: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  supplierName: z.string(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      productCode: z.string().nullable(),
      description: z.string().nullable(),
      /** In POS units (cases converted to units). */
      receivedQuantity: z.number(),
      unitCost: z.number().nullable(),
    }),
  ),
});
export type TPushBatch = z.infer<typeof ZPushBatchSchema>;

// ---- The agent's own calls (`/api/agent/…`, agent token) -----------------------------------------------------

export const ZAgentPairSchema = z.object({
  code: z
    .string({ error: 'The pairing code is required' })
    .trim()
    .regex(/^\d{4}[- ]?\d{4}$/, 'The pairing code is 8 digits'),
  deviceName: optionalText('Device name', 200).optional(),
});
export const ZAgentPairReplySchema = envelope(
  z.object({
    token: z.string(),
    shopId: z.number().int(),
    shopName: z.string(),
    integrationId: z.number().int(),
    scopes: z.array(z.string()),
    expiresAt: z.string(),
  }),
);
export const ZAgentHeartbeatSchema = z.object({
  status: z.enum(['ok', 'error'], { error: 'status is ok or error' }).default('ok'),
  message: optionalText('Message', 1000).optional(),
});
export const ZAgentHeartbeatReplySchema = envelope(
  z.object({ syncRequested: z.boolean(), pendingPushes: z.number().int() }),
);
export const ZAgentPushesReplySchema = envelope(z.array(ZPushBatchSchema));
