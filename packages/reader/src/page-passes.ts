import { linesAddUp, oneRate, runChecks, totalsAddUp } from './checks.js';
import type { ExtractContext } from './context.js';
import { type Gray, resize } from './image.js';
import { agreeRows } from './item-confidence.js';
import { decimals } from './items.js';
import { type OcrOptions, type OcrWord, ocrImage } from './ocr.js';
import { round2 } from './parse.js';
import { ocrSameName } from './parties.js';
import { removeRulingLines } from './ruling.js';
import type { TItem, TReaderResult } from './types.js';

/** One OCR reading of a page image and what the reader extracted from it. */
export interface PageReading {
  r: TReaderResult;
  ctx: ExtractContext;
}

/** Width (px) page images are OCR'd at: an A4 page at about 225 dpi; small print is lost at 150 dpi. */
export const PAGE_WIDTH = 1860;

/** A page image ready for OCR: enlarged to about 225 dpi (never more than twice), table rules whitened. */
export function preparePage(scan: Gray): Gray {
  const wide = scan.width < PAGE_WIDTH * 0.8 ? resize(scan, Math.min(2, PAGE_WIDTH / scan.width)) : scan;
  return removeRulingLines(wide);
}

/**
 * The page-segmentation mode of the second reading. Sparse text (11) takes every word where it stands,
 * without finding text blocks first: the numbers of ruled, shaded table cells that the block analysis of
 * the first reading (psm 3) dropped or merged come back. One pass only: a page pass costs 2–3 s.
 */
const SECOND_PSM = 11;

/** The issues that another OCR reading can mend: the item table and the totals. */
function readingIssues(r: TReaderResult): string[] {
  return runChecks(r)
    .filter((i) => i.table === 'items' || i.table === 'totals')
    .map((i) => i.description);
}

/** A page's first reading is read again when its item table or its totals do not add up. */
export function pageNeedsAnotherReading(r: TReaderResult): boolean {
  return readingIssues(r).length > 0 || !linesAddUp(r);
}

/** An amount with its cents standing alone among a description's words ("… 40 mm 101 1,661.74"). */
const MONEY_WORD = /(?:^|\s)-?\d{1,3}(?:[.,']\d{3})*[.,]\d{2}(?=\s|$)/;

/**
 * Problems of a reading: the failed checks (the header ones too, they break ties), where a missing table
 * counts as the rows another reading of the same page found (a reading that lost rows is not better than one
 * whose rows carry a slip), and each row whose description holds an amount with cents: a price or amount cell
 * the reading's columns took for text, which no check sees (the row may still multiply out with other numbers).
 * A description that prints such a number counts the same in both readings of the page.
 */
function problems(r: TReaderResult, mostItems: number): number {
  const failed = runChecks(r).filter((i) => i.description !== 'No line items found').length;
  const moneyInText = r.items.filter((it) => MONEY_WORD.test(it.itemDesc ?? '')).length;
  return failed + Math.max(0, mostItems - r.items.length) + moneyInText;
}

function meanConfidence(r: TReaderResult): number {
  const cs = Object.values(r.confidence.fields);
  return cs.length ? cs.reduce((a, c) => a + c, 0) / cs.length : 0;
}

/**
 * The reading with the fewest problems, then the one with more rows (a row with a slip still carries its
 * description and amount), then the surest fields; the first reading on a tie.
 */
export function pickReading(readings: PageReading[]): PageReading {
  const most = Math.max(...readings.map((x) => x.r.items.length));
  const scored = readings.map((x) => ({
    x,
    p: problems(x.r, most),
    n: x.r.items.length,
    c: meanConfidence(x.r),
  }));
  const better = (a: (typeof scored)[0], b: (typeof scored)[0]) =>
    a.p !== b.p ? a.p < b.p : a.n !== b.n ? a.n > b.n : a.c > b.c + 0.01;
  return scored.reduce((best, s) => (better(s, best) ? s : best)).x;
}

/**
 * Rows of the kept reading that carry no quantity read from the page (none, or the one unit at its amount that
 * a table of amounts alone is given) take the quantity, unit price and discount of the other reading's row
 * with the same amount, where that row multiplies out with another quantity: the other reading found the
 * quantity and price columns (or a row's net price under it) that this one lost. Returns the rows mended.
 */
export function rowsFromOther(kept: TReaderResult, other: TReaderResult): number {
  let mended = 0;
  const taken = new Set<TItem>();
  for (const it of kept.items) {
    if (it.amount === undefined) continue;
    const unread = it.itemQty === undefined || (it.itemQty === 1 && it.price === it.amount && !it.discount);
    if (!unread) continue;
    const same = other.items.filter((o) => o.amount === it.amount && !taken.has(o));
    if (same.length !== 1) continue;
    const o = same[0]!;
    if (o.itemQty === undefined || o.itemQty === 1 || o.price === undefined) continue;
    // the other row's quantity is the amount itself at a unit price of 1: the same two numbers as the kept row's
    // (one unit at its amount) in swapped roles, no quantity column found there either
    if (o.itemQty === it.amount && o.price === 1) continue;
    // to the cent, but for a net unit price printed rounded: half a cent a unit
    const off = Math.abs(round2(o.itemQty * o.price - (o.discount ?? 0)) - it.amount);
    if (off > Math.abs(o.itemQty) * 0.005 + 0.011) continue;
    if (kept.items.filter((k) => k.amount === it.amount).length !== 1) continue;
    taken.add(o);
    it.itemQty = o.itemQty;
    it.price = o.price;
    if (o.discount) it.discount = o.discount;
    else delete it.discount;
    mended++;
  }
  return mended;
}

/**
 * Rows of the kept reading whose quantity and unit price the other reading of the same page read the other way
 * round (the same amount, the same two numbers, the roles swapped: one segmentation put a cell under the wrong
 * heading) take the roles where the quantity is the rounder of the two numbers ("29 × 2.148,64", not
 * "2.148,64 × 29"): prices are printed with cents, quantities mostly whole. A tie keeps the kept reading's.
 * Changes `kept` in place; returns the rows changed.
 */
export function swapsFromOther(kept: TReaderResult, other: TReaderResult): number {
  let swapped = 0;
  for (const it of kept.items) {
    const { itemQty: q, price: p, amount: a } = it;
    if (q === undefined || p === undefined || a === undefined || q === p || it.discount) continue;
    const same = other.items.filter((o) => o.amount === a);
    if (same.length !== 1 || kept.items.filter((k) => k.amount === a).length !== 1) continue;
    const o = same[0]!;
    if (o.itemQty !== p || o.price !== q) continue;
    if (decimals(Math.abs(p)) >= decimals(Math.abs(q))) continue;
    it.itemQty = p;
    it.price = q;
    swapped++;
  }
  return swapped;
}

const TRIPLE = ['net', 'vat', 'invoiceTotal'] as const;
type TripleRole = (typeof TRIPLE)[number];

/** Two boxes on the same page that overlap: one printed amount. */
function samePrint(
  a: TReaderResult['boxes'][string] | undefined,
  b: TReaderResult['boxes'][string] | undefined,
) {
  return (
    !!a &&
    !!b &&
    a.page === b.page &&
    a.x < b.x + b.w &&
    b.x < a.x + a.w &&
    a.y < b.y + b.h &&
    b.y < a.y + a.h
  );
}

/**
 * The kept reading's totals completed from the other reading of the same page: where the kept reading lacks net,
 * VAT or total, the other's amounts for those roles; where it has all three and they do not add up, the other's
 * amount for one role. Taken only when the result adds up (net + VAT = total), each role from a printed amount of
 * its own, and the item lines' sum still matching the net or subtotal where the kept reading's did or had none to
 * match; one way only (two ways that add up take nothing). Changes `kept` in place; true when it did.
 */
export function completeTotals(kept: TReaderResult, other: TReaderResult): boolean {
  const t = kept.totals;
  if (totalsAddUp(t)) return false;
  const missing = TRIPLE.filter((k) => t[k] === undefined);
  const choices: TripleRole[][] = missing.length ? [missing] : TRIPLE.map((k) => [k]);
  // the line amounts' sum where the kept reading's checks found no fault with it
  const linesFault = (r: TReaderResult) =>
    runChecks(r).some((i) => i.table === 'totals' && /^Line amounts/.test(i.description));
  const linesKnown = kept.items.length > 0 && !linesFault(kept);
  const found: { roles: TripleRole[]; totals: TReaderResult['totals'] }[] = [];
  for (const roles of choices) {
    if (roles.some((k) => other.totals[k] === undefined || other.totals[k] === t[k])) continue;
    const next = { ...t, ...Object.fromEntries(roles.map((k) => [k, other.totals[k]])) };
    if (!totalsAddUp(next)) continue;
    // each role its own printed amount: the box an amount came from is not another role's
    const boxOf = (k: TripleRole) => (roles.includes(k) ? other.boxes : kept.boxes)[`totals.${k}`];
    if (TRIPLE.some((a) => TRIPLE.some((b) => a < b && samePrint(boxOf(a), boxOf(b))))) continue;
    if (linesKnown && linesFault({ ...kept, totals: next })) continue;
    found.push({ roles, totals: next });
  }
  if (found.length !== 1) return false;
  const { roles, totals } = found[0]!;
  kept.totals = totals;
  const f = kept.confidence.fields;
  for (const k of TRIPLE) {
    if (roles.includes(k)) {
      const box = other.boxes[`totals.${k}`];
      if (box) kept.boxes[`totals.${k}`] = box;
      else delete kept.boxes[`totals.${k}`];
    }
    // a consistent triple, as one reading's arithmetic would give it
    f[`totals.${k}`] = Math.max(roles.includes(k) ? 0 : (f[`totals.${k}`] ?? 0), 0.95);
  }
  return true;
}

/**
 * A total that OCR lost in both readings, made up from the net and VAT where both are read and checked: the item
 * lines add up to the net and the VAT is one rate of it. Printed nowhere the reader could see, so never sure (0.6,
 * as printed totals that do not add up). Changes `r` in place; true when it did.
 */
export function totalFromNetAndVat(r: TReaderResult): boolean {
  const t = r.totals;
  if (t.invoiceTotal !== undefined || t.net === undefined || !t.vat || t.net <= 0 || t.vat <= 0) return false;
  if (!linesAddUp(r) || !oneRate(t.net, t.vat)) return false;
  t.invoiceTotal = round2(t.net + t.vat);
  r.confidence.fields['totals.invoiceTotal'] = 0.6;
  delete r.boxes['totals.invoiceTotal'];
  return true;
}

/**
 * The buyer of the other reading of the same page where the kept reading found none (neither a bill-to nor a
 * deliver-to party): a block whose lines OCR read in one segmentation and garbled in the other ("80331 München"
 * read as "apg cinch"). Never the kept reading's supplier. Its block, name and evidence as the other reading
 * found them, where both readings name the same supplier. Changes `kept` in place; true when it did.
 */
export function buyerFromOther(kept: TReaderResult, other: TReaderResult): boolean {
  const name = other.invoiceTo.name;
  const supplier = kept.vendor.name;
  if (kept.invoiceTo.name || kept.recipient.name || !name || !supplier) return false;
  // the two readings agree on the supplier (a reading that swapped the roles names the supplier as its buyer),
  // and the name is a name alone, not a sender line with its street and town
  if (sameParty(name, supplier) || !other.vendor.name || !sameParty(other.vendor.name, supplier))
    return false;
  if (/\d{3}/.test(name)) return false;
  kept.invoiceTo = { ...other.invoiceTo };
  const box = other.boxes['invoiceTo.name'];
  if (box) kept.boxes['invoiceTo.name'] = box;
  const conf = other.confidence.fields['invoiceTo.name'];
  if (conf !== undefined) kept.confidence.fields['invoiceTo.name'] = conf;
  return true;
}

/**
 * Two names of one company: the same letters and digits once case, punctuation and spaces are set aside, or
 * (`ocrSameName`) a long name OCR read a few letters off.
 */
const sameParty = (a: string, b: string) =>
  a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') === b.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') ||
  ocrSameName(a, b);

/**
 * Reads scanned pages again with another segmentation mode and keeps the better reading of the document.
 * `extract` turns the new OCR words of each page (positions as page fractions) into a reading, as for the first.
 */
export async function readPagesAgain(
  first: PageReading,
  scans: Map<number, Gray>,
  ocr: Pick<OcrOptions, 'langs' | 'engine' | 'timeoutMs'>,
  extract: (words: Map<number, OcrWord[]>) => PageReading,
): Promise<PageReading> {
  try {
    const words = new Map<number, OcrWord[]>();
    for (const [page, scan] of scans)
      words.set(page, await ocrImage(preparePage(scan), page, { ...ocr, psm: SECOND_PSM }));
    const second = extract(words);
    const kept = pickReading([first, second]);
    const other = (kept === first ? second : first).r;
    agreeRows(kept.r, other);
    rowsFromOther(kept.r, other);
    swapsFromOther(kept.r, other);
    completeTotals(kept.r, other);
    totalFromNetAndVat(kept.r);
    buyerFromOther(kept.r, other);
    return kept;
  } catch {
    // a failed extra pass keeps the first reading
    return first;
  }
}
