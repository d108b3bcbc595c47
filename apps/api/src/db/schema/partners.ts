import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_suppliers_shop_name_uq').on(t.shopId, sql`lower(${t.name})`),
    uniqueIndex('shop_suppliers_shop_supplier_uq').on(t.shopId, t.supplierId),
    index('shop_suppliers_supplier_idx').on(t.supplierId),
    // A shop's lists find orders by the supplier's name (schema/search.ts).
    index('shop_suppliers_name_trgm_idx').using('gin', trigrams(fold(t.name))),
  ],
);
export type TShopSupplierRow = typeof shopSuppliers.$inferSelect;
