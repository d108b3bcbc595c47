import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, tstz } from './columns.js';
import { companies } from './companies.js';

/** One notification for one user in one company; the company's members each get their own (own read state). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path inside the web app, e.g. `/shops/4/orders/pending-review/17`. */
    link: text('link').notNull(),
    readAt: tstz('read_at'),
    /** Set once the notification went out by email (immediately or in a digest): it is not mailed twice. */
    emailedAt: tstz('emailed_at'),
    /** 1 while unread: the sort key of "unread first" (a list's sort key is a column, see lib/list.ts). */
    unread: smallint('unread').notNull().generatedAlwaysAs(sql`case when read_at is null then 1 else 0 end`),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's orders (lib/list.ts): newest first, and unread first; the partial one serves `unread=true`
    // and the bell's count.
    index('notifications_user_company_idx').on(t.userId, t.companyId, t.id.desc()),
    index('notifications_user_company_unread_idx').on(t.userId, t.companyId, t.unread.desc(), t.id.desc()),
    // The mail jobs look for recent notifications not mailed yet.
    index('notifications_unmailed_idx').on(t.createdAt).where(sql`emailed_at is null`),
    index('notifications_unread_idx').on(t.userId, t.companyId, t.id.desc()).where(sql`read_at is null`),
  ],
);
export type TNotificationRow = typeof notifications.$inferSelect;

/**
 * The events of the live stream, persisted so a reconnecting client resumes after its Last-Event-ID and so
 * events written by a worker process reach the clients of an API process. Ids only grow, in commit order
 * (writers take one advisory lock, see live-events.ts). Rows older than a day are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The company whose members may see the event; null for events about the user alone (sign-out). */
    companyId: integer('company_id'),
    /** Only this user sees it (their notification); null: every member of the company. */
    userId: text('user_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_company_idx').on(t.companyId, t.id)],
);
export type TLiveEventRow = typeof liveEvents.$inferSelect;

/** A user's email choices for one company; without a row the defaults of the contract (DEFAULT_IMMEDIATE_KINDS, a daily digest) apply. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Kinds mailed at once. */
    immediate: jsonb('immediate').$type<string[]>().notNull(),
    /** A daily digest of the day's unread notifications that were not mailed at once. */
    dailyDigest: boolean('daily_digest').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);
