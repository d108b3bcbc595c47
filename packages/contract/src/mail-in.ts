import { z } from 'zod';
import { envelope } from './envelope.js';
import { ZReviewOrderSchema } from './orders.js';
import { page, ZListQuerySchema } from './paging.js';

/** IMAP settings of the common providers; `custom` asks for host, port and TLS. */
export const MAIL_PROVIDERS = {
  gmail: { label: 'Gmail / Google Workspace', host: 'imap.gmail.com', port: 993, tls: true },
  outlook: { label: 'Outlook / Microsoft 365', host: 'outlook.office365.com', port: 993, tls: true },
  yahoo: { label: 'Yahoo Mail', host: 'imap.mail.yahoo.com', port: 993, tls: true },
  icloud: { label: 'iCloud Mail', host: 'imap.mail.me.com', port: 993, tls: true },
  fastmail: { label: 'Fastmail', host: 'imap.fastmail.com', port: 993, tls: true },
  gmx: { label: 'GMX', host: 'imap.gmx.net', port: 993, tls: true },
  ionos: { label: 'IONOS', host: 'imap.ionos.com', port: 993, tls: true },
  custom: { label: 'Other (IMAP)', host: '', port: 993, tls: true },
} as const;
export type TMailProvider = keyof typeof MAIL_PROVIDERS;
const PROVIDERS = Object.keys(MAIL_PROVIDERS) as [TMailProvider, ...TMailProvider[]];

/** A mailbox as the API shows it (spec §3 "Email server"): the password never leaves the server. */
export const ZEmailServerSchema = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  emailProvider: z.string(),
  /** The server's answer to the last connection attempt; null when it worked. */
  error: z.string().nullable(),
  credentials: z.object({
    host: z.string(),
    port: z.number().int(),
    tls: z.boolean(),
    username: z.string(),
    folder: z.string(),
    hasPassword: z.boolean(),
  }),
  checkedAt: z.string().nullable(),
});
export type TEmailServer = z.infer<typeof ZEmailServerSchema>;

/** Saving a mailbox: a provider preset fills host, port and TLS; `custom` needs them. */
export const ZMailboxInputSchema = z
  .object({
    emailAddress: z
      .string({ error: 'Email address is required' })
      .trim()
      .max(254, 'Email address is too long')
      .pipe(z.email({ error: 'Enter a valid email address' })),
    emailProvider: z.enum(PROVIDERS, { error: `Choose one of: ${PROVIDERS.join(', ')}` }).default('custom'),
    credentials: z.object(
      {
        host: z
          .string()
          .trim()
          .max(253)
          .regex(/^[a-z0-9.-]*$/i, 'Enter a host name such as imap.example.com')
          .optional(),
        port: z.coerce.number().int().min(1, 'Enter a port').max(65535, 'Enter a port').optional(),
        tls: z.boolean().optional(),
        username: z.string().trim().max(254).optional(),
        password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1000),
        folder: z.string().trim().min(1).max(200).optional(),
      },
      { error: 'credentials are required (password, and host/port for other providers)' },
    ),
  })
  .superRefine((v, ctx) => {
    if (v.emailProvider === 'custom' && !v.credentials.host)
      ctx.addIssue({ code: 'custom', path: ['credentials', 'host'], message: 'Enter the IMAP host' });
  });
export type TMailboxInput = z.infer<typeof ZMailboxInputSchema>;

export const MAIL_MESSAGE_STATUSES = ['queued', 'done', 'needs_supplier', 'refused', 'failed'] as const;
export const MAIL_MESSAGE_STATUS_TEXT = {
  queued: 'Waiting',
  done: 'Read',
  needs_supplier: 'Choose the supplier',
  refused: 'Refused',
  failed: 'Failed',
} as const;

/** One received message and what became of it (the email page's "last 50 messages"). */
export const ZMailMessageSchema = z.object({
  id: z.number().int(),
  source: z.enum(['smtp', 'imap', 'api', 'test']),
  sender: z.string().nullable(),
  subject: z.string().nullable(),
  size: z.number().int(),
  status: z.enum(MAIL_MESSAGE_STATUSES),
  statusText: z.string(),
  outcome: z.string().nullable(),
  shopSupplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  attachments: z.array(
    z.object({
      fileName: z.string(),
      outcome: z.enum(['document', 'duplicate', 'refused']),
      documentId: z.number().int().optional(),
      reason: z.string().optional(),
    }),
  ),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type TMailMessage = z.infer<typeof ZMailMessageSchema>;

/** The received messages, a list of the shared module: newest first by default, by state. */
export const ZMailMessagesQuerySchema = ZListQuerySchema.extend({
  status: z
    .enum(MAIL_MESSAGE_STATUSES, { error: `Choose one of: ${MAIL_MESSAGE_STATUSES.join(', ')}` })
    .optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
});
export type TMailMessagesQuery = z.infer<typeof ZMailMessagesQuerySchema>;

/** The shop's mailboxes, a list of the shared module: in the order they were added. */
export const ZMailboxesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['oldest', 'newest']).default('oldest'),
});
export type TMailboxesQuery = z.infer<typeof ZMailboxesQuerySchema>;

/** A shop's email configuration: its ingestion address, its mailboxes and its recent messages. */
export const ZEmailConfigSchema = z.object({
  shopId: z.number().int(),
  ingestionAddress: z.string(),
  /** Whether this server runs the SMTP receiver (MAIL_IN_PORT). */
  receiverRunning: z.boolean(),
  mailboxes: z.array(ZEmailServerSchema),
  messages: z.array(ZMailMessageSchema),
});
export type TEmailConfig = z.infer<typeof ZEmailConfigSchema>;

/** Choosing the supplier of a message from an unknown sender. */
export const ZChooseSupplierSchema = z.object({
  shopSupplierId: z.coerce.number({ error: 'Choose a supplier' }).int().positive('Choose a supplier'),
});

/** After choosing: the message, and the sender address to offer as the supplier's secondary email. */
export const ZChooseSupplierReplySchema = envelope(
  z.object({ message: ZMailMessageSchema, offerSecondaryEmail: z.string().nullable() }),
);

/** After choosing the supplier of one document (the review screen): the document, and the sender to offer. */
export const ZDocumentSupplierReplySchema = envelope(
  z.object({ document: ZReviewOrderSchema, offerSecondaryEmail: z.string().nullable() }),
);

export const ZEmailConfigReplySchema = envelope(ZEmailConfigSchema);
export const ZEmailServerReplySchema = envelope(ZEmailServerSchema);
export const ZEmailServersReplySchema = envelope(z.array(ZEmailServerSchema));
export const ZMailMessageReplySchema = envelope(ZMailMessageSchema);
export const ZMailMessagesPageReplySchema = envelope(page(ZMailMessageSchema));
export const ZEmailServersPageReplySchema = envelope(page(ZEmailServerSchema));
