import { sql } from 'drizzle-orm';
import type { TDb } from './client.js';

/** The keyed piece indexes (`tenant_grams`, migration 0029) whose common pieces a search leaves out. */
const PIECE_INDEXES = ['orders_shop_grams_trgm_idx', 'orders_supplier_grams_trgm_idx'] as const;
export type TPieceIndex = (typeof PIECE_INDEXES)[number];

/** The index of a company's order numbers' pieces, by the side the company is on. */
export const numberPieces = (side: 'shops' | 'suppliers'): TPieceIndex =>
  side === 'shops' ? 'orders_shop_grams_trgm_idx' : 'orders_supplier_grams_trgm_idx';

/** A piece in more rows than this is common: its index entry costs more to read than LIKE's check of a few rows. */
const COMMON_ROWS = 1_000;

/** How long the statistics read are used before they are read again (ANALYZE refreshes them as the data grows). */
const REFRESH_MS = 10 * 60_000;

type TState = { at: number; loading: Promise<void> | undefined; pieces: Map<string, string[]> };
const byDb = new WeakMap<TDb, TState>();

/**
 * The pieces (`company:abc`) of a company's entries in `index` that PostgreSQL's statistics count in more than
 * COMMON_ROWS rows, for `rare_pieces` (migration 0032) to leave out of a search's GIN condition. The GIN reads
 * every entry a condition names, and an entry every number of a big company shares (`1:inv`, `1:-09`: 10,000 to
 * 100,000 rows) cost 0.9–2.6 ms to read where the term's rare pieces found the same 100 candidates in 0.1 ms
 * (bench/RESULTS.md, lists round 12). Leaving pieces out never changes what a search finds: LIKE checks every
 * candidate, and every piece of the term is in every text that holds it.
 *
 * Read from ANALYZE's most common elements of the index's expression (`pg_stats`) when the API starts (buildApp),
 * and again in the background once they are REFRESH_MS old: a request never waits for them, and where ANALYZE has
 * not run no piece is left out, which is the search as it was.
 */
export function commonPieces(db: TDb, index: TPieceIndex, companyId: number): string[] {
  const state = stateOf(db);
  if (!state.loading && Date.now() - state.at > REFRESH_MS) void loadCommonPieces(db);
  return state.pieces.get(`${index}:${companyId}`) ?? [];
}

function stateOf(db: TDb): TState {
  let state = byDb.get(db);
  if (!state) {
    state = { at: 0, loading: undefined, pieces: new Map() };
    byDb.set(db, state);
  }
  return state;
}

/** Reads the statistics now: at the API's start, and where a benchmark or a test builds statements itself. */
export function loadCommonPieces(db: TDb): Promise<void> {
  const state = stateOf(db);
  state.loading ??= read(db, state);
  return state.loading;
}

async function read(db: TDb, state: TState): Promise<void> {
  try {
    const { rows } = (await db.execute(sql`
      select s.tablename as index, s.most_common_elems::text::text[] as elems,
        s.most_common_elem_freqs as freqs, c.reltuples
      from pg_stats s
      join pg_class c on c.relname = s.tablename
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = s.schemaname
      where s.schemaname = current_schema()
        and s.tablename = any(${textArray([...PIECE_INDEXES])}::text[])`)) as unknown as {
      rows: { index: string; elems: string[] | null; freqs: number[] | null; reltuples: number }[];
    };
    const pieces = new Map<string, string[]>();
    for (const r of rows) {
      (r.elems ?? []).forEach((piece, i) => {
        if ((r.freqs?.[i] ?? 0) * r.reltuples <= COMMON_ROWS) return;
        const key = `${r.index}:${piece.slice(0, piece.indexOf(':'))}`;
        pieces.set(key, [...(pieces.get(key) ?? []), piece]);
      });
    }
    state.pieces = pieces;
  } catch {
    // statistics are an optimisation: without them every piece is kept, and they are read again later
  } finally {
    state.at = Date.now();
    state.loading = undefined;
  }
}

/** A text[] literal of `values`, for a parameter whose text of the statement stays the same whatever it holds. */
export const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
