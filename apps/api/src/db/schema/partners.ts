import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';
import { fold, trigrams } from './search.js';

/**
 * A shop's relationship with a supplier company (`shopSupplierId`). The name and addresses are the shop's
 * own view of that supplier: many shops may link one supplier company, each under its own name.
 */
export const shopSuppliers = pgTable(
  'shop_suppliers',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The address this shop knows the supplier by (orders sent from it belong to this supplier). */
    mainEmail: text('main_email').notNull(),
    /** Other sender addresses of this supplier. */
    secondaryEmails: text('secondary_emails').array().notNull().default(sql`'{}'::text[]`),
    isAutoProcessed: boolean('is_auto_processed').notNull().default(false),
    skipApproval: boolean('skip_approval').notNull().default(false),
    /**
     * When this link's oldest document the reader is still learning (in training, not processed) arrived; null
     * when it has none. Kept by the trigger `documents_training_since` (migration 0023) on every write to
     * documents, so the operators' training list is read in this order by an index.
     */
    trainingSince: tstz('training_since'),
    /**
     * The shop's name, folded (search_fold): the supplier's client list is sorted and searched by it. Kept by the
     * triggers of migration 0027 (on insert here, on a rename of the shop), so an index holds that order.
     */
    shopNameKey: text('shop_name_key').notNull().default(''),
    /** The name, folded (search_fold): a shop's supplier list is sorted by it, so an index holds that order. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`search_fold(name)`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_suppliers_shop_name_uq').on(t.shopId, sql`lower(${t.name})`),
    uniqueIndex('shop_suppliers_shop_supplier_uq').on(t.shopId, t.supplierId),
    index('shop_suppliers_supplier_idx').on(t.supplierId),
    // The supplier's client list (shared list module): by the shop's folded name, searched by it.
    index('shop_suppliers_supplier_shop_name_idx').on(t.supplierId, t.shopNameKey.desc(), t.id.desc()),
    // Tenant first (btree_gin, migration 0025): a supplier with thousands of clients finds its own matches.
    index('shop_suppliers_supplier_shop_name_trgm_idx').using(
      'gin',
      t.supplierId,
      trigrams(sql`${t.shopNameKey}`),
    ),
    // A shop's supplier list (shared list module): by the folded name.
    index('shop_suppliers_shop_name_key_idx').on(t.shopId, t.nameKey.desc(), t.id.desc()),
    // A shop's lists find orders by the supplier's name (schema/search.ts).
    index('shop_suppliers_name_trgm_idx').using('gin', trigrams(fold(t.name))),
    // The training list: links with a document in training, oldest waiting first (read backwards).
    index('shop_suppliers_training_idx')
      .on(t.trainingSince.desc(), t.id.desc())
      .where(sql`${t.trainingSince} is not null`),
  ],
);
export type TShopSupplierRow = typeof shopSuppliers.$inferSelect;
