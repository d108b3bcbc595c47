import { DETAIL_LINE } from './items.js';
import { norm } from './parse.js';
import type { TItem, TReaderResult } from './types.js';

/** What the reading of one item row rests on, gathered while the table is read (items.ts). */
export interface RowEvidence {
  /** how the row's numbers were solved: 0.95 quantity × price = amount under their own column labels, 0.9 by
   * search or exact arithmetic (a percent discount under its label included) or a text row's amount printed
   * alone (nothing to multiply, nothing left over), 0.88 quantity and amount under
   * their labels without a price column (the amount over the quantity a price to the cent), 0.85 a scan's
   * quantity from amount ÷ price, 0.7 an amount repeated as its price, 0.4 none */
  arithmetic: number;
  /** the amount stands in the table's amount column */
  aligned: boolean;
  /** the row prints a quantity or price under its column label that the arithmetic did not use: the numbers
   * that multiply to the amount were found elsewhere in the row, perhaps by coincidence */
  offLabels: boolean;
  /** where the description came from: the amount row itself, that row plus text lines joined to it, or
   * only text printed above the row */
  descFrom: 'row' | 'joined' | 'above';
  /** a text line of the table next to this row went to no item: the row's description may be the wrong one
   * of the two (a name above the amount row, a detail line on it) */
  leftOver: boolean;
  /** the table was found by the alignment of its amounts, without a heading row naming its columns */
  noHeading?: boolean;
  /** (a table without a heading) every row, three or more, multiplied out its quantity and price from the same
   * two columns */
  columnsProven?: boolean;
  /** the columns the row's quantity, price and amount were read from, where all three are printed and multiply
   * out (items.ts `solvedIn`) */
  solvedIn?: string;
  /** text lines of the row's cell were joined into its description */
  linesJoined?: boolean;
  /** a detail line ("Label: value", a date) of the row's cell was left out of its description: with lines also
   * joined, the description is neither the cell's whole text nor its name line */
  detailSkipped?: boolean;
  /** a text cell of the row runs beyond the description column's edge into no other column's claim: the
   * description holds only the part of the cell inside the column */
  descCut?: boolean;
  /** the description is one code-shaped token while name-like text of the row went to no field */
  nameBeside?: boolean;
  /** a "Label: value" note was joined to the description under a first line that is no such note ("Packing tape
   * brown" + "Size: 44") */
  detailJoined?: boolean;
}

/** Brackets opened and not closed, or closed and not opened: text cut from a cell next to it. */
const unbalanced = (d: string) => (d.match(/[([]/g) ?? []).length !== (d.match(/[)\]]/g) ?? []).length;

/**
 * A description that reads like an item's name: words, no amount, no cut bracket, not a "Label: value" note
 * (`detailJoined`: its first line is a name, a note joined under it).
 */
export function descLooksRight(desc: string | undefined, detailJoined = false): boolean {
  const d = (desc ?? '').trim();
  return (
    !unbalanced(d) &&
    (d.match(/\p{L}/gu) ?? []).length >= 3 &&
    d.length <= 160 &&
    !/\d[.,]\d{2}(?!\d)/.test(d) &&
    (detailJoined || !DETAIL_LINE.test(d))
  );
}

/**
 * The raw confidence of an item row from independent evidence: its arithmetic, the column its amount stands
 * in, where its description came from and whether that description looks like a name, and whether the rows
 * add up to a printed total. It orders rows by how much evidence they have; calibrate.ts turns it into the
 * share of such rows that were right on the calibration set.
 */
export function rowConfidence(e: RowEvidence, item: TItem, rowsAddUp: boolean): number {
  const desc = item.itemDesc;
  let c = e.arithmetic;
  if (!e.aligned) c -= 0.03;
  if (e.offLabels) c -= 0.1;
  if (e.descFrom === 'joined') c -= 0.02;
  if (e.descFrom === 'above') c -= 0.04;
  if (e.leftOver) c -= 0.1;
  if (e.linesJoined && e.detailSkipped) c -= 0.1;
  if (e.noHeading) c -= e.columnsProven ? NO_HEADING_PROVEN : 0.15;
  if (e.descCut) c -= 0.2;
  if (e.nameBeside) c -= 0.2;
  if (!descLooksRight(desc, e.detailJoined)) c -= 0.2;
  // (a name with a note joined under it costs a little, so that the calibration measures such rows apart)
  if (e.detailJoined) c -= 0.02;
  // the row's quantity, price or amount at the end of its description: a number of the next column read into the
  // text ("-369,176", a whole-unit price with its thousands separator, read either way)
  const last = /(\d{1,3}(?:[.,]\d{3})+|\d+(?:[.,]\d+)?)$/.exec((desc ?? '').trim())?.[1];
  const readings =
    last === undefined ? [] : [Number(last.replace(',', '.')), Number(last.replace(/[.,]/g, ''))];
  const numberInDesc = [item.itemQty, item.price, item.amount].some(
    (v) => v !== undefined && readings.includes(Math.abs(v)),
  );
  if (numberInDesc) c -= 0.2;
  c += rowsAddUp ? 0.03 : -0.05;
  // a doubt about which text or numbers make the row places it below every row without one but those with no
  // arithmetic at all: each kind came from a wrong row sent straight through, and a table found without headings
  // leaves the quantity and the price to a search among the row's numbers. Penalties alone left such rows beside
  // sure kinds of milder evidence (a description with a detail note), and a calibration bin pooled the two
  // (bench/RESULTS.md "Round 31")
  const doubt =
    e.offLabels ||
    e.leftOver ||
    (e.linesJoined && e.detailSkipped) ||
    e.descCut ||
    e.nameBeside ||
    numberInDesc ||
    (e.noHeading && !e.columnsProven);
  if (doubt) c *= DOUBT_SCALE;
  return Math.max(0, Math.min(0.99, Math.round(c * 100) / 100));
}

/**
 * What a table without a heading costs a row where the rows prove its columns: less than a heading's absence with
 * nothing to prove the columns (a doubt), enough to keep such rows in bins of their own for the calibration.
 */
const NO_HEADING_PROVEN = 0.04;

/** The share of its raw confidence a row with a doubt keeps (0.99 becomes 0.4). */
export const DOUBT_SCALE = 0.4;

/**
 * Agreement between two OCR readings of the same page: a row the other reading also found (same amount, same
 * description) is surer, one it did not find less so. Changes the kept reading's raw row confidences.
 */
export function agreeRows(kept: TReaderResult, other: TReaderResult): void {
  const f = kept.confidence.fields;
  kept.items.forEach((it, i) => {
    const c = f[`items.${i}`];
    if (c === undefined) return;
    const same = other.items.some(
      (o) => o.amount === it.amount && norm(o.itemDesc ?? '') === norm(it.itemDesc ?? ''),
    );
    f[`items.${i}`] = Math.max(0, Math.min(0.99, Math.round((c + (same ? 0.02 : -0.05)) * 100) / 100));
  });
}
