import { type Cell, type Line, xOverlap } from './layout.js';
import {
  type DateOrder,
  type DecimalStyle,
  editDistance,
  findDates,
  looksNumeric,
  norm,
  parseNumber,
} from './parse.js';
import type { TBox } from './types.js';

export interface ExtractContext {
  lines: Line[];
  decimal: DecimalStyle | undefined;
  dateOrder: DateOrder;
  isReceipt: boolean;
  /** the document's own dates tell day-first from month-first */
  dateOrderKnown?: boolean;
  /**
   * they do not, but the page's label language does: German, French and Dutch pages write the day first (an
   * English one may be British or American), surer than a guess and less sure than a date that shows it
   */
  dateOrderByLanguage?: boolean;
  /** amounts are printed without decimals (a whole-unit currency): any grouped or plain number is money */
  wholeUnits?: boolean;
  /** the words were OCR'd from a scan: a printed amount may have lost its decimal separator, a digit a stroke */
  ocr?: boolean;
}

export interface Found<T> {
  value: T;
  conf: number;
  box?: TBox;
}

/** The line just above or under another on its page, close enough to be the same band. */
export function closeLine(ctx: ExtractContext, line: Line, dir: 1 | -1): Line | undefined {
  const l = ctx.lines[line.index + dir];
  if (!l || l.page !== line.page || (dir > 0 ? l.y0 - line.y1 : line.y0 - l.y1) >= 0.03) return;
  return l;
}

/** Where a value sits, so that learned layouts and the review screen can find it again. */
export function boxOf(c: { page: number; x0: number; x1: number; y0: number; y1: number }): TBox {
  const r = (n: number) => Math.round(n * 10000) / 10000;
  return { page: c.page, x: r(c.x0), y: r(c.y0), w: r(c.x1 - c.x0), h: r(c.y1 - c.y0) };
}

/** Candidate values for a label found in a line: rest of the cell after the label, next cells, cell below. */
export function valuesNear(
  ctx: ExtractContext,
  line: Line,
  cellIdx: number,
  labelEnd: number,
): { text: string; cell: Cell; where: 'same' | 'right' | 'below' }[] {
  const out: { text: string; cell: Cell; where: 'same' | 'right' | 'below' }[] = [];
  const cell = line.cells[cellIdx]!;
  const rest = cell.text
    .slice(labelEnd)
    .replace(/^[\s:.#°\-–]+/, '')
    .trim();
  if (rest) out.push({ text: rest, cell, where: 'same' });
  for (let i = cellIdx + 1; i < Math.min(line.cells.length, cellIdx + 3); i++) {
    const c = line.cells[i]!;
    out.push({ text: c.text.replace(/^[\s:]+/, ''), cell: c, where: 'right' });
  }
  // a value printed larger or beside a logo may be read as a line of its own just above or below the label; on
  // a scan also where the label's line goes on right of it (a block beside the header), the value standing in
  // the gap between the label and that block
  const next = line.cells[cellIdx + 1];
  if (cellIdx === line.cells.length - 1 || (ctx.ocr && next))
    for (const j of [line.index - 1, line.index + 1]) {
      const l = ctx.lines[j];
      if (!l || l.page !== line.page) continue;
      const overlap = Math.min(l.y1, cell.y1) - Math.max(l.y0, cell.y0);
      const c = l.cells.find((c) => c.x0 > cell.x1 && c.x0 - cell.x1 < 0.4 && (!next || c.x1 < next.x0));
      // on a scan, the same foot (baseline) is the same line where an accent or capital made one box taller
      const h = cell.y1 - cell.y0;
      const sameFoot = !!c && !!ctx.ocr && Math.abs(c.y1 - cell.y1) < Math.min(h, c.y1 - c.y0) * 0.3;
      if (c && (overlap > h * 0.5 || sameFoot))
        out.push({ text: c.text.replace(/^[\s:]+/, ''), cell: c, where: 'right' });
    }
  // the cell below, overlapping the label horizontally
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 3); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || l.y0 - line.y1 > (line.y1 - line.y0) * 2.5) break;
    const c = l.cells.find((c) => xOverlap(c, cell) > 0.3 || Math.abs(c.x0 - cell.x0) < 0.02);
    if (c) {
      out.push({ text: c.text, cell: c, where: 'below' });
      break;
    }
  }
  return out;
}

/** The cell holding a character of the line's text (a line's text is its cells' texts joined by spaces). */
export function cellAt(line: Line, index: number): Cell {
  let end = 0;
  for (const c of line.cells) {
    end += c.text.length + 1;
    if (index < end) return c;
  }
  return line.cells[line.cells.length - 1]!;
}

const CURRENCY_CODE = /^(?:EUR|USD|GBP|CHF|JPY|KRW|ISK|SEK|NOK|DKK|PLN|CZK)$/;
const ID_RE = /^[A-Z0-9][A-Z0-9\-_/.]*[A-Z0-9]$|^[A-Z0-9]$/i;
export function cleanId(text: string): string | undefined {
  const t = text.replace(/^[\s:#°.]+/, '').trim();
  // first token (ids rarely contain spaces); allow "PO 1234" style only when second token is numeric
  const toks = t.split(/\s+/);
  let id = toks[0] ?? '';
  if (/^(?:nr|no|n°|number)\.?:?$/i.test(id)) id = toks[1] ?? '';
  // a short letter prefix set off by a space ("RG 2024-00123", "KD 95654"): the prefix is part of the id
  else if (
    /^[A-Z]{1,3}$/.test(id) &&
    !CURRENCY_CODE.test(id) &&
    /^\d[\d\-/.]{2,}/.test(toks[1] ?? '') &&
    !findDates(toks[1]!).length
  )
    id = `${id} ${toks[1]!.replace(/[,;:]+$/, '')}`;
  id = id.replace(/[,;:]+$/, '');
  if (!id || !ID_RE.test(id.replace(' ', '')) || !/\d/.test(id) || id.length > 40) return undefined;
  if (findDates(id).length && /^[\d./-]+$/.test(id) && findDates(id)[0]!.length === id.length)
    return undefined;
  return id;
}

export function labelMatch(
  text: string,
  patterns: [RegExp, number][],
): { end: number; rank: number; index: number } | undefined {
  const n = norm(text);
  for (const [re, rank] of patterns) {
    const m = re.exec(n);
    if (m) return { end: m.index + m[0].length, rank, index: m.index };
  }
  return undefined;
}

/**
 * The literal words of patterns (their runs of `min` letters or more), kept per pattern list or pattern: label
 * lists are asked with 4, party headings with 3, so each key is always asked with the same length.
 */
const literalWordsOf = new WeakMap<object, string[]>();
function literalWords(patterns: RegExp[] | [RegExp, number][], key: object, min: number): string[] {
  let words = literalWordsOf.get(key);
  if (!words) {
    const run = new RegExp(`[a-z]{${min},}`, 'g');
    const sources = patterns.map((p) => (p instanceof RegExp ? p : p[0]).source);
    words = [...new Set(sources.flatMap((s) => s.replace(/\\./g, ' ').match(run) ?? []))];
    literalWordsOf.set(key, words);
  }
  return words;
}

/** The one label word `w` is a letter off (a letter read for another, so that positions stay), if one. */
function oneLetterOff(w: string, words: string[]): string | undefined {
  const near = words.filter((v) => v.length === w.length && editDistance(v, w) === 1);
  return near.length === 1 ? near[0] : undefined;
}

/**
 * A label word of six or more letters that OCR read a letter off ("Invoicc", "Factuurhummer", "PO aumber"), one
 * of seven or more that OCR put a letter into ("FPactuurnummer"), or a compound of a label word and one a letter off ("Rechnungsdatun"), as the label word: shorter words are
 * left alone, a letter off them is too often another word.
 */
function nearLabelWord(w: string, words: string[]): string | undefined {
  if (w.length < 6 || words.includes(w)) return undefined;
  const whole = oneLetterOff(w, words);
  if (whole) return whole;
  // a letter OCR put into a long label word ("FPactuurnummer"): the word, and a space where the letter was taken
  // out at its end, so that the text keeps its length
  if (w.length >= 8) {
    const cut = words.filter(
      (v) =>
        v.length === w.length - 1 &&
        v.length >= 7 &&
        [...w].some((_, i) => w.slice(0, i) + w.slice(i + 1) === v),
    );
    if (cut.length === 1) return `${cut[0]} `;
  }
  for (const head of words) {
    if (!w.startsWith(head) || w.length - head.length < 4) continue;
    const tail = oneLetterOff(w.slice(head.length), words);
    if (tail) return head + tail;
  }
  return undefined;
}

/**
 * A scan's party heading ("Gefactureerd aan", "Factuuradres", "Lieferant") whose words OCR read a letter off,
 * matched by `re` once they are read back: a word of six letters or more a letter off one of the pattern's
 * words ("Factuursdres"), and a shorter one ("asn") only right after a word of the pattern read as printed
 * ("Gefactureerd asn"), since a letter off a short word is too often another word. The text read back keeps
 * the normalised text's length, so the match's positions hold for it; undefined when nothing was read back.
 */
export function ocrHeadingMatch(text: string, re: RegExp): RegExpExecArray | undefined {
  const n = norm(text);
  const words = literalWords([re], re, 3);
  let prev = '';
  const read = n.replace(/[a-z]+/g, (w) => {
    const back = words.includes(w)
      ? w
      : (nearLabelWord(w, words) ??
        (w.length >= 3 && words.includes(prev) ? oneLetterOff(w, words) : undefined) ??
        w);
    prev = back;
    return back;
  });
  return read === n ? undefined : (re.exec(read) ?? undefined);
}

/**
 * The number sign "n°" whose ring OCR read as an asterisk or a question mark ("Facture n*", "N? de facture"):
 * an "n" alone before either, which no label prints otherwise.
 */
const NUMBER_SIGN_READ = /\bn[*?](?=[\s:.]|$)/g;

/**
 * A label word whose capital I OCR read as a small l ("lhre Bestellung", "lnvoice"), the commonest slip of a
 * sans-serif capital: taken back only where the word with an i is a label word, so short words count too.
 */
function capitalIRead(w: string, words: string[]): string | undefined {
  if (!w.startsWith('l') || words.includes(w)) return undefined;
  const back = `i${w.slice(1)}`;
  return words.includes(back) ? back : undefined;
}

/**
 * `labelMatch` on a scan's label whose words OCR read a letter off, once those words are read back as the
 * patterns' words, and a number sign read as an asterisk as "n°" (same length, so the match's positions hold
 * for the text as read).
 */
export function ocrLabelMatch(
  text: string,
  patterns: [RegExp, number][],
): { end: number; rank: number; index: number } | undefined {
  const n = norm(text);
  const words = literalWords(patterns, patterns, 4);
  const read = n
    .replace(/[a-z]+/g, (w) => capitalIRead(w, words) ?? nearLabelWord(w, words) ?? w)
    .replace(NUMBER_SIGN_READ, 'n°');
  return read === n ? undefined : labelMatch(read, patterns);
}

/** Maps an index in the normalised text back to the raw text (normalisation may drop combining marks). */
export function rawIndex(raw: string, normEnd: number): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    if (norm(raw.slice(0, i + 1)).length >= normEnd) return i + 1;
    n = i;
  }
  return n + 1;
}

/** The amounts of a line (cells that are numbers), left to right. */
export function lineNumbers(
  line: Line,
  decimal: DecimalStyle | undefined,
): { value: number; cell: Cell; pct: boolean }[] {
  const out: { value: number; cell: Cell; pct: boolean }[] = [];
  for (const c of line.cells) {
    // a cell may hold "3 PCE" or "EUR 12,00": try the whole cell, then its tokens
    const parts = looksNumeric(c.text) ? [c.text] : c.text.split(/\s+/);
    for (const p of parts) {
      if (!looksNumeric(p)) continue;
      const v = parseNumber(p, decimal);
      if (v === undefined) continue;
      out.push({ value: v, cell: c, pct: p.includes('%') });
    }
  }
  return out;
}

export function isMoneyText(s: string, wholeUnits = false): boolean {
  return (
    /\d[.,]\d{2}(?!\d)/.test(s) || (wholeUnits && /^\D{0,4}\d{1,3}(?:[.,' ]\d{3})*\D{0,4}$/.test(s.trim()))
  );
}

/** A printed amount for totals: a number that is not a percentage, a date or a long identifier. */
export function isAmountText(s: string): boolean {
  if (/%/.test(s) || findDates(s).length) return false;
  const digits = s.replace(/\D/g, '');
  return (
    digits.length > 0 &&
    digits.length <= 11 &&
    (/\d[.,]\d{1,2}(?!\d)/.test(s) ||
      /^[-(]?\s*(?:[€$£¥₩]|eur|jpy|krw|kr|isk)?\s*-?\d{1,3}(?:[.,' ]\d{3})*\s*(?:[€$£¥₩]|eur|jpy|krw|kr|isk)?\)?$/i.test(
        s.trim(),
      ) ||
      /^[-(]?\s*(?:[€$£]|eur)?\s*\d{1,7}\s*(?:[€$£]|eur)?\)?$/i.test(s.trim()))
  );
}
