import { timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers: every table records when a row was made. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
