import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

/** Order status values (the spec leaves them open): what a shop needs to know about an order. */
export const ORDER_STATUSES = ['open', 'delivered', 'disputed', 'closed'] as const;
export const ZOrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: 'Status must be open, delivered, disputed or closed',
});
export type TOrderStatus = z.infer<typeof ZOrderStatusSchema>;
export const ORDER_STATUS_TEXT: Record<TOrderStatus, string> = {
  open: 'Open',
  delivered: 'Delivered',
  disputed: 'Disputed',
  closed: 'Closed',
};

/** Where an incoming document is: being read, waiting for a person, turned into an order, or unreadable. */
export const DOCUMENT_STATUSES = ['reading', 'pending_review', 'processed', 'failed'] as const;
export type TDocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_TEXT: Record<TDocumentStatus, string> = {
  reading: 'Reading',
  pending_review: 'Needs review',
  processed: 'Processed',
  failed: 'Could not be read',
};

const text = (max = 500) => z.string().trim().max(max, `At most ${max} characters`);
const money = z.number({ error: 'Must be a number' }).finite().gt(-1e12).lt(1e12);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  // A real calendar day: 2026-02-30 would roll over to March in Date, so compare the round trip.
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a real date');

/** A party of a document (spec §3): vendor, recipient (deliver-to), invoice-to. */
export const ZPartySchema = z.object({
  name: text(300).optional(),
  branch: text(200).optional(),
  houseNum: text(50).optional(),
  address: text(500).optional(),
  county: text(100).optional(),
  city: text(100).optional(),
  postCode: text(30).optional(),
  country: text(100).optional(),
  state: text(100).optional(),
  email: text(254).optional(),
  phone: text(50).optional(),
  fax: text(50).optional(),
  website: text(300).optional(),
  vatNumber: text(50).optional(),
});
export type TParty = z.infer<typeof ZPartySchema>;

export const ZHeadersSchema = z.object({
  invoiceNum: text(100).optional(),
  orderNum: text(100).optional(),
  invoiceDate: isoDate.optional(),
  dueDate: isoDate.optional(),
  shopVat: text(50).optional(),
  shopAccount: text(100).optional(),
  reference: text(200).optional(),
});
export type THeaders = z.infer<typeof ZHeadersSchema>;

export const ZTotalsSchema = z.object({
  goods: money.optional(),
  net: money.optional(),
  subtotal: money.optional(),
  vat: money.optional(),
  discount: money.optional(),
  /** document-level charges (shipping, fees): net = subtotal − discount + charges */
  charges: money.optional(),
  invoiceTotal: money.optional(),
});
export type TTotals = z.infer<typeof ZTotalsSchema>;

/** Editable fields of an order item (spec §3 "Order item"). */
export const ZItemInputSchema = z.object({
  itemCode: text(100).optional(),
  unitBarcode: text(50).optional(),
  itemQty: money.optional(),
  itemDesc: text(1000).optional(),
  unitOfMeasure: text(30).optional(),
  pack: text(50).optional(),
  price: money.optional(),
  discount: money.optional(),
  vat: z
    .number({ error: 'Must be a number' })
    .min(0, 'Must be 0 or more')
    .max(100, 'Must be at most 100')
    .optional(),
  vatCode: text(20).optional(),
  amount: money.optional(),
  required: z.boolean().optional(),
  rsp: money.optional(),
});
export type TItemInput = z.infer<typeof ZItemInputSchema>;
/** A change to one item: at least one field, or there is nothing to save. */
export const ZItemPatchSchema = ZItemInputSchema.refine(
  (v) => Object.values(v).some((x) => x !== undefined),
  {
    message: 'Nothing to change: send at least one field of the item',
  },
);

export const ZOrderItemSchema = ZItemInputSchema.extend({
  id: z.number().int(),
  lineNo: z.number().int(),
  disc: money.optional(),
  receivedQuantity: z.number().nullable(),
  notes: z.string().nullable(),
});
export type TOrderItem = z.infer<typeof ZOrderItemSchema>;

/** A temp order item: an item of a document under review. */
export const ZTempItemSchema = ZItemInputSchema.extend({
  id: z.number().int(),
  tempOrderItemId: z.number().int(),
  lineNo: z.number().int(),
});
export type TTempItem = z.infer<typeof ZTempItemSchema>;

/** Temp order issue (spec §3): what a person must check, and where. */
export const ZIssueSchema = z.object({
  tempOrderId: z.number().int(),
  tempOrderItemId: z.number().int().nullable(),
  table: z.string(),
  column: z.string(),
  description: z.string(),
});
export type TIssue = z.infer<typeof ZIssueSchema>;

export const ZBoxSchema = z.object({
  page: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});

/** Unprocessed order (spec §3): an uploaded document and what the reader made of it. */
export const ZUnprocessedOrderSchema = z.object({
  id: z.number().int(),
  tempOrderId: z.number().int(),
  shopId: z.number().int(),
  /** The three are null for a document from an unknown email sender until a person chooses its supplier. */
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  shopSupplierId: z.number().int().nullable(),
  fileName: z.string(),
  originalFilename: z.string(),
  uploadedVia: z.string(),
  userUploaded: z.string().nullable(),
  /** The sender's address of a document that came by email. */
  emailSender: z.string().nullable(),
  memo: z.string().nullable(),
  createdDate: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  statusText: z.string(),
  invoiceNum: z.string().nullable(),
  orderNum: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  invoiceTotal: z.number().nullable(),
  currency: z.string().nullable(),
  vendorName: z.string().nullable(),
  recipientName: z.string().nullable(),
  invoiceToName: z.string().nullable(),
  pendingReview: z.boolean(),
  inTraining: z.boolean(),
  isProcessed: z.boolean(),
  issueCount: z.number().int(),
  orderId: z.number().int().nullable(),
});
export type TUnprocessedOrder = z.infer<typeof ZUnprocessedOrderSchema>;

/** Admin order detail (spec §3): a document under review with everything needed to correct it. */
export const ZReviewOrderSchema = z.object({
  id: z.number().int(),
  tempOrderId: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  fileName: z.string(),
  contentType: z.string(),
  pages: z.number().int(),
  documentType: z.string(),
  currency: z.string().nullable(),
  vendor: ZPartySchema,
  recipient: ZPartySchema,
  invoiceTo: ZPartySchema,
  insertedBy: ZPartySchema,
  /** `upload` or `email`; for email, the sender's address. */
  uploadedVia: z.string(),
  emailSender: z.string().nullable(),
  headers: ZHeadersSchema,
  totals: ZTotalsSchema,
  otherData: z.object({ notes: z.string().nullable(), companyAddress: z.string().nullable() }),
  /** Null for a document from an unknown email sender (`emailSender`) until a person chooses its supplier. */
  supplier: z
    .object({
      globalSupplierId: z.number().int(),
      globalSupplierName: z.string(),
      shopSupplierName: z.string(),
      shopSupplierId: z.number().int(),
    })
    .nullable(),
  skipApproval: z.boolean(),
  pendingReview: z.boolean(),
  aiModel: z.string(),
  items: z.array(ZTempItemSchema),
  issues: z.array(ZIssueSchema),
  boxes: z.record(z.string(), ZBoxSchema),
  confidence: z.number(),
  isPendingReview: z.boolean(),
  isInTraining: z.boolean(),
  isProcessed: z.boolean(),
  orderId: z.number().int().nullable(),
  /** Who processed it; `operator` when OrderBridge support did it on the shop's behalf. */
  processedBy: z.object({ name: z.string(), email: z.string(), operator: z.boolean() }).nullable(),
});
export type TReviewOrder = z.infer<typeof ZReviewOrderSchema>;

export const ZReviewPatchSchema = z.object({
  vendor: ZPartySchema.optional(),
  recipient: ZPartySchema.optional(),
  invoiceTo: ZPartySchema.optional(),
  headers: ZHeadersSchema.optional(),
  totals: ZTotalsSchema.optional(),
  /** A three-letter code; an empty string clears it. */
  currency: z
    .string()
    .regex(/^([A-Z]{3})?$/, 'Use a three-letter currency code such as EUR')
    .optional(),
  notes: text(2000).optional(),
});
export type TReviewPatch = z.infer<typeof ZReviewPatchSchema>;

export const ZProcessSchema = z.object({
  /** Process even though checks still report issues. */
  override: z.boolean().default(false),
});

/** Order (admin list, spec §3). */
export const ZOrderListItemSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  clientId: z.number().int(),
  companyName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  shopSupplierId: z.number().int(),
  uploadedVia: z.string(),
  userUploaded: z.string().nullable(),
  createdDate: z.string(),
  orderNum: z.string().nullable(),
  invoiceNum: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  subtotal: z.number().nullable(),
  discount: z.number().nullable(),
  vat: z.number().nullable(),
  invoiceTotal: z.number().nullable(),
  currency: z.string().nullable(),
  originalFilename: z.string().nullable(),
  invoiceToAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  vendorAddress: z.string().nullable(),
  orderInsertedVia: z.string(),
  orderInsertedViaText: z.string(),
  orderDelivered: z.boolean(),
  insertedBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  orderStatus: ZOrderStatusSchema,
  orderStatusText: z.string(),
  timestampInserted: z.string(),
  timestampUpdated: z.string(),
  fileLocation: z.string().nullable(),
  aiModel: z.string(),
  tempOrderId: z.number().int().nullable(),
  totalItems: z.number().int(),
});
export type TOrderListItem = z.infer<typeof ZOrderListItemSchema>;

/** Shop-side and supplier-side order (spec §3) with parties and items. */
export const ZOrderDetailSchema = ZOrderListItemSchema.extend({
  supplierOrderId: z.number().int(),
  supplierClientId: z.number().int(),
  dueDate: z.string().nullable(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  vendor: ZPartySchema,
  recipient: ZPartySchema,
  invoiceTo: ZPartySchema,
  totals: ZTotalsSchema,
  inTraining: z.boolean(),
  items: z.array(ZOrderItemSchema),
});
export type TOrderDetail = z.infer<typeof ZOrderDetailSchema>;

/** Supplier-side order summary (spec §3). */
export const ZSupplierOrderSummarySchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  orderDate: z.string().nullable(),
  invoiceTotal: z.number().nullable(),
  totalItems: z.number().int(),
  orderStatus: ZOrderStatusSchema,
  orderStatusText: z.string(),
  createdTimestamp: z.string(),
});
export type TSupplierOrderSummary = z.infer<typeof ZSupplierOrderSummarySchema>;

export const ZOrderChangeSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  itemId: z.number().int().nullable(),
  userName: z.string().nullable(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  timestamp: z.string(),
});
export type TOrderChange = z.infer<typeof ZOrderChangeSchema>;

export const ZReceivePatchSchema = z
  .object({
    receivedQuantity: z
      .number({ error: 'Received quantity must be a number' })
      .min(0, 'Received quantity cannot be negative')
      .max(1e9)
      .nullable()
      .optional(),
    notes: text(2000).nullable().optional(),
  })
  .refine((v) => v.receivedQuantity !== undefined || v.notes !== undefined, {
    message: 'Nothing to change: send receivedQuantity or notes',
  });

export const ZOrderStatusPatchSchema = z.object({ orderStatus: ZOrderStatusSchema });

export const ZOrdersQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  status: ZOrderStatusSchema.optional(),
  shopsupplierid: z.coerce.number().int().positive().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(['newest', 'oldest', 'total', 'invoiceDate']).default('newest'),
});
export type TOrdersQuery = z.infer<typeof ZOrdersQuerySchema>;

export const ZDocumentsQuerySchema = ZListQuerySchema.extend({
  search: ZSearchSchema,
  shopsupplierid: z.coerce.number().int().positive().optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type TDocumentsQuery = z.infer<typeof ZDocumentsQuerySchema>;

export const ZUploadReplySchema = envelope(
  z.object({ message: z.string(), tempOrderId: z.number().int(), status: z.enum(DOCUMENT_STATUSES) }),
);
export const ZSignedUrlReplySchema = envelope(z.object({ url: z.string(), expiresAt: z.string() }));
export const ZOrdersPageReplySchema = envelope(page(ZOrderListItemSchema));
export const ZUnprocessedPageReplySchema = envelope(page(ZUnprocessedOrderSchema));
export const ZOrderChangesReplySchema = envelope(page(ZOrderChangeSchema));
export const ZOrderItemsReplySchema = envelope(page(ZOrderItemSchema));

/** Upload rules shared by the dialog and the server (spec §5). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES_MESSAGE = 'Only PDF, PNG, JPG, and JPEG files are supported.';
