import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { textArray } from '../common-pieces.js';

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

/**
 * `text LIKE pattern` within one company (`tenant` = `companyId`), found through a GIN index of
 * `tenant_grams(tenant, text)` (migration 0029): every 3-character piece of the folded text, keyed by the company.
 * A btree_gin index of (tenant, trigrams) ANDs the tenant's entry with each trigram's entry of every company, and
 * a piece every number shares (`inv`, `-00`) has a million of those; here each key holds only the company's rows.
 * The GIN still reads the entry of every piece the condition names, so `common` (db/common-pieces.ts), the
 * company's pieces in so many rows that their entries cost more to read than LIKE's check of the candidates the
 * rare pieces leave, are dropped from the term's by `rare_pieces` (migration 0032) unless none would be left.
 * `term` is the folded term (its pieces are in any text that holds it). Both functions are immutable: a custom
 * plan folds the pieces to a constant the planner estimates by. LIKE comes first: where a lower rank negates this,
 * most rows fail it and their pieces are never computed.
 */
export const holdsWithin = (
  tenant: AnyColumn,
  companyId: number,
  text: SQL,
  pattern: SQL,
  term: SQL,
  common: string[],
) =>
  sql`(${text} like ${pattern} and ${tenantGrams(tenant, text)} @> rare_pieces(${tenantGrams(sql`${companyId}::int`, term)}, ${textArray(common)}::text[]))`;

/** `tenant_grams(tenant, text)`: the expression of the indexes `holdsWithin` reads. */
export const tenantGrams = (tenant: AnyColumn | SQL, text: SQL) => sql`tenant_grams(${tenant}, ${text})`;
