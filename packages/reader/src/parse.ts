/** Number and date parsing for the formats suppliers print (1.234,56 / 1,234.56 / 1 234,56; many date styles). */

export type DecimalStyle = 'comma' | 'dot';

const CURRENCY = String.raw`(?:[€$£¥₩]|EUR|USD|GBP|CHF|RM|JPY|KRW|ISK|HUF|SEK|NOK|DKK|kr)`;
const MONEY_RE = new RegExp(
  String.raw`^[(-]?\s*${CURRENCY}?\s*-?\s*\d{1,3}(?:[ .,'  ]\d{3})*(?:[.,]\d{1,4})?\s*-?\)?\s*(?:%|${CURRENCY})?$|^[(-]?\s*${CURRENCY}?\s*-?\d+(?:[.,]\d{1,4})?\s*-?\)?\s*(?:%|${CURRENCY})?$`,
  'i',
);
/** The currency signs and codes a printed amount may carry. */
export const CURRENCY_SIGN = new RegExp(CURRENCY, 'gi');

/** True when the token looks like a number or an amount (optionally with a currency sign). */
export function looksNumeric(s: string): boolean {
  return MONEY_RE.test(s.trim());
}

/**
 * Parses a printed number. `style` tells which separator is the decimal one when the text alone is ambiguous
 * (e.g. "1.234" or "1,234"); when both separators appear the last one is the decimal separator.
 */
export function parseNumber(raw: string, style?: DecimalStyle): number | undefined {
  let s = raw.trim();
  if (!s) return undefined;
  let neg = false;
  if (/^\(.*\)$/.test(s)) {
    neg = true;
    s = s.slice(1, -1);
  }
  s = s.replace(CURRENCY_SIGN, '').trim();
  if (s.endsWith('-')) {
    neg = true;
    s = s.slice(0, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('−') || s.startsWith('–')) {
    neg = !neg;
    s = s.slice(1).trim();
  }
  if (s.startsWith('+')) s = s.slice(1).trim();
  s = s.replace(/%$/, '').trim();
  if (!/^\d[\d .,'\u00a0\u202f]*$/.test(s)) return undefined;
  s = s.replace(/[\s'\u00a0\u202f]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let dec: '.' | ',' | undefined;
  if (lastDot >= 0 && lastComma >= 0) dec = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = s.split(sep).length - 1;
    const after = s.length - s.lastIndexOf(sep) - 1;
    if (count > 1) dec = undefined;
    else if (after !== 3) dec = sep;
    else if (style) dec = style === 'comma' ? ',' : '.';
    else dec = sep === '.' ? '.' : undefined; // "1,234" without evidence: thousands
    if (count > 1 && after !== 3) return undefined;
  }
  let out: string;
  if (dec === undefined) out = s.replace(/[.,]/g, '');
  else {
    const thou = dec === '.' ? ',' : '.';
    const parts = s.split(dec);
    if (parts.length > 2) return undefined;
    const intPart = (parts[0] ?? '').split(thou).join('');
    out = `${intPart}.${parts[1] ?? ''}`;
  }
  const n = Number(out);
  if (!Number.isFinite(n)) return undefined;
  return neg ? -n : n;
}

/** Dates such as 12.03.2024 or 03/12/24, which look like decimals to a number pattern. */
const DATE_LIKE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b/g;

/**
 * Guesses the decimal style of a document from its unambiguous numbers: two decimals after a separator, else
 * (amounts in whole units of a currency such as yen) the thousands separator of grouped numbers.
 */
export function guessDecimalStyle(texts: string[]): DecimalStyle | undefined {
  let comma = 0;
  let dot = 0;
  for (const t of texts) {
    for (const m of t.replace(DATE_LIKE, ' ').matchAll(/\d[.,]\d{2}(?!\d)/g)) {
      if (m[0].includes(',')) comma++;
      else dot++;
    }
  }
  if (comma === 0 && dot === 0) {
    const grouped = texts.flatMap((t) => [
      ...t.replace(DATE_LIKE, ' ').matchAll(/\b\d{1,3}([.,])\d{3}\b(?![.,]\d)/g),
    ]);
    if (grouped.length >= 2)
      return grouped.filter((m) => m[1] === '.').length > grouped.length / 2 ? 'comma' : 'dot';
    return undefined;
  }
  return comma > dot ? 'comma' : 'dot';
}

/**
 * Whether the document prints its amounts in whole units (yen, won, krónur): no amount with decimals, and
 * numbers grouped in thousands or a whole-unit currency. On a scan (`ocr`), one number that looks like a decimal
 * amount among eight or more grouped in thousands is an OCR slip (a group read short, "32,209.55" for
 * "32,209,355"): a page in cents prints its cents on each of its amounts. A text layer has no such slips, and its
 * one amount with cents among grouped quantities ("1,000 pcs") is the page's cents.
 */
export function wholeUnits(texts: string[], ocr = false): boolean {
  const all = texts.join('\n').replace(DATE_LIKE, ' ');
  const grouped = all.match(/\b\d{1,3}[.,' ]\d{3}\b/g)?.length ?? 0;
  const decimals = all.match(/\d[.,]\d{2}(?!\d)/g)?.length ?? 0;
  if (decimals > 1 || (decimals === 1 && (!ocr || grouped < 8))) return false;
  return grouped >= 2 || /[¥₩]|\b(?:JPY|KRW|ISK|HUF)\b/.test(all);
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

const MONTHS: Record<string, number> = {};
const monthNames: [number, string[]][] = [
  [1, ['jan', 'january', 'januar', 'janvier', 'januari', 'jänner', 'janv']],
  [2, ['feb', 'february', 'februar', 'février', 'fevrier', 'februari', 'févr', 'fevr']],
  [3, ['mar', 'march', 'märz', 'maerz', 'marz', 'mars', 'maart', 'mrt']],
  [4, ['apr', 'april', 'avril', 'avr']],
  [5, ['may', 'mai', 'mei']],
  [6, ['jun', 'june', 'juni', 'juin']],
  [7, ['jul', 'july', 'juli', 'juillet', 'juil']],
  [8, ['aug', 'august', 'août', 'aout', 'augustus']],
  [9, ['sep', 'sept', 'september', 'septembre']],
  [10, ['oct', 'october', 'oktober', 'octobre', 'okt']],
  [11, ['nov', 'november', 'novembre']],
  [12, ['dec', 'december', 'dezember', 'décembre', 'decembre', 'dez', 'déc']],
];
for (const [n, names] of monthNames) for (const name of names) MONTHS[name] = n;
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

export type DateOrder = 'dmy' | 'mdy';

export interface FoundDate {
  iso: string;
  index: number;
  length: number;
  /** true when day and month could be swapped (both ≤ 12, numeric form) */
  ambiguous: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
const fullYear = (y: number) => (y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y);

/** Finds every date in a text. `order` decides numeric dates where day and month could be swapped. */
export function findDates(text: string, order: DateOrder = 'dmy'): FoundDate[] {
  const out: FoundDate[] = [];
  const push = (y: number, m: number, d: number, index: number, length: number, ambiguous: boolean) => {
    if (valid(y, m, d)) out.push({ iso: `${y}-${pad(m)}-${pad(d)}`, index, length, ambiguous });
  };
  const taken = (i: number) => out.some((f) => i >= f.index && i < f.index + f.length);
  // ISO and yyyy/mm/dd
  for (const m of text.matchAll(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g))
    push(+m[1]!, +m[2]!, +m[3]!, m.index, m[0].length, false);
  // 20220131 compact (only with plausible year)
  for (const m of text.matchAll(/(?<!\d)(20\d{2})(\d{2})(\d{2})(?!\d)/g))
    if (!taken(m.index)) push(+m[1]!, +m[2]!, +m[3]!, m.index, m[0].length, false);
  // numeric d/m/y or m/d/y
  for (const m of text.matchAll(
    /(?<![\d.,])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?![\d,]|\.\d)/g,
  )) {
    if (taken(m.index)) continue;
    const a = +m[1]!;
    const b = +m[3]!;
    const y = fullYear(+m[4]!);
    const ambiguous = a <= 12 && b <= 12 && a !== b;
    if (a > 12) push(y, b, a, m.index, m[0].length, false);
    else if (b > 12) push(y, a, b, m.index, m[0].length, false);
    else if (order === 'dmy') push(y, b, a, m.index, m[0].length, ambiguous);
    else push(y, a, b, m.index, m[0].length, ambiguous);
  }
  // 7. Mai 2014, 31 janvier 2022, 31-Jan-2022, 1st March 2020
  const re1 = new RegExp(
    `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er)?\\.?[\\s-]*(${MONTH_ALT})\\.?[\\s,-]*(\\d{4}|\\d{2})(?!\\d)`,
    'giu',
  );
  for (const m of text.matchAll(re1)) {
    if (taken(m.index)) continue;
    const mo = MONTHS[m[2]!.toLowerCase()];
    if (mo) push(fullYear(+m[3]!), mo, +m[1]!, m.index, m[0].length, false);
  }
  // March 1, 2020 / Jan 31 2022
  const re2 = new RegExp(
    `(?<![\\p{L}])(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`,
    'giu',
  );
  for (const m of text.matchAll(re2)) {
    if (taken(m.index)) continue;
    const mo = MONTHS[m[1]!.toLowerCase()];
    if (mo) push(+m[3]!, mo, +m[2]!, m.index, m[0].length, false);
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Edit distance of two short words (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The month a word OCR misread names ("Miirz", "Marz", "Dezernber"): one slip from one month's name only. */
function ocrMonth(word: string): string | undefined {
  const w = norm(word).replace(/ii/g, 'a').replace(/rn/g, 'm');
  if (MONTHS[w]) return w;
  const near = Object.keys(MONTHS).filter((m) => m.length >= 4 && editDistance(w, m) <= 1);
  const months = new Set(near.map((m) => MONTHS[m]));
  return months.size === 1 ? near[0] : undefined;
}

/**
 * A date of a scan as printed before OCR slipped, for reading a date label's value: a month's name one letter
 * off ("16. Miirz 2022"), a separator lost ("0520/2021" for 05/20/2021), read as a digit ("05/1022021") or as a
 * tilde ("2018-05~12"), or all of them lost ("16102018").
 * Only for text known to hold a date: an invoice number "0412/2023" is not one.
 */
export function ocrDateText(text: string): string {
  return (
    text
      // a separator read as a tilde ("2018-05~12"): the date's other separator
      .replace(/(?<!\d)(\d{1,4})([./-])(\d{1,2})~(\d{1,4})(?!\d)/g, '$1$2$3$2$4')
      .replace(/(?<!\d)(\d{1,4})~(\d{1,2})([./-])(\d{1,4})(?!\d)/g, '$1$3$2$3$4')
      .replace(
        /(?<!\d)(\d{1,2}\.?\s*)(\p{L}{4,10})(\.?,?\s*(?:19|20)\d{2})(?!\d)/gu,
        (all, d: string, w: string, y: string) => {
          if (MONTHS[norm(w)]) return all;
          const m = ocrMonth(w);
          return m ? `${d}${m}${y}` : all;
        },
      )
      .replace(/(?<![\d./-])(\d{2})(\d{2})([./-])((?:19|20)\d{2})(?!\d)/g, '$1$3$2$3$4')
      .replace(/(?<![\d./-])(\d{2})([./-])(\d{2})\d((?:19|20)\d{2})(?!\d)/g, '$1$2$3$2$4')
      // every separator lost: eight digits, day and month (in the page's order) before the year ("16102018"; a
      // year first, "20181016", reads as a date already)
      .replace(
        /(?<![\d./-])(\d{2})(\d{2})((?:19|20)\d{2})(?![\d./-])/g,
        (all, a: string, b: string, y: string) =>
          +a >= 1 && +a <= 31 && +b >= 1 && +b <= 31 && Math.min(+a, +b) <= 12 ? `${a}/${b}/${y}` : all,
      )
  );
}

/** Decides day-first or month-first from the dates of the whole document. */
export function guessDateOrder(texts: string[], hint?: DateOrder): DateOrder {
  const { dmy, mdy } = dateOrderVotes(texts);
  if (dmy > mdy) return 'dmy';
  if (mdy > dmy) return 'mdy';
  return hint ?? 'dmy';
}

/** Whether the document's own dates tell day-first from month-first (a date with a part above 12). */
export function dateOrderKnown(texts: string[]): boolean {
  const { dmy, mdy } = dateOrderVotes(texts);
  return dmy !== mdy;
}

/** Numeric dates that can only be day-first, and those that can only be month-first. */
function dateOrderVotes(texts: string[]): { dmy: number; mdy: number } {
  let dmy = 0;
  let mdy = 0;
  // only what can be a date: not a part of a phone number "02.40.32.40.12" or a code "10-34-97"
  for (const t of texts)
    for (const m of t.matchAll(/(?<![\d./-])(\d{1,2})[./-](\d{1,2})[./-](\d{2,4})(?![\d]|[./-]\d)/g)) {
      const a = +m[1]!;
      const b = +m[2]!;
      if (a > 12 && a <= 31 && b >= 1 && b <= 12) dmy++;
      else if (b > 12 && b <= 31 && a >= 1 && a <= 12) mdy++;
    }
  return { dmy, mdy };
}

/** Normalises text for label matching: lower case, no accents, single spaces. */
export function norm(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters and digits only, lower case, no accents: differences in spacing and punctuation do not count. */
export function compact(s: string): string {
  return norm(s).replace(/[^a-z0-9]/g, '');
}
