import { z } from 'zod';
import { envelope } from './envelope.js';
import { page, ZPageQuerySchema } from './paging.js';

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

export const ZNotificationsQuerySchema = ZPageQuerySchema.extend({
  unread: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
});
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuerySchema>;

/** A page of notifications, unread first, newest first; `unread` counts all unread ones of the company. */
export const ZNotificationsReplySchema = envelope(
  page(ZNotificationSchema).extend({ unread: z.number().int() }),
);
export const ZUnreadCountReplySchema = envelope(z.object({ unread: z.number().int() }));

export const ZNotificationPreferencesSchema = z.object({
  immediate: z.array(ZNotificationKindSchema).max(50),
  dailyDigest: z.boolean(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;
export const ZNotificationPreferencesReplySchema = envelope(
  ZNotificationPreferencesSchema.extend({
    kinds: z.array(z.object({ kind: ZNotificationKindSchema, label: z.string() })),
  }),
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
