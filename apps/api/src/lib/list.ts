import { LIST_TOTAL_CAP, MAX_LIST_OFFSET, type TListQuery, type TPage } from '@orderbridge/contract';
import { and, count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client.js';
import { fold } from '../db/schema/search.js';
import { AppError } from './app-error.js';
import { escapeLike } from './sql-like.js';

/**
 * The one list pattern (README "Paging and search"). A list names its sorts and builds its WHERE clauses from a
 * validated query; this module adds the stable order (sort key, then id), the keyset cursor, the page and a
 * total that stays cheap. Every list registers here, so the plan test (`list.plan.test.ts`) EXPLAINs it.
 */

/** Whose rows: the shop's or the supplier's side of a company-scoped route, or every company's (operators). */
export type TListScope = { side: 'shops' | 'suppliers'; companyId: number } | { side: 'platform' };

/** One sort: a key column and its direction; the list's id column breaks ties in the same direction. */
export type TListSort<TRow> = { key: AnyPgColumn; dir: 'asc' | 'desc'; of: (row: TRow) => unknown };

export type TListSpec<TQuery extends TListQuery & { sort: string }, TRow, TItem> = {
  /** Unique name, used by the plan test and the benchmark. */
  name: string;
  /** The unique tie-breaker column of the listed table. */
  id: AnyPgColumn;
  idOf: (row: TRow) => number;
  sorts: Record<TQuery['sort'], TListSort<TRow>>;
  /** Tenant clause first, then the filters; `undefined` entries are skipped. */
  where: (scope: TListScope, query: TQuery) => (SQL | undefined)[];
  /**
   * `select … from … joins` of a page, without where/order/limit. A list with `search.rank` spreads `fields` into
   * its selection (the row's rank, which the cursor of a search page carries).
   */
  select: (db: TDb, fields: Record<string, SQL.Aliased>) => PgSelect;
  /** The cheapest `select 1 from …` the scope's where clauses can run on (the total counts its rows). */
  countFrom: (db: TDb, scope: TListScope) => PgSelect;
  toItem: (row: TRow) => TItem;
  /**
   * Search (README "Paging and search"): `match` is the rows a term finds, written as `fold(text) LIKE pattern`
   * over the texts that have a trigram index (db/schema/search.ts); `pattern` is the folded `%term%`. `rank`, when
   * given, puts the best matches first (higher first; `prefix` is the folded `term%`), ahead of the sort.
   */
  search?: {
    match: (scope: TListScope, pattern: SQL) => SQL;
    rank?: (prefix: SQL, pattern: SQL) => SQL;
  };
  /** Filter values the plan test tries, one query per entry, each with every sort (see list.plan.test.ts). */
  planCases: (seed: TPlanSeed) => TPlanCase<TQuery>[];
};

/**
 * One query the plan test EXPLAINs. A search must read a trigram index, unless `trigram: false` says why not
 * (a list already narrowed to a few hundred rows by a partial index filters those instead).
 */
export type TPlanCase<TQuery> = { scope: TListScope; query: Partial<TQuery>; trigram?: false };

/** What the plan test seeds, handed to each list's `planCases`. */
export type TPlanSeed = {
  shopId: number;
  supplierId: number;
  shopSupplierId: number;
  /** A member of the shop with many notifications there. */
  userId: string;
  /** Search terms that find a few rows: an order number's middle, a supplier's name, an item's description. */
  terms: { number: string; supplierName: string; shopName: string; item: string; fileName: string };
};

export type TList<TQuery extends TListQuery & { sort: string }, TItem> = {
  name: string;
  sorts: string[];
  planCases: (seed: TPlanSeed) => TPlanCase<TQuery>[];
  /** Whether the list takes `search` (the plan test then also expects a trigram index in the plan). */
  searchable: boolean;
  /** The two statements of a page (count, rows), unsent: the benchmark and plan test read their SQL. */
  statements: (db: TDb, scope: TListScope, query: TQuery, extra?: SQL) => { count: PgSelect; rows: PgSelect };
  /** A page; `extra` narrows it beyond the query (the operators' filters). */
  run: (db: TDb, scope: TListScope, query: TQuery, extra?: SQL) => Promise<TPage<TItem>>;
};

/** Every list, as registered: the plan test and `bench:lists` walk it. */
export const LISTS: TList<TListQuery & { sort: string }, unknown>[] = [];

const badCursor = () =>
  new AppError('BAD_REQUEST', 'This cursor is not valid here. Start again from the first page.', {
    cursor: ['Not a cursor of this list and sort'],
  });

type TCursor = { key: string | number | null; id: number; rank?: number };

/**
 * The cursor names the sort it was made for and the last row's key and id (and its rank on a ranked search page);
 * opaque to clients.
 */
function encodeCursor(sort: string, key: unknown, id: number, rank?: number) {
  const value = key instanceof Date ? key.toISOString() : key;
  const parts = rank === undefined ? [sort, value, id] : [sort, value, id, rank];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function decodeCursor(cursor: string, sort: string, ranked: boolean): TCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== (ranked ? 4 : 3) || parsed[0] !== sort) throw badCursor();
  const [, key, id, rank] = parsed as unknown[];
  if (!Number.isSafeInteger(id)) throw badCursor();
  if (ranked && !Number.isSafeInteger(rank)) throw badCursor();
  if (key !== null && typeof key !== 'string' && typeof key !== 'number') throw badCursor();
  if (typeof key === 'string' && key.length > 200) throw badCursor();
  return { key, id: id as number, rank: rank as number | undefined };
}

/**
 * Rows after the cursor in `key dir NULLS LAST|FIRST, id dir` order. A NOT NULL key compares as a row value, which
 * PostgreSQL turns into an index range; a nullable key spells out where its NULLs sit (last when descending).
 */
function after(sort: TListSort<unknown>, id: AnyPgColumn, at: TCursor) {
  const k = sort.key;
  const beyond = sort.dir === 'desc' ? sql.raw('<') : sql.raw('>');
  if (k.notNull) {
    if (at.key === null) throw badCursor();
    return sql`(${k}, ${id}) ${beyond} (${at.key}, ${at.id})`;
  }
  if (sort.dir === 'desc') {
    return at.key === null
      ? sql`(${k} is null and ${id} < ${at.id})`
      : sql`((${k}, ${id}) < (${at.key}, ${at.id}) or ${k} is null)`;
  }
  return at.key === null
    ? sql`((${k} is null and ${id} > ${at.id}) or ${k} is not null)`
    : sql`(${k}, ${id}) > (${at.key}, ${at.id})`;
}

/**
 * The order every index of a list ends with: `key DESC NULLS LAST, id DESC NULLS LAST` (drizzle's `.desc()`), read
 * backwards for ascending sorts. The NULLS placement is spelled out for the id too: PostgreSQL matches an index
 * to an ORDER BY only when it agrees, even on a NOT NULL column.
 */
const orderOf = (sort: TListSort<unknown>, id: AnyPgColumn) =>
  sort.dir === 'desc'
    ? [sql`${sort.key} desc nulls last`, sql`${id} desc nulls last`]
    : [sql`${sort.key} asc nulls first`, sql`${id} asc nulls first`];

/** Registers a list and returns its runner. */
export function defineList<TQuery extends TListQuery & { sort: string }, TRow, TItem>(
  spec: TListSpec<TQuery, TRow, TItem>,
): TList<TQuery, TItem> {
  /** The search's WHERE clause and rank of a query, or undefined when it has no search term. */
  const searchOf = (scope: TListScope, query: TQuery) => {
    const term = (query as { search?: string }).search;
    if (!term || !spec.search) return undefined;
    // The term is folded by the same function as the indexed text; LIKE wildcards in it match literally.
    const pattern = fold(sql`${`%${escapeLike(term)}%`}::text`);
    const prefix = fold(sql`${`${escapeLike(term)}%`}::text`);
    return {
      match: spec.search.match(scope, pattern),
      rank: spec.search.rank ? sql<number>`(${spec.search.rank(prefix, pattern)})::int` : undefined,
    };
  };

  const statements = (db: TDb, scope: TListScope, query: TQuery, extra?: SQL) => {
    const sort = spec.sorts[query.sort as TQuery['sort']] as TListSort<unknown>;
    const search = searchOf(scope, query);
    const filters = and(...spec.where(scope, query), search?.match, extra);
    const offset = query.cursor ? 0 : (query.page - 1) * query.perpage;
    if (offset > MAX_LIST_OFFSET) {
      throw new AppError(
        'BAD_REQUEST',
        `Pages beyond row ${MAX_LIST_OFFSET.toLocaleString('en')} are read with the cursor of the page before (nextCursor).`,
        { page: [`Use cursor for rows beyond ${MAX_LIST_OFFSET}`] },
      );
    }
    const rank = search?.rank;
    let position: SQL | undefined;
    if (query.cursor) {
      const at = decodeCursor(query.cursor, query.sort, rank !== undefined);
      // Ranked: the rest of the cursor's rank in sort order, then every lower rank.
      position = rank
        ? sql`(${rank} < ${at.rank} or (${rank} = ${at.rank} and ${after(sort, spec.id, at)}))`
        : after(sort, spec.id, at);
    }
    // The total counts at most LIST_TOTAL_CAP + 1 rows of the cheapest FROM, so it never walks a whole big list.
    const counted = spec
      .countFrom(db, scope)
      .where(filters)
      .limit(LIST_TOTAL_CAP + 1)
      .as('counted');
    return {
      count: db.select({ n: count() }).from(counted) as unknown as PgSelect,
      rows: spec
        .select(db, rank ? { searchRank: rank.as('search_rank') } : {})
        .where(and(filters, position))
        .orderBy(...(rank ? [sql`${rank} desc`] : []), ...orderOf(sort, spec.id))
        .limit(query.perpage)
        .offset(offset),
    };
  };

  const list: TList<TQuery, TItem> = {
    name: spec.name,
    sorts: Object.keys(spec.sorts),
    planCases: spec.planCases,
    searchable: spec.search !== undefined,
    statements,
    async run(db, scope, query, extra) {
      const s = statements(db, scope, query, extra);
      const [[counted], rows] = (await Promise.all([s.count, s.rows])) as [{ n: number }[], TRow[]];
      const n = counted?.n ?? 0;
      const last = rows.length === query.perpage ? rows.at(-1) : undefined;
      const sort = spec.sorts[query.sort as TQuery['sort']];
      const rank =
        last && searchOf(scope, query)?.rank
          ? Number((last as unknown as { searchRank: unknown }).searchRank)
          : undefined;
      return {
        total: Math.min(n, LIST_TOTAL_CAP),
        totalCapped: n > LIST_TOTAL_CAP,
        page: query.page,
        perPage: query.perpage,
        nextCursor: last ? encodeCursor(query.sort, sort.of(last), spec.idOf(last), rank) : null,
        data: rows.map(spec.toItem),
      };
    },
  };
  if (LISTS.some((l) => l.name === spec.name)) throw new Error(`List ${spec.name} is defined twice`);
  LISTS.push(list as unknown as (typeof LISTS)[number]);
  return list;
}
