import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZListQuerySchema } from './paging.js';

/** Every event of the product that makes a notification, with the words a person sees in the preferences. */
export const NOTIFICATION_KINDS = {
  document_ready: 'A document is ready for review',
  document_processed: 'A document was processed straight through',
  document_failed: 'A document could not be read',
  document_emailed: 'A document arrived by email',
  email_refused: 'An emailed message was refused',
  mailbox_failed: 'A mailbox could not be read',
  dispute_opened: 'A dispute was opened',
  dispute_answered: 'A dispute was answered',
  dispute_credited: 'A dispute was credited',
  dispute_resolved: 'A dispute was resolved',
  return_step: 'A return moved on',
  message_received: 'A message arrived',
  supplier_joined: 'A supplier joined OrderBridge',
  integration_disconnected: 'An integration was disconnected',
  price_change: 'A price change was found',
} as const;
export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
export const ZNotificationKindSchema = z.enum(Object.keys(NOTIFICATION_KINDS) as [TNotificationKind]);

/** Mailed at once unless a person chooses otherwise: the events that wait for someone's answer or fix. */
export const DEFAULT_IMMEDIATE_KINDS: TNotificationKind[] = [
  'document_failed',
  'dispute_opened',
  'dispute_answered',
  'dispute_credited',
  'message_received',
  'integration_disconnected',
  'mailbox_failed',
];

export const ZNotificationSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: ZNotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path of the web app. */
  link: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationsQuerySchema = ZListQuerySchema.extend({
  unread: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
  /** `unreadFirst`: unread ones first, each group newest first; `newest`: by time only. */
  sort: z.enum(['unreadFirst', 'newest']).default('unreadFirst'),
});
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuerySchema>;

/** A page of notifications, unread first, newest first; `unread` counts all unread ones of the company. */
export const ZNotificationsReplySchema = envelope(
  page(ZNotificationSchema).extend({ unread: z.number().int() }),
);
export const ZUnreadCountReplySchema = envelope(z.object({ unread: z.number().int() }));

/** The kinds each side of the product can receive (a supplier never has a document read for it, …). */
export const NOTIFICATION_KINDS_OF: Record<'shops' | 'suppliers', TNotificationKind[]> = {
  shops: [
    'document_ready',
    'document_processed',
    'document_failed',
    'document_emailed',
    'email_refused',
    'mailbox_failed',
    'dispute_answered',
    'dispute_credited',
    'return_step',
    'message_received',
    'supplier_joined',
    'integration_disconnected',
    'price_change',
  ],
  suppliers: ['dispute_opened', 'dispute_resolved', 'message_received'],
};

export const ZNotificationPreferencesSchema = z.object({
  immediate: z.array(ZNotificationKindSchema, { error: 'Choose from the listed kinds' }).max(50),
  dailyDigest: z.boolean({ error: 'Must be true or false' }),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;
export const ZNotificationPreferencesReplySchema = envelope(
  ZNotificationPreferencesSchema.extend({
    kinds: z.array(z.object({ kind: ZNotificationKindSchema, label: z.string() })),
  }),
);

/** What an unsubscribe link stops: all email of one user about one company. */
export const ZUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link is incomplete' })
    .min(1, 'The unsubscribe link is incomplete')
    .max(2000),
});
export const ZUnsubscribeReplySchema = envelope(
  z.object({ email: z.string(), companyName: z.string(), unsubscribed: z.boolean() }),
);

/** Spec §3 Dashboard counts. */
export const ZDashboardCountsSchema = z.object({
  noOfDispute: z.number().int(),
  noOfMessage: z.number().int(),
  noOfOrders: z.number().int(),
  noOfUnprocessedOrders: z.number().int(),
});
export type TDashboardCounts = z.infer<typeof ZDashboardCountsSchema>;
export const ZDashboardCountsReplySchema = envelope(ZDashboardCountsSchema);

/** A short-lived ticket for the event stream (EventSource cannot send an Authorization header). */
export const ZStreamTicketReplySchema = envelope(
  z.object({ ticket: z.string(), expiresIn: z.number().int() }),
);

/** Upload progress: stored → reading (page k of n) → ready | processed | failed. */
export const DOCUMENT_STAGES = ['stored', 'reading', 'ready', 'processed', 'failed'] as const;
export type TDocumentStage = (typeof DOCUMENT_STAGES)[number];

/** What each event of the stream carries as `data` (JSON); its SSE `id` resumes the stream (Last-Event-ID). */
export type TLiveEvent =
  | { type: 'notification'; companyId: number; data: TNotification }
  | { type: 'unread'; companyId: number; data: { unread: number } }
  | {
      type: 'document';
      companyId: number;
      data: { documentId: number; stage: TDocumentStage; page?: number; pages?: number };
    };

/** The Home screen of a company: what needs attention, this month's money, and the reading of the last days. */
export const ZHomeSchema = z.object({
  counts: ZDashboardCountsSchema,
  /** Shops: documents waiting for review (or unreadable), newest first, with the reader's reasons. */
  toReview: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        fileName: z.string(),
        supplierName: z.string(),
        status: z.enum(['pending_review', 'failed']),
        reasons: z.array(z.string()),
        createdAt: z.string(),
      }),
    ),
  }),
  /** Disputes waiting for this company: a supplier's open ones, a shop's rejected ones. */
  disputesWaiting: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        item: z.string(),
        partyName: z.string(),
        status: z.string(),
        disputeVal: z.number(),
        createdAt: z.string(),
      }),
    ),
  }),
  /**
   * Orders created this calendar month (UTC): spend of a shop, sales of a supplier, by the other party. Money in
   * different currencies is never added up: one total per currency (largest first), and a partner per currency.
   */
  month: z.object({
    totals: z.array(z.object({ currency: z.string().nullable(), total: z.number() })),
    byPartner: z.array(
      z.object({
        name: z.string(),
        currency: z.string().nullable(),
        total: z.number(),
        orders: z.number().int(),
      }),
    ),
  }),
  /** Disputed value not credited yet, over disputes still open or accepted: one amount per order currency. */
  creditsOutstanding: z.object({
    amounts: z.array(z.object({ currency: z.string().nullable(), amount: z.number() })),
    disputes: z.number().int(),
  }),
  /** Documents read per day (UTC) over the last 14 days, and how many went straight through to an order. */
  documentsPerDay: z.array(
    z.object({ date: z.string(), read: z.number().int(), straightThrough: z.number().int() }),
  ),
});
export type THome = z.infer<typeof ZHomeSchema>;
export const ZHomeReplySchema = envelope(ZHomeSchema);
