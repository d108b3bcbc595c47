import {
  LIST_TOTAL_CAP,
  MAX_LIST_OFFSET,
  SEARCH_TOTAL_CAP,
  type TListQuery,
  type TPage,
} from '@orderbridge/contract';
import { and, count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client.js';
import { pageRows } from '../db/page-rows.js';
import { RANKED_PAGE_CTE } from '../db/pg-prepared.js';
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
   * `select … from … joins` of a page, without where/order/limit. A list spreads `fields` into its selection: the
   * row's rank on a ranked page and the exact text of a timestamp sort key, which the cursor carries (a list that
   * does not falls back to `of`, exact only to the millisecond). `scope` is for selections that depend on the
   * side (what the other side has not read).
   */
  select: (db: TDb, fields: Record<string, SQL.Aliased>, scope: TListScope) => PgSelect;
  /**
   * The cheapest `select 1 from …` the scope's where clauses can run on (the total counts its rows). By default the
   * list's own table (the `id` column's); a list gives its own when a scope's clauses need a join.
   */
  countFrom?: (db: TDb, scope: TListScope) => PgSelect;
  toItem: (row: TRow) => TItem;
  /**
   * Search (README "Paging and search"): `match` is the rows a term finds, written as `fold(text) LIKE pattern`
   * over the texts that have a trigram index (db/schema/search.ts); `pattern` is the folded `%term%`, `term` the
   * folded term itself (for `holdsWithin`). `tiers`, when given, ranks the matches: the rows of each tier (best
   * first; `prefix` is the folded `term%`) come before the next tier's, and every other match after them, each
   * group in the list's sort. A tier must be a part of `match` that an index finds: a trigram LIKE, a
   * `holdsWithin`, or a prefix test with a `text_pattern_ops` btree behind it. Tiers nest: each holds the ones
   * before it (a number that begins with the term also holds it; write `holds and begins` where it would not).
   * `db` is given where a page or its count is built, for `holdsWithin`'s common pieces (db/common-pieces.ts).
   */
  search?: {
    match: (scope: TListScope, pattern: SQL, term: SQL) => SQL;
    tiers?: (prefix: SQL, pattern: SQL, scope: TListScope, term: SQL, db?: TDb) => SQL[];
    /**
     * With `tiers`: the matches the tiers leave out, written without the tiers' own conditions (so `match` is the
     * tiers OR `rest`). The last rank then reads only `rest`'s indexes instead of every one of `match`'s. On a
     * page, `page` says which rows the page can reach (see TRestPage).
     */
    rest?: (scope: TListScope, pattern: SQL, page?: TRestPage) => SQL;
  };
  /**
   * A fixed order ahead of the sort, for lists whose order starts with a computed key no index keeps (the inbox's
   * unread first): rows meeting the first condition come first, then the next, then every other row, each group
   * in the list's sort. Paged like a ranked search (one `UNION ALL` branch a group, each read through an index;
   * a partial index on the condition serves its branch). Groups nest like search tiers: each holds the ones
   * before it. A list has either `groups` or search `tiers`.
   */
  groups?: (scope: TListScope, query: TQuery) => SQL[];
  /** Filter values the plan test tries, one query per entry, each with every sort (see list.plan.test.ts). */
  planCases: (seed: TPlanSeed) => TPlanCase<TQuery>[];
};

/**
 * What a page's last rank reads of `rest`: only the first `limit` rows in `order` that meet `where` (the page's
 * clauses, written on the list's own table), so a `rest` made of a few keys' rows (a link's orders) can take each
 * key's first rows through its index instead of every row of every key.
 */
export type TRestPage = { where: SQL | undefined; order: SQL[]; limit: number };

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
  /** An order of the shop with a dispute. */
  disputedOrderId: number;
  /** A dispute of the shop with messages. */
  disputeId: number;
  /** A POS integration the big shop has syncs with. */
  integrationId: number;
  /** An operator with a fifth of the audit log, written in another case than the log keeps it. */
  operatorEmail: string;
  /** Search terms that find a few rows: an order number's middle, a supplier's name, an item's description. */
  terms: {
    number: string;
    supplierName: string;
    shopName: string;
    item: string;
    /** An order line's item code (disputes are found by it). */
    itemCode: string;
    fileName: string;
    /** The start of every order number (`INV-0`): a search with tens of thousands of matches. */
    commonPrefix: string;
  };
};

/** The plan cases of a list both sides read: `cases` of the seed's shop, then of its supplier. */
export const bothSides = <TQuery>(
  seed: TPlanSeed,
  cases: (scope: { side: 'shops' | 'suppliers'; companyId: number }) => TPlanCase<TQuery>[],
) => [
  ...cases({ side: 'shops', companyId: seed.shopId }),
  ...cases({ side: 'suppliers', companyId: seed.supplierId }),
];

export type TList<TQuery extends TListQuery & { sort: string }, TItem> = {
  name: string;
  sorts: string[];
  planCases: (seed: TPlanSeed) => TPlanCase<TQuery>[];
  /** Whether the list takes `search` (the plan test then also expects a trigram index in the plan). */
  searchable: boolean;
  /** The WHERE clause of a query (tenant, filters, search, `extra`): for a list's own sums over the same rows. */
  filter: (scope: TListScope, query: TQuery, extra?: SQL) => SQL | undefined;
  /**
   * The two statements of a page, unsent (the benchmark and plan test read their SQL): the rows, and the count,
   * built only when called (`run` sends it only when the page cannot tell its total).
   */
  statements: (
    db: TDb,
    scope: TListScope,
    query: TQuery,
    extra?: SQL,
  ) => { count: () => PgSelect; rows: TStatement };
  /** A page; `extra` narrows it beyond the query (the operators' filters). */
  run: (db: TDb, scope: TListScope, query: TQuery, extra?: SQL) => Promise<TPage<TItem>>;
};

/** A statement built but not sent: its SQL, or its rows when awaited. */
export type TStatement = PromiseLike<unknown> & { toSQL: () => { sql: string; params: unknown[] } };

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

/**
 * The page's own copy of a timestamp sort key, as text: PostgreSQL keeps microseconds, a JS Date only milliseconds,
 * so a cursor made from the Date would sit before rows of the same millisecond (rows written by one transaction
 * share their `now()`) and skip them. The cursor carries this text instead. Lists receive it in `fields`.
 */
const keyFields = (sort: TListSort<unknown>): Record<string, SQL.Aliased> =>
  sort.key.dataType === 'date' ? { listKey: sql<string>`${sort.key}::text`.as('list_key') } : {};

/**
 * The total a page tells by itself, else undefined: a page reached by number that ends inside itself holds the
 * list's last row, so its position is the total. Most searches and small companies' lists end on their first
 * page, where the count was half of a request's database work. A full page tells it when it carries its count
 * (`counted`: a ranked search's page reached by number); a cursor's page or one past the end needs the count.
 */
export const totalOfPage = (query: TListQuery, rows: number, counted?: number) => {
  const offset = (query.page - 1) * query.perpage;
  if (!query.cursor && rows < query.perpage && (rows > 0 || offset === 0)) return offset + rows;
  // A ranked search's page counts its matches itself (`list_total`, `statements`); an empty one cannot say.
  return rows > 0 ? counted : undefined;
};

/** Registers a list and returns its runner. */
export function defineList<TQuery extends TListQuery & { sort: string }, TRow, TItem>(
  spec: TListSpec<TQuery, TRow, TItem>,
): TList<TQuery, TItem> {
  /**
   * The search of a query, or undefined when it has no search term: its WHERE clause and, on a ranked list, the
   * condition of each rank (highest first; rank 0 is every other match). The ranks exclude each other.
   */
  const searchOf = (scope: TListScope, query: TQuery, db?: TDb) => {
    const term = (query as { search?: string }).search;
    if (!term || !spec.search) return undefined;
    // The term is folded by the same function as the indexed text; LIKE wildcards in it match literally.
    const pattern = fold(sql`${`%${escapeLike(term)}%`}::text`);
    const prefix = fold(sql`${`${escapeLike(term)}%`}::text`);
    const folded = fold(sql`${term}::text`);
    const match = spec.search.match(scope, pattern, folded);
    const tiers = spec.search.tiers?.(prefix, pattern, scope, folded, db);
    const rest = spec.search.rest;
    if (!tiers) return { match, ranks: undefined };
    return {
      match,
      ranks: rest
        ? ranksOf(tiers, rest(scope, pattern), (page) => rest(scope, pattern, page))
        : ranksOf(tiers, match),
    };
  };
  /**
   * The ranked branches of a page: its search's tiers, else the list's groups; undefined for a plain page. `restPage`
   * narrows the last rank's `rest` to the rows a page can reach (TRestPage).
   */
  const ranksOf = (conditions: SQL[], rest?: SQL, restPage?: (page: TRestPage) => SQL) => {
    // The conditions nest (each holds the ones before it), so a rank only excludes the one just above it: each
    // exclusion is checked on every row of the rank, which for names matching thousands of orders was most of the
    // count. `is not true`: a condition on a nullable column is NULL, not false, where it does not hold.
    const better = (i: number) => conditions.slice(Math.max(0, i - 1), i).map((t) => sql`(${t}) is not true`);
    const worse = better(conditions.length);
    const ranks: { rank: number; where: SQL; page?: (within: TRestPage) => SQL }[] = [
      ...conditions.map((t, i) => ({ rank: conditions.length - i, where: and(t, ...better(i)) as SQL })),
      {
        rank: 0,
        where: and(rest, ...worse) as SQL,
        page:
          restPage &&
          ((within) => and(restPage({ ...within, where: and(within.where, ...worse) }), ...worse) as SQL),
      },
    ];
    return ranks;
  };
  if (spec.groups && spec.search?.tiers)
    throw new Error(`List ${spec.name} has both groups and search tiers`);

  type TSearch = NonNullable<ReturnType<typeof searchOf>>;

  const countFrom =
    spec.countFrom ??
    ((db: TDb) =>
      db
        .select({ one: sql`1`.as('one') })
        .from(spec.id.table)
        .$dynamic());

  /**
   * The total counts at most `cap` + 1 rows of the cheapest FROM, so it never walks a whole big list; a search's
   * cap is lower (SEARCH_TOTAL_CAP). A search ranked in tiers counts rank by rank, best first, each through its
   * own index (the ranks exclude each other, so the sum is exact), and stops once the ranks counted pass the cap:
   * a lower rank's count is a scalar subquery in a CASE branch, which PostgreSQL runs only when the branch is taken.
   */
  const totalOf = (db: TDb, scope: TListScope, base: SQL | undefined, search: TSearch | undefined) => {
    const cap = search ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
    const ranks = search?.ranks;
    if (!ranks) {
      const all = countFrom(db, scope)
        .where(and(base, search?.match))
        .limit(cap + 1)
        .as('counted');
      return db.select({ n: count() }).from(all) as unknown as PgSelect;
    }
    const counted = (where: SQL | undefined, name: string) =>
      db
        .select({ n: count().as('n') })
        .from(
          countFrom(db, scope)
            .where(and(base, where))
            .limit(cap + 1)
            .as(`${name}_rows`),
        )
        .as(name);
    const [best, ...lower] = ranks.map((r) => counted(r.where, `rank${r.rank}`));
    const more = lower.reduceRight<SQL>(
      (next, c) => sql`(select ${c.n} + case when ${c.n} > ${cap} then 0 else ${next} end from ${c})`,
      sql`0`,
    );
    if (!best) throw new Error(`List ${spec.name}: a ranked search without ranks`);
    return db
      .select({
        n: sql<number>`${best.n} + case when ${best.n} > ${cap} then 0 else ${more} end`.mapWith(Number),
      })
      .from(best) as unknown as PgSelect;
  };

  const filter = (scope: TListScope, query: TQuery, extra?: SQL) =>
    and(...spec.where(scope, query), searchOf(scope, query)?.match, extra);

  const statements = (db: TDb, scope: TListScope, query: TQuery, extra?: SQL) => {
    const sort = spec.sorts[query.sort as TQuery['sort']] as TListSort<unknown>;
    const search = searchOf(scope, query, db);
    const base = and(...spec.where(scope, query), extra);
    const filters = and(base, search?.match);
    const offset = query.cursor ? 0 : (query.page - 1) * query.perpage;
    if (offset > MAX_LIST_OFFSET) {
      throw new AppError(
        'BAD_REQUEST',
        `Pages beyond row ${MAX_LIST_OFFSET.toLocaleString('en')} are read with the cursor of the page before (nextCursor).`,
        { page: [`Use cursor for rows beyond ${MAX_LIST_OFFSET}`] },
      );
    }
    // The count is built only when called: a page that tells its own total never sends it (`run`). A function, not
    // a getter: V8 kept what an object literal's getter closed over (here every statement of the request) through
    // young-generation collections, so the API's scavenges copied megabytes of dead statements and its old
    // generation filled with them (bench/RESULTS.md "Lists", round 18).
    const withCount = (rows: TStatement) => ({ count: () => totalOf(db, scope, base, search), rows });
    const ranks = search?.ranks ?? (spec.groups ? ranksOf(spec.groups(scope, query)) : undefined);
    if (!ranks) {
      const position = query.cursor
        ? after(sort, spec.id, decodeCursor(query.cursor, query.sort, false))
        : undefined;
      const rows = spec
        .select(db, keyFields(sort), scope)
        .where(and(filters, position))
        .orderBy(...orderOf(sort, spec.id))
        .limit(query.perpage)
        .offset(offset);
      return withCount(rows as TStatement);
    }
    // Ranked: one branch a rank, best first, each in the list's sort and limited to the rows the page can reach,
    // so an index serves each branch and no branch sorts every match. PostgreSQL's Append returns its branches in
    // order and stops at the page's LIMIT, so a lower rank is not even read while a higher one fills the page
    // (the plan test checks that no branch sorts more than a page). A cursor names its rank: higher ranks are
    // done, its own continues after the cursor's row, lower ones start at their beginning. The branches read
    // only the listed table's ids and ranks, and the page's joins run once, on those ids: repeated in every
    // branch, they took longer to plan (2.7–4.7 ms a search page on the bench database) than the page to read.
    const at = query.cursor ? decodeCursor(query.cursor, query.sort, true) : undefined;
    const order = orderOf(sort, spec.id);
    // A search's page reached by number reads its matches up to the count's cap and counts them itself: the
    // count's own statement planned the same ranks again (1.2–1.8 ms on the bench database) to count the rows
    // the branches read anyway. A cursor's page starts mid-list, and groups count to a higher cap: they send it.
    const counts = Boolean(search?.ranks) && !at;
    const limit = counts ? Math.max(offset + query.perpage, SEARCH_TOTAL_CAP + 1) : offset + query.perpage;
    const branches = ranks
      .filter((r) => at?.rank === undefined || r.rank <= at.rank)
      .map((r) => {
        const position = at && r.rank === at.rank ? after(sort, spec.id, at) : undefined;
        return db
          .select({ id: spec.id, rank: sql<number>`${sql.raw(String(r.rank))}::int`.as('search_rank') })
          .from(spec.id.table)
          .where(
            and(
              base,
              // Groups of a list searched without tiers: each group holds only the matches.
              search && !search.ranks ? search.match : undefined,
              r.page ? r.page({ where: and(base, position), order, limit }) : r.where,
              position,
            ),
          )
          .orderBy(...order)
          .limit(limit)
          .$dynamic();
      });
    const [first, ...rest] = branches;
    if (!first) throw badCursor();
    // The page's ids as a CTE: the page selects its rows by primary key from that list (a base restriction, which
    // the planner applies first however many tables the page joins; a join to the list came last in the inbox,
    // past join_collapse_limit) and looks up each row's rank in it. `select` only calls `db.select`, which
    // `db.with` provides, so the list's own select carries the CTE.
    const union = rest.reduce((u, b) => u.unionAll(b) as unknown as typeof first, first);
    const matches = db.$with(RANKED_PAGE_CTE).as(union.limit(limit));
    const picked = db
      .$with('page_ids')
      .as(
        counts
          ? db.select().from(matches).limit(query.perpage).offset(offset)
          : union.limit(query.perpage).offset(offset),
      );
    const rank = sql<number>`(select ${picked.rank} from ${picked} where ${picked.id} = ${spec.id})`;
    const total = sql<number>`(select count(*) from ${matches})`.mapWith(Number).as('list_total');
    const rows = spec
      .select(
        (counts ? db.with(matches, picked) : db.with(picked)) as unknown as TDb,
        { searchRank: rank.as('search_rank'), ...(counts ? { listTotal: total } : {}), ...keyFields(sort) },
        scope,
      )
      .where(sql`${spec.id} = any(array(select ${picked.id} from ${picked}))`)
      .orderBy(sql`search_rank desc`, ...order);
    return withCount(rows as TStatement);
  };

  const list: TList<TQuery, TItem> = {
    name: spec.name,
    sorts: Object.keys(spec.sorts),
    planCases: spec.planCases,
    searchable: spec.search !== undefined,
    filter,
    statements,
    async run(db, scope, query, extra) {
      const s = statements(db, scope, query, extra);
      const rows = await pageRows<TRow>(s.rows);
      // The count is sent only when the page cannot tell the total (a drizzle statement runs when awaited).
      const counted = (rows[0] as { listTotal?: number } | undefined)?.listTotal;
      const n = totalOfPage(query, rows.length, counted) ?? ((await s.count()) as { n: number }[])[0]?.n ?? 0;
      const cap = spec.search && (query as { search?: string }).search ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
      const last = rows.length === query.perpage ? rows.at(-1) : undefined;
      const sort = spec.sorts[query.sort as TQuery['sort']];
      // A list whose select() drops the fields it is given would page past rows of the same millisecond.
      if (last && keyFields(sort as TListSort<unknown>).listKey && !(last as { listKey?: string }).listKey)
        throw new Error(`List ${spec.name}: its select() must include the fields it is given`);
      // A ranked page (a search in tiers, or groups) selects each row's rank, which its cursor carries.
      const rank =
        last && 'searchRank' in (last as object)
          ? Number((last as unknown as { searchRank: unknown }).searchRank)
          : undefined;
      return {
        total: Math.min(n, cap),
        totalCapped: n > cap,
        page: query.page,
        perPage: query.perpage,
        nextCursor: last
          ? encodeCursor(
              query.sort,
              (last as { listKey?: string }).listKey ?? sort.of(last),
              spec.idOf(last),
              rank,
            )
          : null,
        data: rows.map(spec.toItem),
      };
    },
  };
  if (LISTS.some((l) => l.name === spec.name)) throw new Error(`List ${spec.name} is defined twice`);
  LISTS.push(list as unknown as (typeof LISTS)[number]);
  return list;
}
