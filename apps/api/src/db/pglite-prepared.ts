import {
  type PGlite,
  parse as pgliteParse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { seenBefore } from './seen-before.js';

/** Statements kept prepared at once; the least recently used is closed beyond it. */
const MAX_PREPARED = 256;

type TPrepared = { name: string; paramTypes: number[]; rowDescription: TMessage[]; columnTypes: number[] };
type TMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type TDatabaseError = Error & {
  code?: string;
  query?: string;
  params?: unknown[];
  queryOptions?: QueryOptions;
};

const serialize = protocol.serialize;
/**
 * Errors of a prepared statement that did not run: its table changed its columns ("cached plan must not change
 * result type") or the statement is gone (someone sent DEALLOCATE).
 */
const stale = (e: TDatabaseError) =>
  e.code === '26000' || (e.code === '0A000' && /cached plan must not change result type/.test(e.message));
/** Options drizzle passes: a row mode and result parsers. Anything else (a blob, parameter types) takes PGlite's path. */
const plainOptions = (options: QueryOptions | undefined) =>
  !options || Object.keys(options).every((k) => k === 'rowMode' || k === 'parsers');

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Keeps the statements this process sends again and again prepared in PGlite, as named statements of its one
 * session: a statement is parsed, analysed and described once, and each later call binds and executes it in one
 * message. PGlite's own `query` sends parse, describe, bind, describe, execute and sync as six calls into the
 * engine every time, and the parse and analysis of a list's page (five joined tables) cost more than its run
 * (bench/RESULTS.md "Per-request cost"). PostgreSQL plans a prepared statement as it does for every driver that
 * prepares (`plan_cache_mode = auto`: custom plans first, a generic plan once it costs no more).
 *
 * Same answers and errors as `query`: the rows are parsed by PGlite's own result parser with the statement's
 * described columns; a statement runs under the same two locks, so it never runs inside another caller's
 * transaction. A text is prepared the second time it is seen, so one-off statements (migrations, inserts of many
 * rows) are never kept. Only `query` outside a transaction is served; `exec` and transactions are PGlite's own.
 */
export function preparePgliteQueries(pglite: PGlite) {
  const query = pglite.query.bind(pglite);
  const prepared = new Map<string, TPrepared>();
  const repeated = seenBefore();
  let next = 0;

  /** Parses and describes `text` as a named statement; closes the least recently used one beyond the limit. */
  async function prepare(text: string): Promise<TPrepared> {
    const name = `ob_${++next}`;
    const evicted = prepared.size >= MAX_PREPARED ? prepared.entries().next().value : undefined;
    if (evicted) prepared.delete(evicted[0]);
    const { messages } = await pglite.execProtocol(
      concat([
        ...(evicted ? [serialize.close({ type: 'S', name: evicted[1].name })] : []),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const rowDescription = messages.filter((m) => m.name === 'rowDescription');
    const statement = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(messages),
      rowDescription,
      columnTypes: [
        ...new Set(
          rowDescription.flatMap((m) =>
            (m as unknown as { fields: { dataTypeID: number }[] }).fields.map((f) => f.dataTypeID),
          ),
        ),
      ],
    };
    prepared.set(text, statement);
    return statement;
  }

  /** Closes the statement of `text`, if prepared. */
  async function forget(text: string) {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    await pglite
      .execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
        syncToFs: false,
      })
      .catch(() => {});
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    let statement = prepared.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to close.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i] ?? -1];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await pglite.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // The parsers of this statement's column types only: PGlite merges every type's parser with the caller's on
    // each call, which cost a list's page more than its execution.
    const parsers: Record<number, (value: string, typeId?: number) => unknown> = {};
    for (const type of statement.columnTypes) {
      const parser = options?.parsers?.[type] ?? pglite.parsers[type];
      if (parser) parsers[type] = parser;
    }
    const [results] = pgliteParse.parseResults(
      [...statement.rowDescription, ...messages],
      parsers,
      options?.rowMode ? { rowMode: options.rowMode } : undefined,
    );
    return results as Results<T>;
  }

  pglite.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!plainOptions(options)) return query<T>(text, params, options);
    if (!prepared.has(text) && !repeated(text)) return query<T>(text, params, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options).catch(async (error: TDatabaseError) => {
            // The statement did not run: prepared again once when its table changed under it or it is gone.
            if (!stale(error)) throw error;
            await forget(text);
            return run<T>(text, params, options);
          });
        } catch (error) {
          // Not kept after any other error either; reported as PGlite's query reports it.
          await forget(text);
          const e = error as TDatabaseError;
          e.query = text;
          e.params = params;
          e.queryOptions = options;
          throw e;
        } finally {
          if (!pglite.isInTransaction()) await pglite.syncToFs();
        }
      }),
    );
  };
}
