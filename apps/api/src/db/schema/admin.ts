import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * Platform operators: the people who run OrderBridge for its customers. A role of the platform, not of a
 * company; granted only from the command line (`npm run operator -- add EMAIL`), never through the API.
 */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * Every operator read or change of company data: who, what, when and why. Rows keep the operator's address
 * and no foreign key to the company, so the log outlives both accounts and companies.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    /** The path and query string called. */
    target: text('target').notNull(),
    /** The company whose data it was, when one company's. */
    companyId: integer('company_id'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_company_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt.desc()),
    // The log's operator filter in the list's order (lib/list.ts: created_at, id desc); a plain column, so the
    // capped total is an index-only scan.
    index('audit_log_operator_email_idx').on(t.operatorEmail, t.createdAt.desc(), t.id.desc()),
  ],
);
export type TAuditRow = typeof auditLog.$inferSelect;
