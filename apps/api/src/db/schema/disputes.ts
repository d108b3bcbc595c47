import { type AnyColumn, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { orderItems, orders } from './orders.js';
import { fold, trigrams } from './search.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

export const DISPUTE_REASONS = [
  'short_delivery',
  'damaged',
  'wrong_item',
  'wrong_price',
  'out_of_date',
  'not_ordered',
  'other',
] as const;
/**
 * open → (supplier answers) accepted | rejected → resolved; a shop may withdraw while it is open.
 * `accepted` = the supplier agreed and a credit or return is under way but does not cover the value yet.
 */
export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected', 'resolved', 'withdrawn'] as const;
/**
 * A live dispute (still waiting for an answer or settlement), with literal statuses: a partial index is used only
 * for a WHERE clause that spells out its condition, and a list of bound parameters would not.
 */
export const isActiveDispute = (status: AnyColumn) => sql`${status} in ('open', 'accepted', 'rejected')`;

/** The main dispute of an order: groups its item disputes (`mainDisputeId`). One per order. */
export const mainDisputes = pgTable(
  'main_disputes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'resolved', 'withdrawn'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('main_disputes_order_uq').on(t.orderId)],
);
export type TMainDisputeRow = typeof mainDisputes.$inferSelect;

/** A dispute on one order item: what is wrong, how much, and what it is worth. */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    mainDisputeId: integer('main_dispute_id')
      .notNull()
      .references(() => mainDisputes.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    quantity: money('quantity').notNull(),
    /** For a wrong price: charged minus agreed, per unit. */
    priceDifference: money('price_difference'),
    /** Computed from the order line when the dispute is made or changed. */
    disputeVal: money('dispute_val').notNull(),
    note: text('note'),
    imageKey: text('image_key'),
    imageType: text('image_type'),
    rejectionReason: text('rejection_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set on the supplier's first answer; from then on the dispute can no longer be deleted. */
    answeredAt: tstz('answered_at'),
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The disputes list (modules/disputes/disputes.list.ts): tenant, then the filter, then the sort key and id.
    index('disputes_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('disputes_supplier_created_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('disputes_shop_status_idx').on(t.shopId, t.status, t.createdAt.desc(), t.id.desc()),
    index('disputes_supplier_status_idx').on(t.supplierId, t.status, t.createdAt.desc(), t.id.desc()),
    // "Active" (the screen's first tab) is three statuses: an IN list cannot walk one index in order, a partial can.
    index('disputes_shop_active_idx')
      .on(t.shopId, t.createdAt.desc(), t.id.desc())
      .where(isActiveDispute(t.status)),
    index('disputes_supplier_active_idx')
      .on(t.supplierId, t.createdAt.desc(), t.id.desc())
      .where(isActiveDispute(t.status)),
    // A shop's disputes with one supplier, a supplier's with one shop.
    index('disputes_shop_supplier_idx').on(t.shopId, t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('disputes_supplier_shop_idx').on(t.supplierId, t.shopId, t.createdAt.desc(), t.id.desc()),
    // The disputes of an order or an order line (a filter, the search by number or item, and cascading deletes).
    index('disputes_order_idx').on(t.orderId),
    index('disputes_item_idx').on(t.itemId),
    index('disputes_note_trgm_idx').using('gin', trigrams(fold(t.note))),
    index('disputes_main_idx').on(t.mainDisputeId),
    // One live dispute per order line; withdrawn and resolved ones stay as history.
    uniqueIndex('disputes_item_active_uq').on(t.itemId).where(isActiveDispute(t.status)),
  ],
);
export type TDisputeRow = typeof disputes.$inferSelect;

/** The audit trail of a dispute: who did what, when (answers, credits, steps of a return, withdrawals). */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_events_dispute_idx').on(t.disputeId, t.createdAt)],
);

/** A message in the thread of an item dispute; `readAt` is when the other company first read it. */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    /** The dispute's shop and supplier, copied here so the inbox is read by an index of its tenant. */
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The company that wrote it (the shop or the supplier of the dispute). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Written by the supplier (spec §3 `isResponse`). */
    isResponse: boolean('is_response').notNull(),
    readAt: tstz('read_at'),
    editedAt: tstz('edited_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A dispute's thread, oldest first (lib/list.ts reads it backwards).
    index('dispute_messages_thread_idx').on(t.disputeId, t.createdAt.desc(), t.id.desc()),
    index('dispute_messages_unread_idx').on(t.disputeId).where(sql`${t.readAt} is null`),
    // The inbox of each side: every message newest first, and its unread group (the other side's messages not
    // read yet; the conditions are spelled as the inbox's WHERE clause spells them, or the planner skips them).
    index('dispute_messages_shop_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('dispute_messages_supplier_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('dispute_messages_shop_unread_idx')
      .on(t.shopId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null and ${t.isResponse} = true`),
    index('dispute_messages_supplier_unread_idx')
      .on(t.supplierId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null and ${t.isResponse} = false`),
  ],
);
export type TDisputeMessageRow = typeof disputeMessages.$inferSelect;
