import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { fold, trigrams } from './search.js';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['shops', 'suppliers'] }).notNull(),
    mainEmail: text('main_email').notNull(),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    logoKey: text('logo_key'),
    plan: text('plan', { enum: ['Business', 'Enterprise'] })
      .notNull()
      .default('Business'),
    billingCycle: text('billing_cycle', { enum: ['Monthly', 'Yearly'] })
      .notNull()
      .default('Monthly'),
    aiModel: text('ai_model').notNull().default('builtin'),
    requireApproval: boolean('require_approval').notNull().default(false),
    /** Set by an operator: the company's users cannot sign in to it; its data stays. */
    suspendedAt: tstz('suspended_at'),
    suspendedReason: text('suspended_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_main_email_idx').on(t.type, t.mainEmail),
    // A supplier's lists find orders by the shop's name; the operators find companies by name or address.
    index('companies_name_trgm_idx').using('gin', trigrams(fold(t.name))),
    index('companies_email_trgm_idx').using('gin', trigrams(fold(t.mainEmail))),
    // The operators' companies and shops lists, by name (lib/list.ts reads it backwards for A to Z).
    index('companies_name_idx').on(t.name.desc(), t.id.desc()),
  ],
);
export type TCompanyRow = typeof companies.$inferSelect;

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('memberships_company_idx').on(t.companyId)],
);

/** An invitation to join a company; the invitee joins by registering or signing in through its link. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_company_idx').on(t.companyId, t.email)],
);
