import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

type TField = { path: string[]; field: unknown };
type TDecoder = { mapFromDriverValue: (value: unknown) => unknown };
type TRow = Record<string, unknown>;

/**
 * What a drizzle select prepares (`_prepare`, typed internal by drizzle and the same on node-postgres and PGlite):
 * its ordered fields, the tables its joins may leave null, and the hook that maps the driver's array rows.
 * `page-rows.test.ts` checks the outcome against drizzle's own mapping, so an upgrade that changes these fails there.
 */
type TPrepared = {
  fields: TField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => TRow[];
  execute: () => Promise<TRow[]>;
};
type TPreparable = { _prepare: () => TPrepared };

/** A SQL fragment's decoder (`mapWith`), internal in drizzle's types. */
type TDecoded = { decoder: TDecoder };

/** The decoder drizzle's `mapResultRow` picks for a field. */
function decoderOf(field: unknown): TDecoder {
  if (is(field, Column)) return field as unknown as TDecoder;
  if (is(field, SQL)) return (field as unknown as TDecoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: TDecoded } })._.sql.decoder;
  return (field as { sql: TDecoded }).sql.decoder;
}

/**
 * drizzle's mapping of a selection's rows, worked out once for the statement rather than for every cell. drizzle's
 * `mapResultRow` asks `is()` what each field is, and walks its path, for every cell of every row: on a 50-row list
 * page of 20–30 columns that was 0.06–0.08 ms of a request the bare route never spends (bench/RESULTS.md, "Lists").
 *
 * The same objects come out: each field's value decoded where it is not null, at its path; and, as drizzle does, an
 * object of a joined table the join may leave empty (a left join) is null where its first column is null, unless
 * its columns come from more than one table.
 */
function rowsMapper(fields: TField[], joinsNotNullable: Record<string, boolean> | undefined) {
  const decoders = fields.map((f) => decoderOf(f.field));
  const paths = fields.map((f) => f.path);
  const nullable: { key: string; column: string }[] = [];
  if (joinsNotNullable) {
    const seen = new Set<string>();
    for (const [i, { path, field }] of fields.entries()) {
      const key = path[0]!;
      if (path.length !== 2 || !is(field, Column) || seen.has(key)) continue;
      seen.add(key);
      const table = getTableName((field as Column).table);
      const sameTable = fields.every(
        (f, j) =>
          j <= i ||
          f.path.length !== 2 ||
          f.path[0] !== key ||
          !is(f.field, Column) ||
          getTableName((f.field as Column).table) === table,
      );
      if (sameTable && !joinsNotNullable[table]) nullable.push({ key, column: path[1]! });
    }
  }
  return (rows: unknown[][]): TRow[] =>
    rows.map((row) => {
      const out: TRow = {};
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i]!;
        let node = out;
        for (let p = 0; p < path.length - 1; p++) {
          node[path[p]!] ??= {};
          node = node[path[p]!] as TRow;
        }
        const raw = row[i];
        node[path[path.length - 1]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      }
      for (const { key, column } of nullable) {
        if ((out[key] as TRow)[column] === null) out[key] = null;
      }
      return out;
    });
}

/** Runs a drizzle select and returns its rows as drizzle would, mapped by `rowsMapper`. For list pages. */
export function pageRows<T>(select: unknown): Promise<T[]> {
  const prepared = (select as TPreparable)._prepare();
  prepared.customResultMapper = rowsMapper(prepared.fields, prepared.joinsNotNullableMap);
  return prepared.execute() as Promise<T[]>;
}
