import { createHash } from 'node:crypto';
import pg from 'pg';
import { seenBefore } from './seen-before.js';

/** Texts given a name at most; beyond it new texts run unnamed (each pool connection keeps what it prepared). */
const MAX_NAMED = 512;

type TQueryConfig = { text?: unknown; name?: unknown };

/**
 * The CTE of a ranked list page (lib/list.ts: a search in tiers, an inbox in groups). A statement that holds it is
 * never named: its planning is most of its server time, and on a connection that had planned the same kind of
 * statement for other parameters, a named one's planning (the Bind) took twice as long, persistently (the bench's
 * typical supplier's "INV-0019" after the typical shop's: Bind 3.1 -> 6.8 ms a run, execution 2.6 ms both times;
 * unnamed, the same sequence stayed at 4.7 ms a statement). Under load that cost held a search below 200 req/s
 * (bench/RESULTS.md "Lists", round 13). Unnamed, it is parsed again each run, which costs far less.
 */
export const RANKED_PAGE_CTE = 'search_matches';

/** The planner settings of the API's connections (why each: `preparedPool` below). */
export const PLANNER_SETTINGS =
  '-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 ' +
  '-c join_collapse_limit=1 -c from_collapse_limit=1';

/**
 * A pool whose connections keep the statements this process sends again and again prepared: node-postgres
 * prepares each once per connection, so PostgreSQL parses, analyses and rewrites it once. drizzle sends every
 * statement unnamed, so the server did all of that on every request, although a list's statements differ only in
 * their parameters; named, a plain list's unthrottled rate on the bench rose by a fifth to a third (bench/RESULTS.md
 * "Lists"). The PostgreSQL counterpart of `pglite-prepared.ts`.
 *
 * Every run is still planned for its own parameters (`plan_cache_mode = force_custom_plan` on these connections):
 * with PostgreSQL's default a statement goes generic after five runs wherever that plan looks no dearer, and a
 * generic plan knows neither how many rows a company has nor how many a search term keeps. On the bench it read
 * the big shop's 100,000 orders through a bitmap for a cursor page (100 ms for 50 rows) and for the searches
 * (0–1.3 req/s where custom plans held 81–142).
 *
 * A text is named the second time it is seen (one-off statements are never kept), its name is a hash of the text
 * (node-postgres refuses one name for two texts), and at most MAX_NAMED texts are named, which bounds what each
 * connection keeps. A named statement answers and fails as the unnamed one does.
 *
 * No parallel workers (`max_parallel_workers_per_gather = 0`): the API's statements read a page or a capped count,
 * and starting two workers cost more than the read itself — a search page that reads its 201 first matches by
 * the supplier's date index took 56–76 ms in a parallel plan and 1.8 ms in a plain one on the bench database.
 *
 * Random page reads priced as the data's own (`random_page_cost = 1.1`, PostgreSQL's default 4 prices a disk head's
 * seek): a page of orders fetched row by row through the index that keeps the sort looked dearer than collecting
 * every row of the filter through a bitmap and sorting them. On the bench, one supplier's 408 orders of a shop were
 * read and sorted for each 50-row page (1.1 ms, 408 heap pages; p99 52–156 ms at 200 req/s) where the index read
 * the first 50 in order (0.2 ms); no other list's plan got dearer (bench/RESULTS.md, "Lists", round 8).
 *
 * Joins in the order the statement writes them (`join_collapse_limit = 1`, `from_collapse_limit = 1`): every run is
 * planned, and a list page joins its table to four or five lookups (the supplier's and shop's names, who entered
 * and changed it), whose orders the planner weighed on every request for about twice as long as the page took to
 * read (0.9 ms planning, 0.3 ms running on the bench's plain pages). The API's statements name their driving table
 * first and join lookups to it, the order the planner chose anyway; the planner still picks each join's method and
 * which side leads. On the bench (bench/lists/explain.ts, all 36 scenarios) planning a plain page went from
 * 0.5–1.2 ms to 0.3–0.7 ms and a search page's from 1.8–3.3 to 1.7–2.4 ms, and no statement ran slower.
 *
 * Connections are kept once opened (`min` = `max`): node-postgres otherwise closes one after 10 s idle, and it
 * hands out the connection released last, so under a steady load the spare ones idle out and the next burst
 * opens new ones. A new connection is a new PostgreSQL process that must load its catalog caches and prepare
 * every statement again, which put its requests in a run's slowest percent on the lists bench.
 */
export function preparedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ min: config.max, ...config, options: PLANNER_SETTINGS });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = new Map<string, string>();
  const repeated = seenBefore();

  const nameOf = (text: string) => {
    const name = named.get(text);
    if (name || named.size >= MAX_NAMED || text.includes(`"${RANKED_PAGE_CTE}"`) || !repeated(text))
      return name;
    const hashed = `ob_${createHash('sha1').update(text).digest('base64url')}`;
    named.set(text, hashed);
    return hashed;
  };

  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    const c = config as TQueryConfig | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && c.name === undefined) {
      const name = nameOf(c.text);
      if (name) return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
  return pool;
}
