import type { TRowError } from '@orderbridge/contract';

export type TCsvRecord = { line: number; values: Record<string, string> };

/**
 * Parses CSV text (RFC 4180 quoting; `,` or `;` as found in the header line; a byte-order mark is ignored) into
 * records keyed by the lower-cased header names. Each record keeps the file line it starts on, so a bad row can
 * be reported by its line number; a row with a different number of cells than the header is such a bad row.
 */
export function parseCsv(input: string): { header: string[]; records: TCsvRecord[]; errors: TRowError[] } {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [head, ...body] = nonEmpty;
  const header = (head?.cells ?? []).map((h) => h.trim().toLowerCase());
  const records: TCsvRecord[] = [];
  const errors: TRowError[] = [];
  for (const row of body) {
    if (row.cells.length !== header.length) {
      errors.push({
        line: row.line,
        message: `Expected ${header.length} values as in the header, found ${row.cells.length}.`,
      });
      continue;
    }
    records.push({
      line: row.line,
      values: Object.fromEntries(header.map((h, i) => [h, row.cells[i]!.trim()])),
    });
  }
  return { header, records, errors };
}

/** A decimal from a CSV cell: `1234.5`, `1.234,5` and `1234,5` all read as 1234.5; empty is null. */
export function parseDecimal(value: string | undefined): number | null | 'invalid' {
  const v = (value ?? '').trim().replace(/\s/g, '');
  if (v === '') return null;
  let normal = v;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(v)) normal = v.replaceAll('.', '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(v)) normal = v.replace(',', '.');
  else normal = v.replaceAll(',', '');
  const n = Number(normal);
  return Number.isFinite(n) ? n : 'invalid';
}

/** A yes/no cell: 1/0, true/false, yes/no, y/n (any case); empty is the default. */
export function parseFlag(value: string | undefined, fallback: boolean): boolean | 'invalid' {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['1', 'true', 'yes', 'y'].includes(v)) return true;
  if (['0', 'false', 'no', 'n'].includes(v)) return false;
  return 'invalid';
}
