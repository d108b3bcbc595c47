import { sql } from 'drizzle-orm';
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
    /** The users list's tie-breaker and cursor (lib/list.ts pages by a number; the key is user + company). */
    id: serial('id').notNull().unique(),
    /**
     * The member's folded "first last email" (search_fold): the users list is sorted and searched by it, so an
     * index holds that order. Kept by the triggers of migration 0030 (on insert here, on a change of the user).
     */
    nameKey: text('name_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('memberships_company_idx').on(t.companyId),
    // A company's users list (shared list module): by the folded name. A company has tens of members, so a search
    // filters the company's rows of this index; no trigram index is needed.
    index('memberships_company_name_key_idx').on(t.companyId, t.nameKey.desc(), t.id.desc()),
  ],
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
  (t) => [
    index('invitations_company_idx').on(t.companyId, t.email),
    // A company's pending invitations list (shared list module), by email.
    index('invitations_company_pending_email_idx')
      .on(t.companyId, t.email.desc(), t.id.desc())
      .where(sql`${t.acceptedAt} is null`),
  ],
);
