import { date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { disputes } from './disputes.js';
import { documents } from './orders.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

/**
 * A credit from a supplier to a shop: entered as an answer to a dispute, or read from a credit note.
 * `applied` counts towards its disputes; `review` waits for a person with `reviewReason` in words.
 */
export const credits = pgTable(
  'credits',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditNoteNum: text('credit_note_num'),
    creditDate: date('credit_date', { mode: 'string' }),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['applied', 'review'] })
      .notNull()
      .default('applied'),
    source: text('source', { enum: ['answer', 'credit_note'] }).notNull(),
    /** The credit note document it was read from. */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The order/invoice number the credit note refers to, as read. */
    reference: text('reference'),
    reviewReason: text('review_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The credits list (README "Paging and search"): tenant, [status,] created_at and id, newest first.
    index('credits_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('credits_supplier_created_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('credits_shop_status_created_idx').on(t.shopId, t.status, t.createdAt.desc(), t.id.desc()),
    index('credits_supplier_status_created_idx').on(t.supplierId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
export type TCreditRow = typeof credits.$inferSelect;

/** The part of a credit that settles one item dispute (a line of the credit note, when read from one). */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => credits.id, { onDelete: 'cascade' }),
    disputeId: integer('dispute_id').references(() => disputes.id, { onDelete: 'set null' }),
    itemCode: text('item_code'),
    description: text('description'),
    quantity: money('quantity'),
    amount: money('amount').notNull(),
  },
  (t) => [index('credit_lines_credit_idx').on(t.creditId), index('credit_lines_dispute_idx').on(t.disputeId)],
);
export type TCreditLineRow = typeof creditLines.$inferSelect;

export const RETURN_STEPS = ['requested', 'collected', 'received', 'credited'] as const;

/** A collection agreed as the answer to a dispute: requested → collected → received → credited. */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STEPS }).notNull().default('requested'),
    quantity: money('quantity').notNull(),
    note: text('note'),
    requestedAt: tstz('requested_at').notNull().defaultNow(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    collectedAt: tstz('collected_at'),
    collectedBy: text('collected_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: tstz('received_at'),
    receivedBy: text('received_by').references(() => users.id, { onDelete: 'set null' }),
    creditedAt: tstz('credited_at'),
    creditedBy: text('credited_by').references(() => users.id, { onDelete: 'set null' }),
    creditId: integer('credit_id').references(() => credits.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The supplier's Returns page: all steps, or one step, newest first.
    index('returns_supplier_created_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('returns_supplier_status_idx').on(t.supplierId, t.status, t.createdAt.desc(), t.id.desc()),
    index('returns_dispute_idx').on(t.disputeId),
  ],
);
export type TReturnRow = typeof returns.$inferSelect;
