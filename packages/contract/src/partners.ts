import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254, `${label} is too long`)
    .pipe(z.email({ error: 'Enter a valid email address' }))
    .transform((s) => s.toLowerCase());

const supplierName = z
  .string({ error: 'Supplier name is required' })
  .trim()
  .min(1, 'Supplier name is required')
  .max(200, 'Supplier name is too long');

/** At most this many other sender addresses per supplier. */
export const MAX_SECONDARY_EMAILS = 20;

/** Supplier-create payload (spec §3). */
export const ZCreateSupplierSchema = z.object({
  supplierEmail: email('Supplier email'),
  supplierName,
});
export type TCreateSupplier = z.infer<typeof ZCreateSupplierSchema>;

/** Editing a shop's supplier: every field optional, at least one given. */
export const ZUpdateSupplierSchema = z
  .object({
    supplierName: supplierName.optional(),
    supplierMainEmail: email('Main email').optional(),
    secondaryEmails: z
      .array(email('Email'), { error: 'Secondary emails must be a list of email addresses' })
      .max(MAX_SECONDARY_EMAILS, `At most ${MAX_SECONDARY_EMAILS} secondary emails`)
      .transform((list) => [...new Set(list)])
      .optional(),
    isAutoProcessed: z.boolean({ error: 'isAutoProcessed must be true or false' }).optional(),
    skipApproval: z.boolean({ error: 'skipApproval must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: send at least one field',
  });
export type TUpdateSupplier = z.infer<typeof ZUpdateSupplierSchema>;

/** Shop-supplier metrics (spec §3): counts of this shop's orders from this supplier. */
export const ZShopSupplierMetricsSchema = z.object({
  totalOrders: z.number().int(),
  totalProcessedOrders: z.number().int(),
  totalUnprocessedOrders: z.number().int(),
  totalTrainedOrders: z.number().int(),
  totalInTrainingOrders: z.number().int(),
  totalUrgentTrainOrders: z.number().int(),
  totalPendingReviewOrders: z.number().int(),
});
export type TShopSupplierMetrics = z.infer<typeof ZShopSupplierMetricsSchema>;
export const EMPTY_SUPPLIER_METRICS: TShopSupplierMetrics = {
  totalOrders: 0,
  totalProcessedOrders: 0,
  totalUnprocessedOrders: 0,
  totalTrainedOrders: 0,
  totalInTrainingOrders: 0,
  totalUrgentTrainOrders: 0,
  totalPendingReviewOrders: 0,
};

/**
 * Shop-supplier link (spec §3) with its metrics. `supplierEmail` and `logoURL` are what the spec's list
 * normaliser reads; `claimed` says whether anyone has joined the supplier company yet.
 */
export const ZShopSupplierSchema = z
  .object({
    shopSupplierId: z.number().int(),
    shopId: z.number().int(),
    supplierId: z.number().int(),
    supplierName: z.string(),
    supplierMainEmail: z.string(),
    supplierEmail: z.string(),
    secondaryEmails: z.array(z.string()),
    isAutoProcessed: z.boolean(),
    skipApproval: z.boolean(),
    logoURL: z.string().nullable(),
    claimed: z.boolean(),
  })
  .extend(ZShopSupplierMetricsSchema.shape);
export type TShopSupplier = z.infer<typeof ZShopSupplierSchema>;
export const ZShopSupplierReplySchema = envelope(ZShopSupplierSchema);
export const ZShopSuppliersReplySchema = envelope(page(ZShopSupplierSchema));

/**
 * A client shop of a supplier: the spec's normalised list item (id, name, logoURL, email) plus the raw
 * fields the normaliser reads (`supplierClientId`, `clientName`, `clientEmail`) and the shop's id.
 */
export const ZSupplierClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoURL: z.string().nullable(),
  email: z.string().nullable(),
  supplierClientId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
});
export type TSupplierClient = z.infer<typeof ZSupplierClientSchema>;
export const ZSupplierClientsReplySchema = envelope(page(ZSupplierClientSchema));

/** The spec's normalised client/supplier list item. */
export type TPartnerListItem = { id: number; name: string; logoURL: string | null; email: string | null };

/** A shop's suppliers (shared list module): by the name the shop gave each, searched by it. */
export const ZShopSuppliersQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name'], { error: 'Sort by name' }).default('name'),
});
export type TShopSuppliersQuery = z.infer<typeof ZShopSuppliersQuerySchema>;

/** The shops a supplier serves (shared list module): by the shop's name, searched by it. */
export const ZSupplierClientsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name'], { error: 'Sort by name' }).default('name'),
});
export type TSupplierClientsQuery = z.infer<typeof ZSupplierClientsQuerySchema>;
