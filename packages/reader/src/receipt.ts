import { boxOf, type ExtractContext } from './context.js';
import { LEGAL_FORM } from './labels.js';
import type { Cell, Line } from './layout.js';
import { compact, type DecimalStyle, findDates, norm, round2 } from './parse.js';
import { isNoiseName, type Parties } from './parties.js';
import type { TBox, TParty, TReaderResult } from './types.js';

// OCR-tolerant: "T0TAL", "TOTA1", "Tatal"; the words for the sum to pay in EN/MS/DE/FR/NL
const RECEIPT_TOTAL =
  /\b(?:t[o0a]t[a4][l1i|!]\w*|jumlah|amount|amt|nett|grand|payable|due|balance|tunai|summe|zu\s*zahlen|gesamt\w*|\w*betrag|brutto|totaal|te\s+betalen|[aà]\s+payer|montant)\b|\btotal/;
const RECEIPT_NOT_TOTAL =
  /\b(?:qty|quantity|savings?|discount|items?|pcs|excl\w*|exclusive|before|tendered|change|cash|paid|points?|sub\s*-?\s*t[o0]tal|netto|rabatt|anzahl|artikel|zwischensumme)\b/;
/** A card payment is exactly the total (no change is given on a card). */
const CARD =
  /\b(?:visa|master\s*card|mastercard|card|debit|credit|amex|maestro|ec|girocard|karte|kartenzahlung|lastschrift|elec\W*cash|pin|cb|carte|bancontact)\b/;
const CASH = /\b(?:cash|tunai|tendered|paid|payment|bar|gegeben|esp[eè]ces?|contant|regle)\b/;
const CHANGE =
  /\b(?:change|baki|kembali|r[uü]ckgeld|ri+ckge\s*ld|wechselgeld|zur[uü]ck|rendu|monnaie|wisselgeld|terug)\b/;
const SUBTOTAL = /\b(?:sub\s*-?\s*t[o0]tal|excl\w*|exclusive|before|total\s+sales|zwischensumme|netto)\b/;
const TAX = /\b(?:gst|tax|vat|sst|mwst|ust|btw|tva)\b/;
const ROUNDING = /\bround/;

/** OCR letters that stand for digits inside a number ("1O.5O", "S.00", "l2.00"). */
const DIGIT_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  S: '5',
  s: '5',
  l: '1',
  I: '1',
  '|': '1',
  '!': '1',
  B: '8',
};

/**
 * The money amounts printed on a receipt line, left to right, with OCR slips repaired: letters for digits,
 * a space or colon read for the decimal point ("65. 20", "3:08"). Amounts without decimals at the end of
 * the line ("6 00", "6142") are kept as `loose`: two decimals are standard on receipts, so the point was
 * probably lost, but they count less.
 */
export function receiptAmounts(text: string, decimal?: DecimalStyle): { value: number; loose: boolean }[] {
  const point = decimal === 'comma' ? ',' : '.';
  const t = text
    .replace(/\b\d{1,2}[:.]\d{2}(?::\d{2}\s*(?:[ap]\.?m\b)?|\s*[ap]\.?m\b)/gi, ' ') // times: with seconds or am/pm
    .replace(/\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}/g, ' ') // dates
    .replace(
      /(?<=[\d.,:])[OoDQSslI|!B]|[OoDQSslI|!B](?=[\d]*[.,:]\s?\d)|(?<=\d)[OoDQSslI|!B](?=\d)/g,
      (c) => DIGIT_FOR[c] ?? c,
    );
  const thousands = point === '.' ? ',' : '.';
  const out: { value: number; loose: boolean; at: number }[] = [];
  // two digits after either separator are cents whatever the document's style: OCR confuses "," and "."
  const exact = new RegExp(
    `(?<![\\d${thousands}])(\\d{1,3}(?:\\${thousands}\\d{3})+|\\d+)\\s?[.,:]\\s?(\\d{2})(?![\\d%])`,
    'g',
  );
  for (const m of t.matchAll(exact))
    out.push({ value: Number(`${m[1]!.replace(/\D/g, '')}.${m[2]}`), loose: false, at: m.index! });
  if (!out.length) {
    const end = /(?<![\d.,])(\d{1,4})(?:\s(\d{2})|(\d{2}))\s*[^\w]*$/.exec(t);
    if (end && (end[2] || end[1]!.length + (end[3]?.length ?? 0) >= 3))
      out.push({ value: Number(`${end[1]}.${end[2] ?? end[3]}`), loose: true, at: end.index });
  }
  return out.sort((a, b) => a.at - b.at).map(({ value, loose }) => ({ value, loose }));
}

/** The last amount of a line, else of the line below it (labels and values may sit on two lines). */
function amountAt(ctx: ExtractContext, l: Line, below = true): { value: number; loose: boolean } | undefined {
  const ms = receiptAmounts(l.text, ctx.decimal).filter((m) => m.value > 0);
  if (ms.length) return ms[ms.length - 1];
  const next = ctx.lines[l.index + 1];
  // only a line of amounts: "CASH 50.00" under a bare "TOTAL" is not its value
  if (
    !below ||
    !next ||
    next.page !== l.page ||
    /[a-z]{3}/i.test(next.text.replace(/\b(?:rm|myr|usd|eur)\b/gi, ''))
  )
    return undefined;
  return receiptAmounts(next.text, ctx.decimal).filter((m) => m.value > 0)[0];
}

/** Totals implied by the receipt's arithmetic: cash − change, subtotal + tax (+ rounding). */
export function impliedTotals(ctx: ExtractContext): number[] {
  const amounts = (re: RegExp, not?: RegExp) =>
    ctx.lines
      .filter((l) => re.test(norm(l.text)) && !not?.test(norm(l.text)))
      .map((l) => amountAt(ctx, l, false)?.value)
      .filter((v): v is number => v !== undefined);
  const out: number[] = [];
  // "Cash 71.00" / "Cash received 101.00" / "Change 30.00": any of the payments less the change
  const cash = amounts(CASH, CHANGE);
  const change = amounts(CHANGE)[0];
  if (change !== undefined) out.push(...cash.map((c) => round2(c - change)).filter((v) => v > 0));
  else out.push(...amounts(CARD, CHANGE));
  const sub = amounts(SUBTOTAL, /\bincl/)[0];
  // "Total Sales (Excluding GST)" is the subtotal, not the tax
  const tax = amounts(TAX, new RegExp(`\\b(?:incl\\w*|summary|reg|id|no)\\b|${SUBTOTAL.source}`))[0];
  const rounding = amounts(ROUNDING)[0] ?? 0;
  if (sub !== undefined && tax !== undefined && tax < sub) {
    out.push(round2(sub + tax));
    if (rounding && rounding < 0.05) out.push(round2(sub + tax + rounding), round2(sub + tax - rounding));
  }
  return out;
}

/** Receipt total candidates with a score: label strength, OCR certainty, cash − change, repetition. */
export function receiptTotals(ctx: ExtractContext): { value: number; score: number; cell: Cell }[] {
  const implied = impliedTotals(ctx);
  const all = ctx.lines.flatMap((l) => receiptAmounts(l.text, ctx.decimal).map((m) => m.value));
  const cands: { value: number; score: number; cell: Cell }[] = [];
  for (const l of ctx.lines) {
    const n = norm(l.text);
    if (!RECEIPT_TOTAL.test(n)) continue;
    // "GST 6% included in total 3.01" is the tax; "Total incl. GST 55.20", "Total (in) of GST" the total
    const tax =
      (TAX.test(n) && !/\bincl|\bof\s+(?:gst|tax|vat|sst)\b/.test(n)) ||
      new RegExp(`^\\W*${TAX.source}`).test(n);
    // a column header ("Description Qty Price Total") takes no amount
    if (
      (n.match(/\b(?:qty|qte|price|prix|pu|u\.?p|description|designation|item|amount|unit)\b/g) ?? [])
        .length >= 2
    )
      continue;
    if (tax || (RECEIPT_NOT_TOTAL.test(n) && !ROUNDING.test(n))) continue;
    const m = amountAt(ctx, l);
    if (!m) continue;
    let score = m.loose ? 0.6 : 1;
    if (/\bround|\bincl|\bnett|\bgrand|\bpayable|\bdue\b/.test(n)) score += 1;
    // each independent check that adds up to the value (cash − change, subtotal + tax) supports it
    const checks = implied.filter((v) => Math.abs(v - m.value) < 0.011).length;
    if (checks) score += 1 + checks;
    if (all.filter((v) => Math.abs(v - m.value) < 0.001).length >= 2) score += 0.5;
    cands.push({ value: m.value, score, cell: l.cells[l.cells.length - 1]! });
  }
  // a value the arithmetic gives and the receipt prints elsewhere ("1 item incl. GST 71.00") stands for a
  // total line whose amount OCR misread
  for (const v of new Set(implied))
    if (
      !cands.some((c) => Math.abs(c.value - v) < 0.011) &&
      all.some((a) => Math.abs(a - v) < 0.011) &&
      ctx.lines.length
    )
      cands.push({ value: v, score: 1.5, cell: ctx.lines[0]!.cells[0]! });
  // a total OCR misread in one digit ("64.50" for 54.50) when the arithmetic gives the value with that one
  // digit different; not a value printed twice or next to another reading of it (then the arithmetic's own
  // figures may be the misread ones)
  for (const c of [...cands]) {
    if (implied.some((v) => Math.abs(v - c.value) < 0.011)) continue;
    if (all.filter((a) => Math.abs(a - c.value) < 0.001).length >= 2) continue;
    if (cands.some((d) => d !== c && Math.abs(d.value - c.value) < 0.05)) continue;
    const v = implied.find((x) => oneDigitApart(x, c.value));
    if (v !== undefined && !cands.some((d) => Math.abs(d.value - v) < 0.011))
      cands.push({ value: v, score: c.score + 0.5, cell: c.cell });
  }
  if (!cands.length && implied.length && ctx.lines.length)
    cands.push({ value: implied[0]!, score: 0.8, cell: ctx.lines[0]!.cells[0]! });
  roundedTotals(ctx, cands);
  const max = Math.max(0, ...cands.map((c) => c.value));
  for (const c of cands) if (c.value === max) c.score += 0.3;
  return cands.sort((a, b) => b.score - a.score);
}

/** Two amounts printed with the same number of digits that differ in exactly one of them. */
export function oneDigitApart(a: number, b: number): boolean {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  return x.length === y.length && [...x].filter((ch, i) => ch !== y[i]).length === 1;
}

/** A multiple of 5 cents: what cash rounding (MY, NL, CH…) makes of a total. */
const roundedTo5 = (v: number) => Math.abs(v * 20 - Math.round(v * 20)) < 0.001;

/**
 * Cash rounding: on a receipt that prints a rounding line, the amount paid is the total rounded to 5 cents.
 * The rounded value (printed as a candidate, or the unrounded total ± the rounding amount read) takes the
 * unrounded one's support and a little more.
 */
function roundedTotals(ctx: ExtractContext, cands: { value: number; score: number; cell: Cell }[]): void {
  const lines = ctx.lines.filter((l) => ROUNDING.test(norm(l.text)));
  if (!lines.length) return;
  const r = lines
    .flatMap((l) => receiptAmounts(l.text, ctx.decimal))
    .map((m) => m.value)
    .find((v) => v > 0 && v < 0.05);
  for (const c of [...cands]) {
    if (roundedTo5(c.value)) continue;
    const printed = cands.find((d) => roundedTo5(d.value) && Math.abs(d.value - c.value) < 0.05);
    const v = printed?.value ?? (r ? [c.value - r, c.value + r].map(round2).find(roundedTo5) : undefined);
    if (v === undefined || v <= 0) continue;
    const score = Math.max(c.score, printed?.score ?? 0) + 0.5;
    if (printed) printed.score = score;
    else cands.push({ value: v, score, cell: c.cell });
  }
}

/** Legal-form words OCR often misreads ("SON BHD" for "SDN BHD"); registration numbers after the name go. */
export function fixOcrName(t: string): string {
  return (
    t
      .split(/\s+/)
      .map(fixNameWord)
      .join(' ')
      .replace(/\b[S5][O0DQ][NM]\.?\s*[B8E]H[D0O]\b/gi, (m) =>
        m === m.toUpperCase() ? 'SDN BHD' : 'Sdn Bhd',
      )
      // "{SP}", "[M]": a bracketed short word read with the wrong brackets
      .replace(/[{[](\w{1,4})[}\]]/g, '($1)')
      .replace(/\s*\(?\b\d{3,}[-\s]*[A-Z]\)?\s*$/i, '')
      .replace(/\s*\(\w?$/, '') // a bracket cut off at the end of the line
      // a speck at the paper's edge after the name: punctuation, or one character after its legal form
      .replace(/\s+[^\p{L}\p{N}\s()&]+$/u, '')
      .replace(/(\b(?:bhd|s\/b|gmbh|ltd|limited|inc|llc|plc)\.?)\s+[^\s(]$/i, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const LETTER_FOR: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '¥': 'Y',
  '|': 'I',
  '!': 'I',
};
/** A word of letters with one OCR slip for a letter ("D.1.¥.", "JIAWE!") is spelled with letters. */
function fixNameWord(w: string): string {
  const t = w.replace(/[¥|!]/g, (c) => LETTER_FOR[c]!);
  const letters = t.replace(/[^A-Za-z]/g, '').length;
  const digits = t.replace(/\D/g, '').length;
  if (digits !== 1 || letters < 2) return /[A-Za-z]/.test(t) && !/\d/.test(t) ? t : w;
  return t.replace(/[0158]/, (c) => (/[a-z]/.test(t) ? LETTER_FOR[c]!.toLowerCase() : LETTER_FOR[c]!));
}

/** A logo, a stamp or a handwritten note reads as a few letters with low OCR confidence. */
const legible = (l: Line) => l.words.reduce((a, w) => a + (w.conf ?? 1), 0) / l.words.length >= 0.6;
const letters = (t: string) => t.replace(/[^A-Za-z]/g, '').length;
/** Registration and tax numbers: "(Co. No. 113825-W)", "GST Reg No", "ROC 1234": not names, not addresses. */
const REGISTRATION = /\b(?:co\.?\s*(?:reg|no)|company\s*(?:no|reg)|roc|reg\.?\s*no|registration)\b/;
const ALL_LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'giu');
/** Malaysian "S/B", "SB" for Sdn Bhd: evidence of a company name on a receipt (too short for invoices' list). */
const RECEIPT_LEGAL_FORM = new RegExp(`${LEGAL_FORM.source}|\\b(?:s\\/b|sb)(?![\\p{L}])`, 'iu');
/** Till phrases and labels printed near the top that name no shop ("TQ for shopping", "Cash sales counter"). */
const NOT_A_NAME =
  /\b(?:returnable|exchangeable|refundable|thank|thanks|tq|shopping|welcome|counter|cash\s+sales|table|cashier|member|goods\s+sold|please|come\s+again|owned\s+by|tax\s+invoice|receipt)\b/;
/** A line without its registration number: "Pelangi Realty Sdn Bhd (Co. No:12345-T)" is a name line. */
const withoutRegistration = (t: string) =>
  t
    .replace(/\s*\(?\s*\b(?:(?:co\.?\s*(?:reg|no)|company\s*(?:no|reg)|roc)\b|\d{4,}-?\s?[A-Z]\)).*$/i, '')
    .trim();

/** Receipt vendor: the first name-like lines at the top, then the address lines under it. */
function receiptVendor(ctx: ExtractContext): { party: TParty; box?: TBox; conf: number } {
  // specks and lone punctuation between the header lines say nothing
  const top = ctx.lines
    .filter((l) => l.page === 1 && l.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 3)
    .slice(0, 14);
  const nameLike = (l: Line) =>
    legible(l) &&
    !isNoiseName(l.text) &&
    !NOT_A_NAME.test(norm(l.text)) &&
    !/:\s*$/.test(l.text) &&
    !REGISTRATION.test(norm(l.text)) &&
    // "No. 12, …", "19, Jalan …": an address line
    !/^\s*(?:no\.?\s*:?\s*[\w-]*\d|\d+[a-z]?\s*,)/i.test(l.text) &&
    letters(l.text) >= 4 &&
    letters(l.text) / l.text.length > 0.6;
  let nameIdx = top.findIndex((l, i) => {
    const t = withoutRegistration(l.text);
    return (
      i < 9 &&
      RECEIPT_LEGAL_FORM.test(fixOcrName(t)) &&
      !REGISTRATION.test(norm(t)) &&
      !NOT_A_NAME.test(norm(t)) &&
      // "Owned by:" / "KEDAI MAJU SDN BHD": the value of a label is the owner, not the shop's name
      !/:\s*$/.test(top[i - 1]?.text ?? '') &&
      letters(t) >= 4 &&
      legible(l)
    );
  });
  if (nameIdx < 0) nameIdx = top.findIndex(nameLike);
  const nameLine = top[nameIdx];
  if (!nameLine) return { party: {}, conf: 0 };
  let name = fixOcrName(withoutRegistration(nameLine.text));
  // a name wrapped over lines: "POPULAR BOOK" / "CO. (M) SDN BHD", "AIK HUAT HARDWARE" / "ENTERPRISE"
  const prev = top[nameIdx - 1];
  const bare = name.replace(ALL_LEGAL_FORMS, ' ').trim();
  if (
    prev &&
    (/^(?:co\.?|\(m\)|sdn|bhd|&|\(\w+\))/i.test(name) || !/\s/.test(bare)) &&
    nameLike(prev) &&
    // a name is printed in one style: a lower-case line over a capitalised name is a note or a person
    (name !== name.toUpperCase() || prev.text === prev.text.toUpperCase()) &&
    !/\d/.test(prev.text)
  )
    name = `${prev.text.trim()} ${name}`;
  // "… ENTERPRISE" / "(SETIA ALAM) SDN BHD": the legal form on the line below
  const below = top[nameIdx + 1];
  if (
    below &&
    !/\b(?:bhd|s\/b)\W*$/i.test(name) &&
    /^\(|^(?:\(m\)\s*)?(?:sdn|bhd|s\/b)\b/i.test(fixOcrName(below.text)) &&
    !/\d/.test(below.text) &&
    legible(below)
  ) {
    name = `${name} ${fixOcrName(below.text)}`;
    nameIdx++;
  }
  const address = receiptAddress(top, nameIdx);
  return {
    party: {
      name,
      address: POSTCODE.test(address ?? '') ? address : (addressAbove(top, nameIdx) ?? address),
    },
    box: boxOf(nameLine),
    conf: 0.6,
  };
}

const POSTCODE = /\b\d{5}\b/;
/**
 * The address printed above the company's name (a logo or trading name on top, the legal name with its
 * registration number at the foot of the header): the lines that end with a postcode line above the name.
 */
function addressAbove(top: Line[], nameIdx: number): string | undefined {
  const end = top.slice(0, nameIdx).findLastIndex((l) => POSTCODE.test(l.text) && !contactLine(l.text));
  if (end < 0) return undefined;
  let start = end;
  while (
    start > 0 &&
    end - start < 3 &&
    legible(top[start - 1]!) &&
    !contactLine(top[start - 1]!.text) &&
    !NOT_A_NAME.test(norm(top[start - 1]!.text)) &&
    !RECEIPT_LEGAL_FORM.test(top[start - 1]!.text) &&
    /\d|,/.test(top[start - 1]!.text)
  )
    start--;
  return top
    .slice(start, end + 1)
    .map((l) => l.text.trim())
    .join(' ');
}

/** A telephone, fax, e-mail or web line. */
function contactLine(t: string): boolean {
  return (
    /\b(?:tel|phone|fax|email|e-mail|www|mobile|whatsapps?|h\/p|hp)\b|@/.test(norm(t)) ||
    /\b0\d{1,2}\s?-\s?\d{3,4}\s?\d{3,4}\b|\+\s?60\d/.test(t)
  );
}

/** The address lines under a receipt's vendor name, up to the postcode line (and a state name after it). */
function receiptAddress(top: Line[], nameIdx: number): string | undefined {
  const addr: string[] = [];
  for (let j = nameIdx + 1; j < Math.min(top.length, nameIdx + 8); j++) {
    const t = top[j]!.text.trim();
    const n = norm(t);
    // a company registration number: digits with at most a check letter or two
    if (/^\(?[\w-]*\d{4,}[\w-]*\)?$/.test(t.replace(/\s/g, '')) && letters(t) <= 2) continue;
    if (REGISTRATION.test(n) || findDates(t).length) continue;
    // tax ids and phone numbers between the name and the address are skipped, after the address they end it
    const taxId = /\b(?:gst|sst|tin|tax\s*id|vat)\b/.test(n) && /\d{6,}/.test(t.replace(/\s/g, ''));
    const contact = contactLine(t);
    if (taxId || contact) {
      if (addr.length) break;
      continue;
    }
    if (/\b(?:gst|invoice|receipt|date|cashier|table|bill|tax)\b/.test(n)) break;
    if (!legible(top[j]!)) continue;
    const clean = t
      .replace(/\(?\b\d{4,}-?\s?[A-Z]\b\)?/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (clean) addr.push(clean);
    if (/\b\d{5}\b/.test(clean) && addr.length >= 2) {
      // the postcode line usually ends the address; a town or state name may follow on the next line
      const next = top[j + 1]?.text.trim() ?? '';
      if (
        /^[A-Za-z .,]{3,40}$/.test(next) &&
        !/\b(?:tel|gst|invoice|receipt|date|tax|cashier)\b/i.test(next) &&
        legible(top[j + 1]!)
      )
        addr.push(next);
      break;
    }
  }
  return addr.join(' ') || undefined;
}

/** A receipt's parties: only the vendor is printed. */
export function receiptParties(ctx: ExtractContext): Parties {
  const r = receiptVendor(ctx);
  return {
    vendor: r.party,
    invoiceTo: {},
    recipient: {},
    boxes: r.box ? { 'vendor.name': r.box } : {},
    conf: { 'vendor.name': r.conf },
    buyerZone: new Set(),
  };
}

const plausibleYear = (iso: string) => {
  const y = Number(iso.slice(0, 4));
  return y >= 2000 && y <= new Date().getUTCFullYear() + 1;
};

/**
 * Every plausible date printed on a receipt, labelled or not, with OCR slips repaired: colons or
 * semicolons for the separators ("30:03:2018"), separators lost ("27032018"), a year misread in its
 * second digit ("2918" for 2018), a month name between slashes ("02/Jan/2017").
 */
export function receiptDates(ctx: ExtractContext): string[] {
  const out: string[] = [];
  for (const l of ctx.lines) {
    const t = l.text
      .replace(/(?<!\d)(\d{1,2})[:;](\d{1,2})[:;](\d{4})(?!\d)/g, '$1/$2/$3')
      .replace(/(?<![\d/.-])([0-3]\d)([01]\d)(20\d{2})(?![\d/.-])/g, '$1/$2/$3')
      .replace(/(?<=\d{1,2}[/.-]\d{1,2}[/.-])2[1-9](\d{2})(?!\d)/g, '20$1')
      // "02/Jan/2017": a month name between slashes
      .replace(/(?<!\d)(\d{1,2})\/(\p{L}{3,9})\.?\/(\d{2,4})(?!\d)/gu, '$1 $2 $3');
    for (const d of findDates(t, ctx.dateOrder)) if (plausibleYear(d.iso)) out.push(d.iso);
  }
  return [...new Set(out)];
}

/** The text most of the given readings agree on (compared without spaces and punctuation). */
function majority(texts: (string | undefined)[]): string | undefined {
  let best: string | undefined;
  let bestVotes = 0;
  for (const t of texts) {
    if (!t) continue;
    const votes = texts.filter((u) => u && compact(u) === compact(t)).length;
    if (votes > bestVotes) {
      best = t;
      bestVotes = votes;
    }
  }
  return best;
}

/** Whether every reading of a receipt names the same vendor (a reading without a name disagrees). */
export function namesAgree(readings: { r: TReaderResult }[]): boolean {
  const first = compact(readings[0]?.r.vendor.name ?? '');
  return !!first && readings.every((x) => compact(x.r.vendor.name ?? '') === first);
}

/**
 * Combines several OCR readings of one receipt: each field takes the value most readings agree on. `header`,
 * a reading whose header band was read again on its own, is one more vote for the vendor's name and address
 * only (below the band it is the first reading again).
 */
export function voteReadings(
  readings: { r: TReaderResult; ctx: ExtractContext }[],
  header?: { r: TReaderResult },
): TReaderResult {
  const base = structuredClone(readings[0]!.r);
  const dates = new Map<string, number>();
  readings.forEach(({ r, ctx }, i) => {
    const d = r.headers.invoiceDate;
    if (d && plausibleYear(d)) dates.set(d, (dates.get(d) ?? 0) + 1 + (i === 0 ? 0.1 : 0));
    // an unlabelled date counts less: it may be a printing or expiry date
    for (const u of receiptDates(ctx)) dates.set(u, (dates.get(u) ?? 0) + 0.4);
  });
  const bestDate = [...dates.entries()].sort((a, b) => b[1] - a[1])[0];
  if (bestDate) {
    base.headers.invoiceDate = bestDate[0];
    base.confidence.fields['headers.invoiceDate'] = Math.min(0.97, 0.5 + 0.2 * bestDate[1]);
  }
  const totals = new Map<number, number>();
  for (const { ctx } of readings) {
    // one vote per value and reading: a value printed on two lines of one reading is not two readings
    const best = new Map<number, number>();
    for (const c of receiptTotals(ctx)) best.set(c.value, Math.max(best.get(c.value) ?? 0, c.score));
    for (const [v, sc] of [...best].slice(0, 3)) totals.set(v, (totals.get(v) ?? 0) + sc);
  }
  // the arithmetic of any reading supports a value another reading printed: OCR slips differ between passes
  const implied = readings.flatMap(({ ctx }) => impliedTotals(ctx));
  for (const [v, sc] of totals) if (implied.some((x) => Math.abs(x - v) < 0.011)) totals.set(v, sc + 1.5);
  const bestTotal = [...totals.entries()].sort((a, b) => b[1] - a[1])[0];
  if (bestTotal) {
    base.totals.invoiceTotal = bestTotal[0];
  }
  // name and address each take the spelling most readings agree on (the first reading on a tie)
  const vendorReadings = header ? [...readings, header] : readings;
  const name = majority(vendorReadings.map((x) => x.r.vendor.name));
  const address = majority(vendorReadings.map((x) => x.r.vendor.address));
  if (name) base.vendor.name = name;
  if (address) base.vendor.address = address;
  // agreement between readings is what makes a receipt trustworthy
  const same = (a?: string, b?: string) => !!a && !!b && compact(a) === compact(b);
  const nameVotes = vendorReadings.filter((x) => same(x.r.vendor.name, base.vendor.name)).length;
  const addrVotes = vendorReadings.filter((x) => same(x.r.vendor.address, base.vendor.address)).length;
  const totalVotes = readings.filter(
    (x) => receiptTotals(x.ctx)[0]?.value === base.totals.invoiceTotal,
  ).length;
  const f = base.confidence.fields;
  // passes that agree on a name or address are not enough to skip a person: an OCR slip (SANYO for SANYU)
  // repeats in every pass of the same scan; only a vendor recognised from a remembered one is sure
  f['vendor.name'] = nameVotes >= 2 ? 0.8 : 0.5;
  f['vendor.address'] = base.vendor.address ? (addrVotes >= 2 ? 0.8 : 0.5) : 0;
  // a total is sure when two readings agree on it and the receipt's arithmetic (cash − change, subtotal +
  // tax) gives it too; either alone still needs a person
  const total = base.totals.invoiceTotal;
  if (total !== undefined) {
    const checked = implied.some((v) => Math.abs(v - total) < 0.011);
    f['totals.invoiceTotal'] = 0.6 + (totalVotes >= 2 ? 0.2 : 0) + (checked ? 0.17 : 0);
  }
  return base;
}

/** A supplier the caller has seen before, spelled as it should be. */
export interface KnownVendor {
  name: string;
  address?: string;
}

const LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'giu');
/** A name without its legal form: "Sdn Bhd" alone must not make two shops look alike. */
const nameCore = (s: string) => fixOcrName(s).replace(LEGAL_FORMS, ' ');

/** 1 − edit distance / length of the longer text, on compacted text. */
export function similarity(a: string, b: string): number {
  const x = compact(a);
  const y = compact(b);
  if (!x || !y) return 0;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[y.length]! / Math.max(x.length, y.length);
}

/** Similarity at or above which an OCR'd name or address is taken to be a remembered one (≈ 1 slip in 6). */
const VENDOR_MATCH = 0.82;

/**
 * Recognises a vendor seen before: the name read, or one of the top lines (one or two joined, since the
 * name may be the line under a logo or wrap), or the address read, close to a remembered vendor. The
 * remembered spelling replaces the OCR'd one; `undefined` when no remembered vendor is close enough.
 */
export function recogniseVendor(
  vendor: TParty,
  topLines: string[],
  known: readonly KnownVendor[],
): { vendor: KnownVendor; score: number } | undefined {
  const names = [vendor.name ?? '', ...topLines, ...topLines.slice(1).map((t, i) => `${topLines[i]} ${t}`)];
  let best: { vendor: KnownVendor; score: number } | undefined;
  for (const k of known) {
    const byName = Math.max(...names.map((n) => similarity(nameCore(n), nameCore(k.name))));
    // an address is long and specific: a close one identifies the vendor even when the name is misread
    const byAddress =
      k.address && vendor.address && compact(k.address).length >= 12
        ? similarity(vendor.address, k.address)
        : 0;
    const score = Math.max(byName, byAddress);
    if (score >= VENDOR_MATCH && (!best || score > best.score)) best = { vendor: k, score };
  }
  return best;
}

/** A receipt's vendor in the remembered spelling when it is a vendor seen before; sure, since it matched. */
export function withKnownVendor(
  r: TReaderResult,
  ctx: ExtractContext,
  known: readonly KnownVendor[],
): TReaderResult {
  const top = ctx.lines.filter((l) => l.page === 1).slice(0, 12);
  const match = recogniseVendor(
    r.vendor,
    top.map((l) => l.text),
    known,
  );
  if (!match) return r;
  r.vendor.name = match.vendor.name;
  r.confidence.fields['vendor.name'] = 0.95;
  if (match.vendor.address) {
    r.vendor.address = match.vendor.address;
    r.confidence.fields['vendor.address'] = 0.95;
  }
  return r;
}

/** Whether a receipt's readings so far settle it: each puts the same total first, and a date was found. */
export function readingsSettled(readings: { r: TReaderResult; ctx: ExtractContext }[]): boolean {
  const tops = readings.map(({ ctx }) => receiptTotals(ctx)[0]?.value);
  const dated = readings.some(({ r, ctx }) => r.headers.invoiceDate || receiptDates(ctx).length);
  return tops[0] !== undefined && tops.every((v) => v === tops[0]) && dated;
}
