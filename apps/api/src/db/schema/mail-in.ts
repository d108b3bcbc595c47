import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { shopSuppliers } from './partners.js';

/** A shop's ingestion address `orders+<token>@MAIL_IN_DOMAIN`; rotating it replaces the token. */
export const mailInAddresses = pgTable('mail_in_addresses', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
});

/** A shop's own mailbox read over IMAP. The password is stored only encrypted (AES-256-GCM). */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    emailAddress: text('email_address').notNull(),
    emailProvider: text('email_provider').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    tls: boolean('tls').notNull(),
    username: text('username').notNull(),
    secret: text('secret').notNull(),
    folder: text('folder').notNull().default('INBOX'),
    /** The server's answer to the last connection attempt; null when it worked. */
    error: text('error'),
    checkedAt: tstz('checked_at'),
    /** The worker process that keeps the IDLE connection (one per mailbox), until its lease ends. */
    watchedBy: text('watched_by'),
    watchUntil: tstz('watch_until'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mailboxes_shop_address_uq').on(t.shopId, sql`lower(${t.emailAddress})`),
    // The mailboxes list (lib/list.ts order: created_at, then id).
    index('mailboxes_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
  ],
);
export type TMailboxRow = typeof mailboxes.$inferSelect;

export type TMailAttachmentOutcome = {
  fileName: string;
  outcome: 'document' | 'duplicate' | 'refused';
  documentId?: number;
  reason?: string;
};

/** Every message that reached a shop (by SMTP, IMAP or the API) and what became of it. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['smtp', 'imap', 'api', 'test'] }).notNull(),
    mailboxId: integer('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    /** Where the message came from in its source (IMAP `uidvalidity:uid`), so it is taken once. */
    sourceRef: text('source_ref'),
    sender: text('sender'),
    envelopeSender: text('envelope_sender'),
    subject: text('subject'),
    /** The raw message in storage; null when it was refused before being kept (too large). */
    rawKey: text('raw_key'),
    size: integer('size').notNull().default(0),
    status: text('status', { enum: ['queued', 'done', 'needs_supplier', 'refused', 'failed'] })
      .notNull()
      .default('queued'),
    outcome: text('outcome'),
    shopSupplierId: integer('shop_supplier_id').references(() => shopSuppliers.id, { onDelete: 'set null' }),
    attachments: jsonb('attachments').$type<TMailAttachmentOutcome[]>().notNull().default([]),
    createdAt: createdAt(),
    processedAt: tstz('processed_at'),
  },
  (t) => [
    index('mail_messages_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('mail_messages_shop_status_created_idx').on(t.shopId, t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('mail_messages_mailbox_ref_uq').on(t.mailboxId, t.sourceRef),
  ],
);
export type TMailMessageRow = typeof mailMessages.$inferSelect;
