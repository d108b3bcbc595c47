import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema, ZSearchSchema } from './paging.js';

export const DISPUTE_REASONS = [
  'short_delivery',
  'damaged',
  'wrong_item',
  'wrong_price',
  'out_of_date',
  'not_ordered',
  'other',
] as const;
export type TDisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_TEXT: Record<TDisputeReason, string> = {
  short_delivery: 'Short delivery',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  wrong_price: 'Wrong price',
  out_of_date: 'Out of date',
  not_ordered: 'Not ordered',
  other: 'Other',
};

export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected', 'resolved', 'withdrawn'] as const;
export type TDisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_TEXT: Record<TDisputeStatus, string> = {
  open: 'Awaiting supplier',
  accepted: 'Accepted',
  rejected: 'Rejected',
  resolved: 'Resolved',
  withdrawn: 'Withdrawn',
};

export const RETURN_STEPS = ['requested', 'collected', 'received', 'credited'] as const;
export type TReturnStep = (typeof RETURN_STEPS)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a real date');
const id = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Must be a valid id');
const amount = z.coerce
  .number({ error: 'Must be a number' })
  .finite('Must be a number')
  .positive('Must be more than 0')
  .max(1e9, 'Too large');

/** Dispute list row (spec §3), with the status and value a list needs. */
export const ZDisputeRowSchema = z.object({
  id: z.number().int(),
  disputeId: z.number().int(),
  mainDisputeId: z.number().int(),
  orderId: z.number().int(),
  itemId: z.number().int(),
  quantity: z.number(),
  orderNum: z.string().nullable(),
  invoiceNum: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  invoiceDate: z.string().nullable(),
  itemCode: z.string().nullable(),
  itemDesc: z.string().nullable(),
  userName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  noteFromReceiver: z.string().nullable(),
  reason: z.enum(DISPUTE_REASONS),
  reasonText: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  statusText: z.string(),
  active: z.boolean(),
  priceDifference: z.number().nullable(),
  disputeVal: z.number(),
  totalCredit: z.number(),
  currency: z.string().nullable(),
  unreadMessages: z.number().int(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type TDisputeRow = z.infer<typeof ZDisputeRowSchema>;

/** Message (spec §3): one message of a dispute thread, with its order, item and dispute. */
export const ZMessageSchema = z.object({
  id: z.number().int(),
  messageVal: z.string(),
  username: z.string().nullable(),
  isRead: z.boolean(),
  messageTimestamp: z.string(),
  editedTimestamp: z.string().nullable(),
  isResponse: z.boolean(),
  /** Written by the signed-in user (only they may edit or delete it). */
  isOwn: z.boolean(),
  order: z.object({
    id: z.number().int(),
    orderNum: z.string().nullable(),
    invoiceNum: z.string().nullable(),
  }),
  item: z.object({ id: z.number().int(), itemCode: z.string().nullable(), itemDesc: z.string().nullable() }),
  dispute: z.object({
    id: z.number().int(),
    mainDisputeId: z.number().int(),
    status: z.enum(DISPUTE_STATUSES),
    reasonText: z.string(),
    shopName: z.string(),
    supplierName: z.string(),
  }),
});
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZCreditLineSchema = z.object({
  id: z.number().int(),
  disputeId: z.number().int().nullable(),
  itemCode: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().nullable(),
  amount: z.number(),
});

export const ZCreditSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  creditNoteNum: z.string().nullable(),
  creditDate: z.string().nullable(),
  amount: z.number(),
  status: z.enum(['applied', 'review']),
  source: z.enum(['answer', 'credit_note']),
  reference: z.string().nullable(),
  reviewReason: z.string().nullable(),
  documentId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdDate: z.string(),
  lines: z.array(ZCreditLineSchema),
});
export type TCredit = z.infer<typeof ZCreditSchema>;

/** An open dispute a line of a credit waiting in review may be assigned to, with what is still open on it. */
export const ZCreditCandidateSchema = z.object({
  disputeId: z.number().int(),
  orderId: z.number().int(),
  invoiceNum: z.string().nullable(),
  orderNum: z.string().nullable(),
  itemCode: z.string().nullable(),
  itemDesc: z.string().nullable(),
  reasonText: z.string(),
  disputeVal: z.number(),
  open: z.number(),
});
export type TCreditCandidate = z.infer<typeof ZCreditCandidateSchema>;

/** One credit with the open disputes of its shop and supplier (empty once applied). */
export const ZCreditDetailSchema = ZCreditSchema.extend({ candidates: z.array(ZCreditCandidateSchema) });
export type TCreditDetail = z.infer<typeof ZCreditDetailSchema>;

const step = z.object({ at: z.string(), by: z.string().nullable() }).nullable();
export const ZReturnSchema = z.object({
  id: z.number().int(),
  disputeId: z.number().int(),
  orderId: z.number().int(),
  orderNum: z.string().nullable(),
  invoiceNum: z.string().nullable(),
  shopId: z.number().int(),
  shopName: z.string(),
  itemCode: z.string().nullable(),
  itemDesc: z.string().nullable(),
  quantity: z.number(),
  status: z.enum(RETURN_STEPS),
  note: z.string().nullable(),
  steps: z.object({ requested: step, collected: step, received: step, credited: step }),
  creditId: z.number().int().nullable(),
});
export type TReturn = z.infer<typeof ZReturnSchema>;

export const ZDisputeEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  text: z.string(),
  userName: z.string().nullable(),
  side: z.enum(['shops', 'suppliers']).nullable(),
  timestamp: z.string(),
});

/** Item dispute (spec §3: qty, note, imageUrl, active, messages) with its line, answers and history. */
export const ZItemDisputeSchema = ZDisputeRowSchema.extend({
  qty: z.number(),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  line: z.object({
    lineNo: z.number().int(),
    itemQty: z.number().nullable(),
    receivedQuantity: z.number().nullable(),
    price: z.number().nullable(),
    discount: z.number().nullable(),
    amount: z.number().nullable(),
    unitOfMeasure: z.string().nullable(),
  }),
  messages: z.array(ZMessageSchema),
  credits: z.array(ZCreditSchema),
  returns: z.array(ZReturnSchema),
  history: z.array(ZDisputeEventSchema),
});
export type TItemDispute = z.infer<typeof ZItemDisputeSchema>;

/** Dispute (spec §3: disputeId, disputeVal): the main dispute of an order with its item disputes. */
export const ZMainDisputeSchema = z.object({
  disputeId: z.number().int(),
  orderId: z.number().int(),
  status: z.enum(['open', 'resolved', 'withdrawn']),
  disputeVal: z.number(),
  totalCredit: z.number(),
  items: z.array(ZDisputeRowSchema),
});
export type TMainDispute = z.infer<typeof ZMainDisputeSchema>;

/** The disputes list (shared list module): filters, a search from SEARCH_MIN_LENGTH characters, newest or oldest. */
export const ZDisputesQuerySchema = ZListQuerySchema.extend({
  status: z.enum([...DISPUTE_STATUSES, 'active'], { error: 'Unknown status' }).optional(),
  shopsupplierid: id.optional(),
  shopid: id.optional(),
  orderid: id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  search: ZSearchSchema,
  sort: z.enum(['newest', 'oldest'], { error: 'Unknown sort' }).default('newest'),
});
export type TDisputesQuery = z.infer<typeof ZDisputesQuerySchema>;

export const ZMainDisputeQuerySchema = z.object({ orderid: id });
export const ZDisputeIdQuerySchema = z.object({ id });

const note = z.string().trim().max(2000, 'At most 2000 characters');

/** Multipart fields of a new item dispute (spec: POST form data); `photo` is a file part. */
export const ZDisputeCreateSchema = z.object({
  orderId: id,
  itemId: id,
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }),
  quantity: amount.optional(),
  priceDifference: amount.optional(),
  note: note.optional(),
});
export type TDisputeCreate = z.infer<typeof ZDisputeCreateSchema>;

export const ZDisputeUpdateSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }).optional(),
  quantity: amount.optional(),
  priceDifference: amount.optional(),
  note: note.optional(),
});
export type TDisputeUpdate = z.infer<typeof ZDisputeUpdateSchema>;

const messageVal = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(4000, 'At most 4000 characters');
export const ZMessagePostSchema = z.object({ itemDisputeId: id, messageVal });
export const ZMessageUpdateSchema = z.object({ messageVal });
/** The inbox (shared list module): unread first, then newest; one dispute's messages, or only the unread. */
export const ZMessagesQuerySchema = ZListQuerySchema.extend({
  disputeid: id.optional(),
  unread: z.enum(['true', 'false'], { error: 'Unread is true or false' }).optional(),
  sort: z.enum(['newest'], { error: 'Sort by newest' }).default('newest'),
});
export type TMessagesQuery = z.infer<typeof ZMessagesQuerySchema>;
/** One dispute's thread (shared list module): oldest first. */
export const ZThreadQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['oldest'], { error: 'Sort by oldest' }).default('oldest'),
});
export type TThreadQuery = z.infer<typeof ZThreadQuerySchema>;

export const ZCreditAnswerSchema = z.object({
  creditNoteNum: z.string().trim().min(1, 'Enter the credit note number').max(100),
  creditDate: isoDate,
  amount,
  message: note.optional(),
});
export type TCreditAnswer = z.infer<typeof ZCreditAnswerSchema>;
export const ZReturnAnswerSchema = z.object({ note: note.optional(), message: note.optional() });
export const ZRejectAnswerSchema = z.object({
  reason: z.string().trim().min(1, 'Say why the dispute is rejected').max(2000),
});
export const ZReturnStepSchema = z.object({
  step: z.enum(['collected', 'received', 'credited'], {
    error: 'Step must be collected, received or credited',
  }),
  creditNoteNum: z.string().trim().min(1).max(100).optional(),
  creditDate: isoDate.optional(),
  amount: amount.optional(),
});
/** Assigns a line of a credit waiting in review to one open dispute, or clears it (null). */
export const ZCreditLineAssignSchema = z.object({ disputeId: id.nullable() });
export const ZReturnsQuerySchema = ZListQuerySchema.extend({
  status: z.enum(RETURN_STEPS, { error: 'Unknown step' }).optional(),
  sort: z.enum(['newest'], { error: 'Unknown sort' }).default('newest'),
});
export type TReturnsQuery = z.infer<typeof ZReturnsQuerySchema>;
export const ZCreditsQuerySchema = ZListQuerySchema.extend({
  status: z.enum(['applied', 'review'], { error: 'Unknown status' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(['newest'], { error: 'Unknown sort' }).default('newest'),
});
export type TCreditsQuery = z.infer<typeof ZCreditsQuerySchema>;
export const ZExportQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/**
 * A page of disputes with the totals of everything the filters match (disputed value and credited). The sums read
 * every matching row, so like the count they stop at LIST_TOTAL_CAP: beyond it (`totalCapped`) they are null.
 */
export const ZDisputesPageSchema = page(ZDisputeRowSchema).extend({
  totalDisputed: z.number().nullable(),
  totalCredited: z.number().nullable(),
});
export type TDisputesPage = z.infer<typeof ZDisputesPageSchema>;
export const ZDisputesPageReplySchema = envelope(ZDisputesPageSchema);
export const ZItemDisputeReplySchema = envelope(ZItemDisputeSchema);
export const ZMessagesPageReplySchema = envelope(page(ZMessageSchema));
export const ZCreditsPageReplySchema = envelope(page(ZCreditSchema));
export const ZReturnsPageReplySchema = envelope(page(ZReturnSchema));

export const DISPUTE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
