import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Search (README "Paging and search"): text is compared case- and accent-folded by `search_fold` (an IMMUTABLE
 * wrapper of `lower(unaccent(…))`, migration 0011), and each searched text has a `pg_trgm` GIN index on exactly
 * these expressions, so `LIKE '%term%'` is an index scan on PostgreSQL and PGlite alike. The schema's indexes and
 * the lists' WHERE clauses both build their expressions here: the planner uses an index only for the same
 * expression.
 */
export const fold = (text: SQL | AnyColumn) => sql`search_fold(${text})`;

/** Several nullable texts as one folded string (one trigram index instead of one per column). */
export const foldAll = (...texts: (SQL | AnyColumn)[]) =>
  fold(
    sql.join(
      texts.map((t) => sql`coalesce(${t}, '')`),
      sql` || ' ' || `,
    ),
  );

/** `expr gin_trgm_ops`: an index element for `.using('gin', …)`. */
export const trigrams = (expr: SQL) => sql`${expr} gin_trgm_ops`;

/**
 * `expr text_pattern_ops`: a btree element that serves `LIKE 'term%'` as a range whatever the database's collation
 * (the tenant's numbers that begin with a term, without a trigram index's recheck of every candidate).
 */
export const prefixes = (expr: SQL) => sql`${expr} text_pattern_ops`;
