import { z } from 'zod';
import { BILLING_CYCLES, PLANS, ZCompanyAdminSchema, ZCompanyTypeSchema, ZRoleSchema } from './companies.js';
import { envelope } from './envelope.js';
import {
  DOCUMENT_STATUSES,
  ZOrderStatusSchema,
  ZReviewOrderSchema,
  ZUnprocessedOrderSchema,
} from './orders.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

/**
 * Operator reads and changes of company data say why (support ticket, customer's request …) in this header;
 * the API refuses them without it and writes it to the audit log.
 */
export const AUDIT_REASON_HEADER = 'x-audit-reason';
export const AUDIT_REASON_MIN = 5;
export const AUDIT_REASON_MAX = 500;

/** The built-in reader's id; any other `aiModel` is a configured OpenAI-compatible model. */
export const BUILTIN_MODEL = 'builtin';

const id = z.coerce.number({ error: 'Must be a number' }).int().positive().max(2_147_483_647);
const flag = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((v) => v === 'true')
  .optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const search = z.string().trim().max(100).optional();

export const ZOperatorSchema = z.object({ userId: z.string(), email: z.string() });
export type TOperator = z.infer<typeof ZOperatorSchema>;

/** The operators' shops list (the Shop (admin) shape of spec §3). */
export const ZAdminShopsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name']).default('name'),
});
export type TAdminShopsQuery = z.infer<typeof ZAdminShopsQuerySchema>;

// ---- companies ------------------------------------------------------------------------------------------------

export const COMPANY_STATES = ['active', 'suspended'] as const;

export const ZAdminCompaniesQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['name']).default('name'),
  type: ZCompanyTypeSchema.optional(),
  plan: z.enum(PLANS, { error: 'Plan must be Business or Enterprise' }).optional(),
  billingcycle: z.enum(BILLING_CYCLES, { error: 'Billing cycle must be Monthly or Yearly' }).optional(),
  status: z.enum(COMPANY_STATES, { error: 'Status must be active or suspended' }).optional(),
});
export type TAdminCompaniesQuery = z.infer<typeof ZAdminCompaniesQuerySchema>;

/** Company (admin) of spec §3, with what an operator needs to look after it. */
export const ZAdminCompanySchema = ZCompanyAdminSchema.extend({
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  userCount: z.number().int(),
  createdDate: z.string(),
});
export type TAdminCompany = z.infer<typeof ZAdminCompanySchema>;

export const ZAdminUserProfileSchema = z.object({
  id: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  role: ZRoleSchema,
  timestampInserted: z.string(),
});

export const ZAdminCompanyDetailSchema = ZAdminCompanySchema.extend({
  userProfiles: z.array(ZAdminUserProfileSchema),
});
export type TAdminCompanyDetail = z.infer<typeof ZAdminCompanyDetailSchema>;

export const ZAdminCompanyPatchSchema = z
  .object({
    plan: z.enum(PLANS, { error: 'Plan must be Business or Enterprise' }).optional(),
    billingCycle: z.enum(BILLING_CYCLES, { error: 'Billing cycle must be Monthly or Yearly' }).optional(),
    requireApproval: z.boolean({ error: 'Must be true or false' }).optional(),
    aiModel: z.string().trim().min(1, 'Choose a reading model').max(200).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to change: send plan, billingCycle, requireApproval or aiModel',
  });
export type TAdminCompanyPatch = z.infer<typeof ZAdminCompanyPatchSchema>;

export const ZSuspendSchema = z.object({
  reason: z
    .string({ error: 'Say why the company is suspended' })
    .trim()
    .min(AUDIT_REASON_MIN, `Say why the company is suspended (at least ${AUDIT_REASON_MIN} characters)`)
    .max(AUDIT_REASON_MAX),
});

/** Shop (admin) of spec §3 (with the spec's spelling `aiModal`). */
export const ZShopAdminSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  aiModal: z.string(),
  requireApproval: z.boolean(),
});

/** A reading model a company can be given. */
export const ZReaderModelSchema = z.object({ id: z.string(), label: z.string() });
export type TReaderModel = z.infer<typeof ZReaderModelSchema>;

// ---- orders and documents across companies ----------------------------------------------------------------------

export const ZAdminOrdersQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  status: ZOrderStatusSchema.optional(),
  shopid: id.optional(),
  supplierid: id.optional(),
  aimodel: z.string().trim().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type TAdminOrdersQuery = z.infer<typeof ZAdminOrdersQuerySchema>;

export const ZAdminDocumentsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  status: z
    .enum(DOCUMENT_STATUSES, { error: 'Status must be reading, pending_review, processed or failed' })
    .optional(),
  intraining: flag,
  urgent: flag,
  shopid: id.optional(),
  shopsupplierid: id.optional(),
});
export type TAdminDocumentsQuery = z.infer<typeof ZAdminDocumentsQuerySchema>;

export const ZAdminDocumentSchema = ZUnprocessedOrderSchema.extend({
  shopName: z.string(),
  aiModel: z.string(),
  corrections: z.number().int(),
  urgent: z.boolean(),
});
export type TAdminDocument = z.infer<typeof ZAdminDocumentSchema>;

/** Admin order detail of spec §3, with the shop it belongs to. */
export const ZAdminDocumentDetailSchema = ZReviewOrderSchema.extend({
  shopId: z.number().int(),
  shopName: z.string(),
});
export type TAdminDocumentDetail = z.infer<typeof ZAdminDocumentDetailSchema>;

export const ZRereadSchema = z.object({
  aiModel: z.string({ error: 'Choose a reading model' }).trim().min(1, 'Choose a reading model').max(200),
});

// ---- training queue --------------------------------------------------------------------------------------------

/** The training list (shared list module): the links whose oldest document in training waits longest first. */
export const ZTrainingQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  urgent: flag,
  sort: z.enum(['oldest'], { error: 'Sort by oldest' }).default('oldest'),
});
export type TTrainingQuery = z.infer<typeof ZTrainingQuerySchema>;

/** One shop's supplier whose layout the reader is still learning, with the shop-supplier metrics of spec §3. */
export const ZTrainingSupplierSchema = z.object({
  shopSupplierId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  corrections: z.number().int(),
  oldestWaiting: z.string().nullable(),
  totalOrders: z.number().int(),
  totalProcessedOrders: z.number().int(),
  totalUnprocessedOrders: z.number().int(),
  totalTrainedOrders: z.number().int(),
  totalInTrainingOrders: z.number().int(),
  totalUrgentTrainOrders: z.number().int(),
  totalPendingReviewOrders: z.number().int(),
});
export type TTrainingSupplier = z.infer<typeof ZTrainingSupplierSchema>;

// ---- audit log -----------------------------------------------------------------------------------------------

export const ZAuditQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['newest']).default('newest'),
  companyid: id.optional(),
  operator: search,
  action: z.string().trim().max(100).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  operatorEmail: z.string(),
  action: z.string(),
  method: z.string(),
  target: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  reason: z.string(),
  timestamp: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZOperatorReplySchema = envelope(ZOperatorSchema);
export const ZAdminCompaniesReplySchema = envelope(page(ZAdminCompanySchema));
export const ZAdminCompanyReplySchema = envelope(ZAdminCompanyDetailSchema);
export const ZShopsAdminReplySchema = envelope(page(ZShopAdminSchema));
export const ZReaderModelsReplySchema = envelope(z.array(ZReaderModelSchema));
export const ZAdminDocumentsReplySchema = envelope(page(ZAdminDocumentSchema));
export const ZAdminDocumentReplySchema = envelope(ZAdminDocumentDetailSchema);
export const ZTrainingReplySchema = envelope(page(ZTrainingSupplierSchema));
export const ZAuditReplySchema = envelope(page(ZAuditEntrySchema));
