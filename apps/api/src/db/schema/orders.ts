import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { shopSuppliers } from './partners.js';
import { fold, foldAll, prefixes, tenantGrams, trigrams } from './search.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

type TPartyJson = Record<string, string>;

/** The order item fields of spec §3, shared by items under review and items of orders. */
const itemColumns = () => ({
  itemCode: text('item_code'),
  unitBarcode: text('unit_barcode'),
  itemQty: money('item_qty'),
  itemDesc: text('item_desc'),
  unitOfMeasure: text('unit_of_measure'),
  pack: text('pack'),
  price: money('price'),
  discount: money('discount'),
  vat: money('vat'),
  vatCode: text('vat_code'),
  amount: money('amount'),
  required: boolean('required'),
  rsp: money('rsp'),
});

/**
 * An incoming document (the spec's temp / unprocessed order): an uploaded or emailed file and what the
 * reader made of it. `reading` → `pending_review` | `processed`, or `failed`.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null while a person has not chosen the supplier of a document from an unknown email sender. */
    shopSupplierId: integer('shop_supplier_id').references(() => shopSuppliers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['reading', 'pending_review', 'processed', 'failed'] })
      .notNull()
      .default('reading'),
    uploadedVia: text('uploaded_via', { enum: ['upload', 'email'] })
      .notNull()
      .default('upload'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's address of a document that came by email. */
    emailSender: text('email_sender'),
    memo: text('memo'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    pages: integer('pages').notNull().default(0),
    source: text('source'),
    documentType: text('document_type').notNull().default('unknown'),
    currency: text('currency'),
    vendor: jsonb('vendor').$type<TPartyJson>().notNull().default({}),
    recipient: jsonb('recipient').$type<TPartyJson>().notNull().default({}),
    invoiceTo: jsonb('invoice_to').$type<TPartyJson>().notNull().default({}),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    totals: jsonb('totals').$type<Record<string, number>>().notNull().default({}),
    notes: text('notes'),
    boxes: jsonb('boxes')
      .$type<Record<string, { page: number; x: number; y: number; w: number; h: number }>>()
      .notNull()
      .default({}),
    issues: jsonb('issues')
      .$type<{ table: string; column: string; description: string; itemId: number | null }[]>()
      .notNull()
      .default([]),
    confidence: real('confidence').notNull().default(0),
    inTraining: boolean('in_training').notNull().default(false),
    /** Edits a person made in review: many of them mark a supplier the reader finds hard. */
    corrections: integer('corrections').notNull().default(0),
    aiModel: text('ai_model').notNull().default('builtin'),
    readAt: tstz('read_at'),
    processedAt: tstz('processed_at'),
    processedBy: text('processed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_shop_status_idx').on(t.shopId, t.status, t.createdAt),
    // The review queue and the unprocessed list (lib/list.ts order: created_at desc, id desc), one partial index each.
    index('documents_shop_review_idx')
      .on(t.shopId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('pending_review', 'failed')`),
    index('documents_shop_unprocessed_idx')
      .on(t.shopId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('reading', 'pending_review', 'failed')`),
    index('documents_link_review_idx')
      .on(t.shopSupplierId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('pending_review', 'failed')`),
    index('documents_link_unprocessed_idx')
      .on(t.shopSupplierId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('reading', 'pending_review', 'failed')`),
    // The operators' documents list of every shop: newest first, or of one state.
    index('documents_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('documents_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // Search in the review queue and the unprocessed list: file name and the numbers read (schema/search.ts).
    index('documents_search_trgm_idx').using(
      'gin',
      trigrams(foldAll(t.fileName, sql`${t.headers}->>'invoiceNum'`, sql`${t.headers}->>'orderNum'`)),
    ),
    // One reading per file and supplier: a second upload of the same bytes is a duplicate.
    uniqueIndex('documents_supplier_sha_uq').on(t.shopSupplierId, t.sha256),
    // The same among a shop's documents whose supplier is not chosen yet (unknown email senders).
    uniqueIndex('documents_shop_unassigned_sha_uq')
      .on(t.shopId, t.sha256)
      .where(sql`${t.shopSupplierId} is null`),
  ],
);
export type TDocumentRow = typeof documents.$inferSelect;

export const documentItems = pgTable(
  'document_items',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    ...itemColumns(),
  },
  (t) => [index('document_items_document_idx').on(t.documentId, t.lineNo)],
);
export type TDocumentItemRow = typeof documentItems.$inferSelect;

/** What a processed document becomes; seen by the shop and by the supplier. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shopSupplierId: integer('shop_supplier_id')
      .notNull()
      .references(() => shopSuppliers.id, { onDelete: 'restrict' }),
    /** The document it came from; unique, so a document becomes an order exactly once. */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'delivered', 'disputed', 'closed'] })
      .notNull()
      .default('open'),
    insertedVia: text('inserted_via', { enum: ['upload', 'email', 'supplier'] })
      .notNull()
      .default('upload'),
    orderNum: text('order_num'),
    invoiceNum: text('invoice_num'),
    /**
     * The numbers folded for search (schema/search.ts), stored: the indexes below are on these columns, so a search
     * plans without copying and matching a function expression per index at every reference to `orders`, and a
     * row's LIKE reads the folded text instead of folding it again (bench/RESULTS.md, lists round 15).
     */
    numbersFolded: text('numbers_folded').generatedAlwaysAs(
      sql`search_fold(coalesce(invoice_num, '') || ' ' || coalesce(order_num, ''))`,
    ),
    invoiceNumFolded: text('invoice_num_folded').generatedAlwaysAs(sql`search_fold(invoice_num)`),
    orderNumFolded: text('order_num_folded').generatedAlwaysAs(sql`search_fold(order_num)`),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    reference: text('reference'),
    currency: text('currency'),
    documentType: text('document_type').notNull().default('invoice'),
    vendor: jsonb('vendor').$type<TPartyJson>().notNull().default({}),
    recipient: jsonb('recipient').$type<TPartyJson>().notNull().default({}),
    invoiceTo: jsonb('invoice_to').$type<TPartyJson>().notNull().default({}),
    goods: money('goods'),
    net: money('net'),
    subtotal: money('subtotal'),
    discount: money('discount'),
    charges: money('charges'),
    vat: money('vat'),
    invoiceTotal: money('invoice_total'),
    memo: text('memo'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    aiModel: text('ai_model').notNull().default('builtin'),
    itemCount: integer('item_count').notNull().default(0),
    insertedBy: text('inserted_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_document_uq').on(t.documentId),
    // The orders list (lib/list.ts) on both sides: tenant first, then the filter, then the sort key and id, so a
    // page is read in order and never sorted. A link (shop_supplier_id) belongs to one shop and one supplier, so
    // the link-first indexes serve the supplier filter of both sides.
    index('orders_shop_created_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('orders_shop_status_created_idx').on(t.shopId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_shop_link_created_idx').on(t.shopId, t.shopSupplierId, t.createdAt.desc(), t.id.desc()),
    index('orders_shop_total_idx').on(t.shopId, t.invoiceTotal.desc(), t.id.desc()),
    index('orders_shop_invoice_date_idx').on(t.shopId, t.invoiceDate.desc(), t.id.desc()),
    index('orders_shop_status_total_idx').on(t.shopId, t.status, t.invoiceTotal.desc(), t.id.desc()),
    index('orders_shop_status_invoice_date_idx').on(t.shopId, t.status, t.invoiceDate.desc(), t.id.desc()),
    index('orders_supplier_created_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('orders_supplier_status_created_idx').on(t.supplierId, t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_supplier_total_idx').on(t.supplierId, t.invoiceTotal.desc(), t.id.desc()),
    index('orders_supplier_invoice_date_idx').on(t.supplierId, t.invoiceDate.desc(), t.id.desc()),
    index('orders_supplier_status_total_idx').on(t.supplierId, t.status, t.invoiceTotal.desc(), t.id.desc()),
    index('orders_supplier_status_invoice_date_idx').on(
      t.supplierId,
      t.status,
      t.invoiceDate.desc(),
      t.id.desc(),
    ),
    index('orders_shop_supplier_created_idx').on(t.shopSupplierId, t.createdAt.desc(), t.id.desc()),
    // The operators' list of every company's orders.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_link_total_idx').on(t.shopSupplierId, t.invoiceTotal.desc(), t.id.desc()),
    index('orders_link_invoice_date_idx').on(t.shopSupplierId, t.invoiceDate.desc(), t.id.desc()),
    // Search by number (schema/search.ts). Within a company, which is every list but the operators': a number
    // that holds the term through the company's own 3-character pieces (`holdsWithin`: a piece common to every
    // company's numbers has only this company's rows in its entry), one that begins with it through a range of
    // the tenant's folded numbers. The operators' search of every company reads the first index.
    index('orders_numbers_trgm_idx').using('gin', trigrams(sql`${t.numbersFolded}`)),
    index('orders_shop_grams_trgm_idx').using('gin', tenantGrams(t.shopId, sql`${t.numbersFolded}`)),
    index('orders_supplier_grams_trgm_idx').using('gin', tenantGrams(t.supplierId, sql`${t.numbersFolded}`)),
    index('orders_shop_invoice_num_idx').on(t.shopId, prefixes(sql`${t.invoiceNumFolded}`)),
    index('orders_shop_order_num_idx').on(t.shopId, prefixes(sql`${t.orderNumFolded}`)),
    index('orders_supplier_invoice_num_idx').on(t.supplierId, prefixes(sql`${t.invoiceNumFolded}`)),
    index('orders_supplier_order_num_idx').on(t.supplierId, prefixes(sql`${t.orderNumFolded}`)),
  ],
);
export type TOrderRow = typeof orders.$inferSelect;

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    ...itemColumns(),
    receivedQuantity: money('received_quantity'),
    notes: text('notes'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.lineNo),
    // Orders are found by what they contain (schema/search.ts).
    index('order_items_desc_trgm_idx').using('gin', trigrams(fold(t.itemDesc))),
    // Disputes are found by their item's code too (disputes.list.ts).
    index('order_items_code_trgm_idx').using('gin', trigrams(fold(t.itemCode))),
  ],
);
export type TOrderItemRow = typeof orderItems.$inferSelect;

/** Every change to an order after processing: who, when, which field, old and new value. */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    createdAt: createdAt(),
  },
  (t) => [index('order_changes_order_idx').on(t.orderId, t.createdAt)],
);

/** A supplier's learned document layout (the reader's profile JSON), kept per supplier company. */
export const supplierProfiles = pgTable('supplier_profiles', {
  supplierId: integer('supplier_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').notNull(),
  trainedDocuments: integer('trained_documents').notNull().default(0),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
