import {
  CHARGE_ROW,
  COLUMN_LABELS,
  COLUMN_PHRASE,
  type ColumnKind,
  DISCOUNT_ROW,
  DOC_TYPE,
  HEADER_LABELS,
  type HeaderField,
  LEGAL_FORM,
  NOT_INVOICE_DATE,
  PARTY_LABELS,
  SUMMARY_ROW,
  TOTAL_LABELS,
  type TotalField,
} from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import {
  type DateOrder,
  type DecimalStyle,
  findDates,
  looksNumeric,
  norm,
  parseNumber,
  round2,
} from './parse.js';
import type { TBox, TDocumentType, TItem, TParty, TReaderResult, Word } from './types.js';

export interface ExtractContext {
  lines: Line[];
  decimal: DecimalStyle | undefined;
  dateOrder: DateOrder;
  isReceipt: boolean;
}

export interface Found<T> {
  value: T;
  conf: number;
  box?: TBox;
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

const ID_RE = /^[A-Z0-9][A-Z0-9\-_/.]*[A-Z0-9]$|^[A-Z0-9]$/i;
function cleanId(text: string): string | undefined {
  const t = text.replace(/^[\s:#°.]+/, '').trim();
  // first token (ids rarely contain spaces); allow "PO 1234" style only when second token is numeric
  const toks = t.split(/\s+/);
  let id = toks[0] ?? '';
  if (/^(?:nr|no|n°|number)\.?:?$/i.test(id)) id = toks[1] ?? '';
  id = id.replace(/[,;:]+$/, '');
  if (!id || !ID_RE.test(id) || !/\d/.test(id) || id.length > 40) return undefined;
  if (findDates(id).length && /^[\d./-]+$/.test(id) && findDates(id)[0]!.length === id.length)
    return undefined;
  return id;
}

function labelMatch(
  text: string,
  patterns: RegExp[],
): { end: number; rank: number; index: number } | undefined {
  const n = norm(text);
  for (let r = 0; r < patterns.length; r++) {
    const m = patterns[r]!.exec(n);
    if (m) return { end: m.index + m[0].length, rank: r, index: m.index };
  }
  return undefined;
}

/** Maps an index in the normalised text back to the raw text (normalisation may drop combining marks). */
function rawIndex(raw: string, normEnd: number): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    if (norm(raw.slice(0, i + 1)).length >= normEnd) return i + 1;
    n = i;
  }
  return n + 1;
}

/** Header fields found by label. */
export function extractHeaders(ctx: ExtractContext): Partial<Record<HeaderField, Found<string>>> {
  const out: Partial<Record<HeaderField, Found<string> & { rank: number }>> = {};
  const fields = Object.keys(HEADER_LABELS) as HeaderField[];
  for (const line of ctx.lines) {
    line.cells.forEach((cell, ci) => {
      for (const f of fields) {
        const m = labelMatch(cell.text, HEADER_LABELS[f]);
        if (!m) continue;
        const ncell = norm(cell.text);
        if (f === 'invoiceDate' && m.rank >= 4 && NOT_INVOICE_DATE.test(ncell)) continue;
        if (
          f === 'invoiceNum' &&
          /\b(?:date|datum)\b/.test(ncell.slice(0, m.end + 6)) &&
          !/\b(?:no|nr|number)\b/.test(ncell)
        )
          continue;
        // a label inside a sentence ("… gemäß Bestellung Nr. 123 vom …") is weaker than a label of its own
        const rank = m.rank + (m.index > 3 && ncell.length > 40 ? 3 : 0);
        const prev = out[f];
        if (prev && prev.rank <= rank) continue;
        const end = rawIndex(cell.text, m.end);
        for (const v of valuesNear(ctx, line, ci, end)) {
          let value: string | undefined;
          if (f.endsWith('Date')) {
            const d = findDates(v.text, ctx.dateOrder)[0];
            if (d && d.index < 4) value = d.iso;
          } else value = cleanId(v.text);
          if (value) {
            const conf = (v.where === 'same' ? 0.9 : v.where === 'right' ? 0.88 : 0.8) - rank * 0.02;
            out[f] = { value, conf, box: boxOf(v.cell), rank };
            // "Invoice No. 123 of 05.06.2025": the date printed with the number is the document date
            if ((f === 'invoiceNum' || f === 'orderNum') && v.where !== 'below') {
              const d = findDates(v.text, ctx.dateOrder)[0];
              const df = f === 'invoiceNum' ? 'invoiceDate' : 'orderDate';
              if (d && (!out[df] || out[df]!.rank > 0))
                out[df] = { value: d.iso, conf: 0.85, box: boxOf(v.cell), rank: 0 };
            }
            break;
          }
        }
      }
    });
  }
  // a date near the top of the first page when no labelled invoice date was found
  if (!out.invoiceDate) {
    for (const line of ctx.lines.slice(0, 60)) {
      if (NOT_INVOICE_DATE.test(norm(line.text))) continue;
      const d = findDates(line.text, ctx.dateOrder)[0];
      if (d) {
        out.invoiceDate = { value: d.iso, conf: 0.5, box: boxOf(line), rank: 99 };
        break;
      }
    }
  }
  const res: Partial<Record<HeaderField, Found<string>>> = {};
  for (const [k, v] of Object.entries(out))
    if (v) res[k as HeaderField] = { value: v.value, conf: v.conf, box: v.box };
  return res;
}

interface MoneyCand {
  field: TotalField;
  value: number;
  prio: number;
  index: number;
  cell: Cell;
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

function isMoneyText(s: string): boolean {
  return /\d[.,]\d{2}(?!\d)/.test(s);
}

/** A printed amount for totals: a number that is not a percentage, a date or a long identifier. */
function isAmountText(s: string): boolean {
  if (/%/.test(s) || findDates(s).length) return false;
  const digits = s.replace(/\D/g, '');
  return (
    digits.length > 0 &&
    digits.length <= 11 &&
    (/\d[.,]\d{1,2}(?!\d)/.test(s) ||
      /^[-(]?\s*(?:[€$£]|eur)?\s*\d{1,7}\s*(?:[€$£]|eur)?\)?$/i.test(s.trim()))
  );
}

const RECEIPT_TOTAL = /\b(?:total|jumlah|amount|amt|nett|grand|payable|due|balance|tunai)\b/;
const RECEIPT_NOT_TOTAL =
  /\b(?:qty|quantity|savings?|discount|items?|pcs|excl\w*|exclusive|before|tendered|change|cash|paid|points?|sub\s*-?\s*total)\b/;

/** Receipt total candidates with a score: label strength, cash − change, repetition. */
export function receiptTotals(ctx: ExtractContext): { value: number; score: number; cell: Cell }[] {
  const money = (l: Line) =>
    lineNumbers(l, ctx.decimal).filter((x) => !x.pct && /\d[.,]\d{2}(?!\d)/.test(x.cell.text) && x.value > 0);
  const after = (re: RegExp) => {
    for (const l of ctx.lines)
      if (re.test(norm(l.text))) {
        const m = money(l);
        if (m.length) return m[m.length - 1]!.value;
      }
    return undefined;
  };
  const cash = after(/\b(?:cash|tunai|tendered|paid|payment|visa|master|card)\b/);
  const change = after(/\b(?:change|baki|kembali)\b/) ?? 0;
  const all = ctx.lines.flatMap((l) => money(l).map((m) => m.value));
  const cands: { value: number; score: number; cell: Cell }[] = [];
  for (const l of ctx.lines) {
    const n = norm(l.text);
    if (!RECEIPT_TOTAL.test(n)) continue;
    const tax = /\b(?:gst|tax|vat|sst)\b/.test(n) && !/\bincl/.test(n);
    if (tax || (RECEIPT_NOT_TOTAL.test(n) && !/\bround/.test(n))) continue;
    let ms = money(l);
    if (!ms.length) {
      const below = ctx.lines[l.index + 1];
      if (below && below.page === l.page) ms = money(below).slice(0, 1);
    }
    const m = ms[ms.length - 1];
    if (!m) continue;
    let score = 1;
    if (/\bround|\bincl|\bnett|\bgrand|\bpayable|\bdue\b/.test(n)) score += 1;
    if (cash !== undefined && Math.abs(round2(cash - change) - m.value) < 0.011) score += 2;
    if (all.filter((v) => Math.abs(v - m.value) < 0.001).length >= 2) score += 0.5;
    cands.push({ value: m.value, score, cell: m.cell });
  }
  if (!cands.length && cash !== undefined && cash - change > 0)
    cands.push({ value: round2(cash - change), score: 0.8, cell: ctx.lines[0]!.cells[0]! });
  const max = Math.max(0, ...cands.map((c) => c.value));
  for (const c of cands) if (c.value === max) c.score += 0.3;
  return cands.sort((a, b) => b.score - a.score);
}

/** Totals by label, reconciled by arithmetic (net + VAT = total). */
export function extractTotals(ctx: ExtractContext): Partial<Record<TotalField, Found<number>>> {
  const cands: MoneyCand[] = [];
  for (const line of ctx.lines) {
    const n = norm(line.text);
    for (const [field, pats] of Object.entries(TOTAL_LABELS) as [TotalField, [RegExp, number][]][]) {
      for (const [re, prio] of pats) {
        const m = re.exec(n);
        if (!m) continue;
        // the amount: money right of the label on this line (before the next text cell), else under the label
        const labelCell = line.cells.find((c) => re.test(norm(c.text))) ?? line.cells[0]!;
        const li = line.cells.indexOf(labelCell);
        const nextText = line.cells.findIndex(
          (c, k) =>
            k > li &&
            !looksNumeric(c.text) &&
            !/^[\d.,\s%€$£-]*(?:eur|usd|gbp|chf)?$/i.test(c.text) &&
            /[a-z]{3}/i.test(c.text),
        );
        const stopX = nextText >= 0 ? line.cells[nextText]!.x0 : 2;
        let nums = lineNumbers(line, ctx.decimal).filter(
          (x) =>
            !x.pct &&
            isAmountText(x.cell.text) &&
            x.cell.x0 >= labelCell.x0 - 0.001 &&
            x.cell.x0 < stopX &&
            (x.cell !== labelCell || !/\d/.test(norm(labelCell.text).slice(0, m.index + m[0].length))),
        );
        if (!nums.length) {
          const h = line.y1 - line.y0;
          for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5); j++) {
            const below = ctx.lines[j]!;
            if (below.page !== line.page || below.y0 - line.y1 > h * 4) break;
            const bn = lineNumbers(below, ctx.decimal).filter((x) => !x.pct && isAmountText(x.cell.text));
            const under = bn.filter(
              (x) => xOverlap(x.cell, labelCell) > 0 || Math.abs(x.cell.x1 - labelCell.x1) < 0.03,
            );
            if (under.length) {
              nums = under;
              break;
            }
            if (below.cells.some((c) => xOverlap(c, labelCell) > 0.5)) break;
          }
        }
        const last = nums[nums.length - 1];
        if (last)
          cands.push({
            field,
            value: field === 'discount' ? Math.abs(last.value) : last.value,
            prio,
            index: line.index,
            cell: last.cell,
          });
        break;
      }
    }
  }
  const best = (f: TotalField) =>
    cands
      .filter((c) => c.field === f)
      .sort((a, b) => b.prio - a.prio || b.index - a.index || b.value - a.value);
  const totals = best('invoiceTotal');
  const nets = best('net');
  const vats = best('vat');
  const subs = best('subtotal');
  const out: Partial<Record<TotalField, Found<number>>> = {};
  const put = (f: TotalField, c: MoneyCand | undefined, conf: number) => {
    if (c) out[f] = { value: c.value, conf, box: boxOf(c.cell) };
  };
  // look for a consistent triple first
  let done = false;
  for (const t of totals.slice(0, 6)) {
    for (const nt of nets.concat(subs).slice(0, 8)) {
      const v = vats.find((v) => Math.abs(round2(nt.value + v.value) - t.value) < 0.011);
      if (v && nt.value !== t.value) {
        put('invoiceTotal', t, 0.97);
        put('net', nt, 0.95);
        put('vat', v, 0.95);
        done = true;
        break;
      }
    }
    if (done) break;
  }
  if (!done && ctx.isReceipt) {
    const r = receiptTotals(ctx)[0];
    if (r)
      out.invoiceTotal = { value: r.value, conf: Math.min(0.95, 0.5 + r.score * 0.12), box: boxOf(r.cell) };
  } else if (!done) {
    put('invoiceTotal', totals[0], 0.6);
    put('net', nets[0], 0.6);
    put('vat', vats[0], 0.5);
    if (out.invoiceTotal && out.vat && !out.net) {
      const net = round2(out.invoiceTotal.value - out.vat.value);
      if (net > 0) out.net = { value: net, conf: 0.5 };
    }
  }
  if (subs[0]) put('subtotal', subs[0], 0.8);
  const disc = best('discount')[0];
  if (disc) put('discount', disc, 0.6);
  return out;
}

/** Document type from the title words near the top of the first page. */
export function documentType(ctx: ExtractContext): TDocumentType {
  if (ctx.isReceipt) return 'receipt';
  const top = ctx.lines.filter((l) => l.page === 1 && l.y0 < 0.45);
  // the largest text is usually the title
  const byHeight = top.slice().sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0));
  for (const l of byHeight.slice(0, 6)) {
    const n = norm(l.text);
    for (const [re, t] of DOC_TYPE) if (re.test(n)) return t;
  }
  const all = norm(top.map((l) => l.text).join(' '));
  for (const [re, t] of DOC_TYPE) if (re.test(all)) return t;
  return 'invoice';
}

const VAT_ID =
  /\b(?:ATU\d{8}|BE\s?0?\d{3}\.?\d{3}\.?\d{3}|DE\s?\d{3}\s?\d{3}\s?\d{3}|FR\s?[0-9A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}|NL\s?\d{9}\s?B\s?\d{2}|LU\s?\d{8}|GB\s?\d{3}\s?\d{4}\s?\d{2}|ES\s?[A-Z0-9]\d{7}[A-Z0-9]|IT\s?\d{11}|CHE[-\s]?\d{3}\.?\d{3}\.?\d{3})\b/g;
const BUYER_HINT =
  /\b(?:client|kunde|kunden|customer|buyer|acheteur|kaufer|ihre|votre|uw|klant|afnemer|empfanger|destinataire|ship\s+to|deliver\w*|livraison|your)\b/;
const SELLER_HINT =
  /\b(?:seller|vendor|supplier|lieferant|verkaufer|fournisseur|vendeur|leverancier|our|unsere|notre|onze)\b/;

/** The vendor's VAT number: VAT ids on the page, preferring those not labelled as the buyer's. */
export function extractVat(ctx: ExtractContext, buyerZone: Set<number>): Found<string> | undefined {
  const cands: { id: string; score: number; line: Line }[] = [];
  for (const line of ctx.lines) {
    for (const m of line.text.matchAll(VAT_ID)) {
      const id = m[0].replace(/[\s.-]/g, '');
      const before = norm(line.text.slice(0, m.index));
      const prevLine = ctx.lines[line.index - 1];
      let score = 1;
      if (BUYER_HINT.test(before.slice(-40))) score -= 2;
      if (SELLER_HINT.test(before.slice(-40))) score += 2;
      if (buyerZone.has(line.index)) score -= 1.5;
      if (prevLine && BUYER_HINT.test(norm(prevLine.text)) && !before) score -= 0.5;
      if (/\b(?:ust|vat|tva|btw|mwst|umsatzsteuer)/.test(before)) score += 0.5;
      cands.push({ id, score, line });
    }
  }
  cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
  const c = cands[0];
  if (!c || c.score < 0) return undefined;
  // another VAT id that scores about as well makes the choice uncertain
  const rival = cands.find((o) => o.id !== c.id && o.score >= c.score - 1);
  return { value: c.id, conf: c.score >= 1 && !rival ? 0.88 : 0.6, box: boxOf(c.line) };
}

function isNoiseName(t: string): boolean {
  const n = norm(t);
  if (n.length < 3 || !/[a-z]{2}/.test(n)) return true;
  for (const [re] of DOC_TYPE) if (re.test(n) && n.split(' ').length <= 3) return true;
  if (/^(?:page|seite|tel|fax|phone|date|datum|www|http|e-?mail|iban|bic)\b/.test(n)) return true;
  if (/@|www\.|https?:/.test(n)) return true;
  if (
    /\b(?:nummer|number|nr|gln|gtin|siren|siret|iban)\b/.test(n) ||
    /^[\p{L} .-]{2,30}:\s*\S/u.test(t.trim())
  )
    return true;
  if (findDates(t).length) return true;
  return false;
}

/** Address lines after a name line: until a phone/email/VAT line or a gap. */
function addressAfter(
  ctx: ExtractContext,
  start: Line,
  cell: Cell,
  maxLines: number,
): { lines: Line[]; cells: Cell[] } {
  const lines: Line[] = [];
  const cells: Cell[] = [];
  let prev: { y1: number; h: number } = { y1: cell.y1, h: cell.y1 - cell.y0 };
  for (let j = start.index + 1; j < ctx.lines.length && lines.length < maxLines; j++) {
    const l = ctx.lines[j]!;
    if (l.page !== start.page) break;
    if (l.y0 - prev.y1 > prev.h * 1.8) break;
    const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.03 || xOverlap(c, cell) > 0.6);
    if (!c) continue;
    const n = norm(c.text);
    if (
      /\b(?:tel|phone|fax|e-?mail|www|gst|vat|tva|ust|btw|iban|siren|siret|rcs|date|invoice|receipt|tax|hrb|steuer)\b|@|:/.test(
        n,
      )
    )
      break;
    lines.push(l);
    cells.push(c);
    prev = { y1: c.y1, h: c.y1 - c.y0 };
  }
  return { lines, cells };
}

const POSTCODE_CITY = /^(?:(?:[A-Z]{1,2}-?)?(\d{4,5}|\d{4}\s?[A-Z]{2})\s+(.+)|(.+?)\s+(\d{5})\s*$)/;
function partyFromLines(name: string, addr: string[]): TParty {
  const p: TParty = { name: name.trim() };
  const rest: string[] = [];
  for (const a of addr) {
    const m = POSTCODE_CITY.exec(a.trim());
    if (m && !p.postCode) {
      p.postCode = (m[1] ?? m[4])!;
      const city = (m[2] ?? m[3])!.replace(/,\s*[A-Z]{2}$/, (x) => {
        p.country = x.replace(/[, ]/g, '');
        return '';
      });
      p.city = city.trim();
    } else rest.push(a.trim());
  }
  if (rest.length) p.address = rest.join(', ');
  return p;
}

/** Legal-form words OCR often misreads ("SON BHD" for "SDN BHD"); registration numbers after the name go. */
export function fixOcrName(t: string): string {
  return t
    .replace(/\b[S5][O0D][N]\.?\s+[B8]H[D0O]\b/gi, (m) => (m === m.toUpperCase() ? 'SDN BHD' : 'Sdn Bhd'))
    .replace(/\s*\(?\b\d{3,}[-\s]*[A-Z]\)?\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Receipt vendor: the first name-like lines at the top, then the address lines under it. */
function receiptVendor(ctx: ExtractContext): { party: TParty; box?: TBox; conf: number } {
  const top = ctx.lines.filter((l) => l.page === 1).slice(0, 14);
  const letters = (t: string) => t.replace(/[^A-Za-z]/g, '').length;
  let nameIdx = top.findIndex((l, i) => i < 7 && LEGAL_FORM.test(fixOcrName(l.text)) && letters(l.text) >= 4);
  if (nameIdx < 0)
    nameIdx = top.findIndex(
      (l) => !isNoiseName(l.text) && letters(l.text) >= 4 && letters(l.text) / l.text.length > 0.6,
    );
  const nameLine = top[nameIdx];
  if (!nameLine) return { party: {}, conf: 0 };
  let name = fixOcrName(nameLine.text);
  // "POPULAR BOOK" / "CO. (M) SDN BHD": a name wrapped over two lines
  const prev = top[nameIdx - 1];
  if (
    prev &&
    /^(?:co\.?|\(m\)|sdn|bhd|&|\(\w+\))/i.test(name) &&
    letters(prev.text) >= 3 &&
    !/\d/.test(prev.text)
  )
    name = `${prev.text.trim()} ${name}`;
  const addr: string[] = [];
  for (let j = nameIdx + 1; j < Math.min(top.length, nameIdx + 8); j++) {
    const t = top[j]!.text.trim();
    const n = norm(t);
    if (/^\(?[\w-]*\d{4,}[\w-]*\)?$/.test(t.replace(/\s/g, ''))) continue; // company registration number
    if (/\b(?:co\.?\s*(?:reg|no)|company\s*(?:no|reg)|roc|reg\.?\s*no|registration)\b/.test(n)) continue;
    if (
      /\b(?:tel|phone|fax|gst|email|e-mail|www|invoice|receipt|date|cashier|table|bill|tax|mobile|whatsapps?|h\/p|hp|tin|sst)\b|@/.test(
        n,
      )
    )
      break;
    if (/\b0\d{1,2}\s?-\s?\d{3,4}\s?\d{3,4}\b|\+\s?60\d/.test(t)) break;
    const clean = t
      .replace(/\(?\b\d{4,}-?\s?[A-Z]\b\)?/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (clean) addr.push(clean);
    if (/\b\d{5}\b/.test(clean) && addr.length >= 2) {
      // the postcode line usually ends the address; a state name may follow on the next line
      const next = top[j + 1]?.text.trim() ?? '';
      if (/^[A-Za-z .]{3,25}\.?$/.test(next) && !/\b(?:tel|gst|invoice|receipt|date)\b/i.test(next))
        addr.push(next);
      break;
    }
  }
  return { party: { name, address: addr.join(' ') || undefined }, box: boxOf(nameLine), conf: 0.6 };
}

/** Vendor, invoice-to and deliver-to parties. */
export function extractParties(ctx: ExtractContext): {
  vendor: TParty;
  invoiceTo: TParty;
  recipient: TParty;
  boxes: Record<string, TBox>;
  conf: Record<string, number>;
  buyerZone: Set<number>;
  account?: { value: string; box: TBox };
} {
  const boxes: Record<string, TBox> = {};
  const conf: Record<string, number> = {};
  const buyerZone = new Set<number>();
  let account: { value: string; box: TBox } | undefined;
  if (ctx.isReceipt) {
    const r = receiptVendor(ctx);
    if (r.box) boxes['vendor.name'] = r.box;
    conf['vendor.name'] = r.conf;
    return { vendor: r.party, invoiceTo: {}, recipient: {}, boxes, conf, buyerZone };
  }
  const first = ctx.lines.filter((l) => l.page === 1);
  const labelled = (re: RegExp, avoid?: RegExp): { party: TParty; line: Line; cell: Cell } | undefined => {
    for (const line of first) {
      for (let ci = 0; ci < line.cells.length; ci++) {
        const cell = line.cells[ci]!;
        const n = norm(cell.text);
        const m = re.exec(n);
        if (!m || m.index > 3 || n.length > m[0].length + 40) continue;
        if (avoid?.test(n)) continue;
        if (
          /\b(?:no|nr|number|nummer|n°|id|vat|tva|ust|date|datum|ref)\b/.test(
            n.slice(m.index + m[0].length, m.index + m[0].length + 12),
          )
        )
          continue;
        // value on the same cell after a colon, else the cell below
        const after = cell.text.slice(rawIndex(cell.text, m.index + m[0].length));
        const rest = /^\s*:/.test(after) ? after.replace(/^[\s:]+/, '').trim() : '';
        let nameCell: Cell | undefined;
        let nameLine = line;
        // a block with its own "Name:" row
        for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5) && !rest; j++) {
          const l = ctx.lines[j]!;
          if (l.page !== line.page) break;
          const k = l.cells.findIndex((c) =>
            /^(?:name|nom|naam|firma|raison sociale)\s*:?$/i.test(c.text.trim()),
          );
          if (k >= 0 && l.cells[k + 1]) {
            nameCell = l.cells[k + 1];
            nameLine = l;
            break;
          }
        }
        if (nameCell) {
          // found through the Name: row
        } else if (rest.length > 2 && !/^(?:address|adresse|anschrift)/i.test(rest))
          nameCell = { ...cell, text: rest };
        else {
          for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 4); j++) {
            const l = ctx.lines[j]!;
            if (l.page !== line.page) break;
            const c = l.cells.find((c) => Math.abs(c.x0 - cell.x0) < 0.04 || xOverlap(c, cell) > 0.5);
            if (c && !isNoiseName(c.text)) {
              nameCell = c;
              nameLine = l;
              break;
            }
          }
        }
        if (!nameCell) continue;
        const a = addressAfter(ctx, nameLine, nameCell, 5);
        for (const l of a.lines) buyerZone.add(l.index);
        buyerZone.add(nameLine.index);
        // the buyer's number at the supplier ("Nummer: GE2020211" inside the buyer block)
        for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 6) && !account; j++) {
          const l = ctx.lines[j]!;
          const k = l.cells.findIndex((c) =>
            /^(?:nummer|number|id|kunden\s*-?\s*nr\.?|kundennummer|customer\s+(?:no|id))\s*:?\s*$/i.test(
              c.text.trim(),
            ),
          );
          const v =
            k >= 0
              ? cleanId(l.cells[k + 1]?.text ?? '')
              : /^(?:nummer|kundennummer)\s*:\s*(\S+)$/i.exec(l.text.trim())?.[1];
          if (v && /\d/.test(v)) account = { value: v.replace(/^:\s*/, ''), box: boxOf(l) };
        }
        const p = partyFromLines(
          nameCell.text,
          a.cells.map((c) => c.text),
        );
        return { party: p, line: nameLine, cell: nameCell };
      }
    }
    return undefined;
  };
  const inv = labelled(PARTY_LABELS.invoiceTo, /\b(?:no|nr|number|nummer|id|vat|tva)\b/);
  const zoneBeforeRecipient = new Set(buyerZone);
  const rec = labelled(PARTY_LABELS.recipient, /\b(?:date|datum|conditions|bedingungen)\b/);
  const vendorByLabel = labelled(PARTY_LABELS.vendor, /\b(?:no|nr|number|id)\b/);
  // vendor: a labelled seller block, else a line with a legal form outside the buyer blocks, else the top line
  let vendor: TParty = {};
  let vBox: TBox | undefined;
  let vConf = 0.5;
  if (vendorByLabel) {
    vendor = vendorByLabel.party;
    vBox = boxOf(vendorByLabel.cell);
    vConf = 0.9;
    for (const l of ctx.lines)
      if (l.index >= vendorByLabel.line.index && l.index <= vendorByLabel.line.index + 5)
        buyerZone.delete(l.index);
  } else {
    const cands: { cell: Cell; line: Line; score: number }[] = [];
    for (const line of first) {
      if (buyerZone.has(line.index) || zoneBeforeRecipient.has(line.index)) continue;
      for (const cell of line.cells) {
        if (isNoiseName(cell.text) || cell.text.length > 60) continue;
        let score = 0;
        if (LEGAL_FORM.test(cell.text)) score += 2;
        if (line.y0 < 0.2) score += 1;
        if (line.y0 > 0.85) score += 0.3;
        const h = cell.y1 - cell.y0;
        score += Math.min(1.5, h * 60);
        if (/\d{3,}/.test(cell.text)) score -= 1;
        if (/[·•|]/.test(cell.text)) score -= 1;
        if (score > 0) cands.push({ cell, line, score });
      }
    }
    // a sender line "Name · Street · City" above the address window names the vendor too
    for (const line of first.filter((l) => l.y0 < 0.35)) {
      const parts = line.text.split(/\s*[·•|]\s*|\s+-\s+/);
      if (parts.length >= 3 && LEGAL_FORM.test(parts[0]!))
        cands.push({ cell: { ...line.cells[0]!, text: parts[0]! }, line, score: 2.8 });
    }
    cands.sort((a, b) => b.score - a.score || a.line.index - b.line.index);
    const best = cands[0];
    if (best) {
      const a = addressAfter(ctx, best.line, best.cell, 4);
      vendor = partyFromLines(
        best.cell.text,
        a.cells.map((c) => c.text),
      );
      vBox = boxOf(best.cell);
      vConf = LEGAL_FORM.test(best.cell.text) ? (best.line.y0 < 0.2 ? 0.87 : 0.75) : 0.45;
    }
  }
  if (vBox) boxes['vendor.name'] = vBox;
  conf['vendor.name'] = vConf;
  // without an invoice-to label, a German-style address window (left, top quarter) holds the buyer
  let invoiceTo = inv?.party ?? {};
  if (inv) {
    boxes['invoiceTo.name'] = boxOf(inv.cell);
    conf['invoiceTo.name'] = 0.9;
  } else {
    const sender = first.find((l) => l.y0 < 0.3 && l.text.split(/\s*[·•|]\s*|\s+-\s+/).length >= 3);
    if (sender) {
      const next = ctx.lines[sender.index + 1];
      const cell = next?.cells.find((c) => Math.abs(c.x0 - sender.x0) < 0.05);
      if (next && cell && !isNoiseName(cell.text)) {
        const a = addressAfter(ctx, next, cell, 4);
        invoiceTo = partyFromLines(
          cell.text,
          a.cells.map((c) => c.text),
        );
        boxes['invoiceTo.name'] = boxOf(cell);
        conf['invoiceTo.name'] = 0.8;
        buyerZone.add(next.index);
        for (const l of a.lines) buyerZone.add(l.index);
      }
    }
  }
  const recipient = rec?.party ?? {};
  if (rec) boxes['recipient.name'] = boxOf(rec.cell);
  return { vendor, invoiceTo, recipient, boxes, conf, buyerZone, account };
}

// ---------------------------------------------------------------------------------------------------
// Line items

interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
}

/** Finds table header rows: lines with at least two column words, one of them a number column. */
export function findHeader(ctx: ExtractContext, line: Line): Column[] | undefined {
  const cols: Column[] = [];
  const seen = new Set<ColumnKind>();
  for (const c of splitHeaderCells(line.cells)) {
    const n = norm(c.text);
    if (n.length > 40) return undefined;
    const hit = COLUMN_LABELS.find(([, re]) => re.test(n));
    if (!hit) continue;
    let kind = hit[0];
    // "Total HT" in a header row is the line amount column
    if (kind === 'vat' && /\b(?:total|amount|betrag|montant)\b/.test(n)) kind = 'amount';
    if (seen.has(kind) && kind !== 'other') kind = kind === 'amount' || kind === 'price' ? 'other' : kind;
    seen.add(kind);
    cols.push({ kind, x0: c.x0, x1: c.x1 });
  }
  const numeric = cols.filter((c) => ['qty', 'price', 'amount'].includes(c.kind)).length;
  if (cols.length < 2 || numeric < 1) return undefined;
  if (!seen.has('amount') && !seen.has('price')) return undefined;
  // a VAT breakdown or payment table is not an item table: items have a description or a quantity
  if (!seen.has('desc') && !seen.has('qty')) return undefined;
  if (SUMMARY_ROW.test(norm(line.text)) && cols.length < 3) return undefined;
  // numbers in a header row mean it is not a header
  if (lineNumbers(line, ctx.decimal).filter((x) => isMoneyText(x.cell.text)).length) return undefined;
  return cols;
}

const kindOf = (t: string): ColumnKind | undefined => COLUMN_LABELS.find(([, re]) => re.test(norm(t)))?.[0];

/** Splits header cells that hold several column labels ("Pos Art-Nr Beschreibung") into one cell per label. */
function splitHeaderCells(cells: Cell[]): Cell[] {
  const out: Cell[] = [];
  const mk = (ws: Word[], c: Cell): Cell => ({
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    page: c.page,
    x0: ws[0]!.x0,
    x1: ws[ws.length - 1]!.x1,
    y0: c.y0,
    y1: c.y1,
  });
  for (const c of cells) {
    const kinds = new Set(c.words.map((w) => kindOf(w.text)).filter(Boolean));
    if (c.words.length < 2 || kinds.size < 2) {
      out.push(c);
      continue;
    }
    // one piece per labelled word; unlabelled words stay with the label before them
    const pieces: Word[][] = [];
    for (const w of c.words) {
      const last = pieces[pieces.length - 1];
      if (!last || kindOf(w.text)) pieces.push([w]);
      else last.push(w);
    }
    // two-word labels ("Unit Price", "Code article") stay together
    const merged: Word[][] = [];
    for (const p of pieces) {
      const prev = merged[merged.length - 1];
      const joined = prev ? norm([...prev, ...p].map((w) => w.text).join(' ')) : '';
      const m = prev ? COLUMN_PHRASE.exec(joined) : null;
      if (prev && m && m[0].length >= joined.length - 3) prev.push(...p);
      else merged.push([...p]);
    }
    for (const ws of merged) out.push(mk(ws, c));
  }
  return out;
}

function mergeHeaderRows(ctx: ExtractContext, line: Line, cols: Column[]): { cols: Column[]; last: Line } {
  // header labels printed over two or three lines: fold neighbouring lines that are all label words
  let last = line;
  const all = cols.slice();
  for (let j = line.index - 1; j >= Math.max(0, line.index - 2); j--) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || line.y0 - l.y1 > (line.y1 - line.y0) * 1.2) break;
    const extra = findHeaderLoose(l);
    if (!extra) break;
    for (const e of extra) {
      const same = all.find((c) => xOverlap(c, e) > 0.3);
      if (same) {
        if (same.kind === 'other') same.kind = e.kind;
      } else if (e.kind !== 'other') all.push(e);
    }
  }
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 3); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || l.y0 - last.y1 > (last.y1 - last.y0) * 1.5) break;
    if (lineNumbers(l, ctx.decimal).some((x) => isMoneyText(x.cell.text))) break;
    const extra = findHeaderLoose(l);
    if (!extra) break;
    for (const e of extra) {
      const same = all.find((c) => xOverlap(c, e) > 0.3);
      if (same) {
        if (same.kind === 'other' || (same.kind === 'desc' && e.kind !== 'desc')) same.kind = e.kind;
        same.x0 = Math.min(same.x0, e.x0);
        same.x1 = Math.max(same.x1, e.x1);
      } else all.push(e);
    }
    last = l;
  }
  return { cols: all.sort((a, b) => a.x0 - b.x0), last };
}

function findHeaderLoose(line: Line): Column[] | undefined {
  const cols: Column[] = [];
  for (const c of splitHeaderCells(line.cells)) {
    const n = norm(c.text);
    const hit = COLUMN_LABELS.find(([, re]) => re.test(n));
    if (hit) cols.push({ kind: hit[0], x0: c.x0, x1: c.x1 });
    else if (n.length < 20 && !/\d/.test(n)) cols.push({ kind: 'other', x0: c.x0, x1: c.x1 });
    else return undefined;
  }
  return cols.length ? cols : undefined;
}

/** The x-range of the description column: from its label to the next column's label. */
function descRangeOf(cols: Column[]): { x0: number; x1: number } | undefined {
  const sorted = cols.slice().sort((a, b) => a.x0 - b.x0);
  const i = sorted.findIndex((c) => c.kind === 'desc');
  if (i < 0) return undefined;
  const prev = sorted[i - 1];
  const next = sorted[i + 1];
  // descriptions start under their label: words further left belong to the code column
  const d = sorted[i]!;
  return { x0: prev ? Math.max(prev.x1 + 0.005, d.x0 - 0.02) : 0, x1: next ? next.x0 - 0.003 : 1 };
}

function columnFor(cols: Column[], cell: { x0: number; x1: number }): Column | undefined {
  let best: Column | undefined;
  let bestScore = -Infinity;
  for (const c of cols) {
    const ov = Math.min(c.x1, cell.x1) - Math.max(c.x0, cell.x0);
    const dist = Math.min(
      Math.abs(c.x1 - cell.x1),
      Math.abs(c.x0 - cell.x0),
      Math.abs((c.x0 + c.x1) / 2 - (cell.x0 + cell.x1) / 2),
    );
    const score = ov > 0 ? 1 + ov : -dist;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

interface RowNum {
  value: number;
  kind: ColumnKind | undefined;
  pct: boolean;
  money: boolean;
  text: string;
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/** Chooses quantity, unit price and amount of a row, by column first and by arithmetic second. */
function solveRow(nums: RowNum[]): {
  qty?: number;
  price?: number;
  amount?: number;
  vat?: number;
  discount?: number;
  conf: number;
} {
  const byKind = (k: ColumnKind) => nums.find((n) => n.kind === k);
  const vat = nums.find((n) => n.kind === 'vat' || n.pct);
  const plain = nums.filter((n) => n !== vat);
  const qty = byKind('qty')?.value;
  const price = byKind('price')?.value;
  let amount = byKind('amount')?.value;
  const discount = byKind('discount')?.value;
  const ok = (q?: number, p?: number, a?: number) =>
    q !== undefined &&
    p !== undefined &&
    a !== undefined &&
    (Math.abs(round2(q * p) - a) <= 0.011 || Math.abs(q * p - a) <= Math.abs(a) * 0.001 + 0.01);
  if (ok(qty, price, amount)) return { qty, price, amount, vat: vat?.value, discount, conf: 0.95 };
  // arithmetic search over all numbers of the row: the amount is usually the rightmost money value
  const vals = plain.map((n) => n.value);
  for (let a = vals.length - 1; a >= 0; a--) {
    for (let i = 0; i < vals.length; i++)
      for (let j = 0; j < vals.length; j++) {
        if (i === j || i === a || j === a) continue;
        if (ok(vals[i], vals[j], vals[a]) && vals[a] !== 0) {
          // the quantity is the rounder number, else the left one
          let q = vals[i]!;
          let p = vals[j]!;
          if (
            plain[i]!.kind === 'price' ||
            plain[j]!.kind === 'qty' ||
            (!plain[i]!.money && plain[j]!.money && i > j)
          )
            [q, p] = [p, q];
          return { qty: q, price: p, amount: vals[a], vat: vat?.value, discount, conf: 0.9 };
        }
      }
  }
  // with a discount column: q × p − d = a, or a discount in percent
  if (qty !== undefined && price !== undefined && amount !== undefined && discount !== undefined) {
    if (Math.abs(round2(qty * price - Math.abs(discount)) - amount) <= 0.011 && qty !== 0)
      return {
        qty,
        price: round4(amount / qty),
        amount,
        vat: vat?.value,
        discount: Math.abs(discount),
        conf: 0.9,
      };
    if (Math.abs(round2(qty * price * (1 - Math.abs(discount) / 100)) - amount) <= 0.011)
      return {
        qty,
        price: round4(amount / qty),
        amount,
        vat: vat?.value,
        discount: round2(qty * price - amount),
        conf: 0.85,
      };
  }
  const moneys = plain.filter((n) => n.money);
  amount ??= moneys[moneys.length - 1]?.value ?? plain[plain.length - 1]?.value;
  if (qty === undefined && price === undefined && amount !== undefined) {
    // only an amount: quantity 1 when a second equal value is printed as unit price
    const other = moneys.length >= 2 ? moneys[moneys.length - 2]!.value : undefined;
    if (other !== undefined && Math.abs(other - amount) < 0.011)
      return { qty: 1, price: other, amount, vat: vat?.value, conf: 0.7 };
  }
  return { qty, price, amount, vat: vat?.value, discount, conf: 0.4 };
}

const DETAIL_LINE = /^[•·▪]|^[\p{L}\s._-]{2,25}\s?:\s*\S|^\(?(?:gtin|ean|se_id|by_id|art-?nr|ref)\b/iu;

/** Line items: header → columns → rows (with wrapped descriptions), summary and discount rows skipped. */
export function extractItems(ctx: ExtractContext): {
  items: TItem[];
  conf: number[];
  boxes: TBox[];
  docDiscounts: number[];
} {
  const items: TItem[] = [];
  const confs: number[] = [];
  const boxes: TBox[] = [];
  const docDiscounts: number[] = [];
  let cols: Column[] | undefined;
  let inTable = false;
  let lastItemLine: Line | undefined;
  let pendingDesc: string[] = [];
  let partial: { nums: RowNum[]; desc: string; line: Line } | undefined;
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    const header = findHeader(ctx, line);
    if (header) {
      const merged = mergeHeaderRows(ctx, line, header);
      cols = merged.cols;
      inTable = true;
      lastItemLine = undefined;
      pendingDesc = [];
      i = merged.last.index;
      continue;
    }
    if (!inTable || !cols) continue;
    const n = norm(line.text);
    const nums = lineNumbers(line, ctx.decimal);
    const rowNums: RowNum[] = nums
      .map((x) => ({
        value: x.value,
        kind: columnFor(cols!, x.cell)?.kind,
        pct: x.pct,
        money: isMoneyText(x.cell.text),
        text: x.cell.text,
        mid: (x.cell.x0 + x.cell.x1) / 2,
      }))
      // numbers printed inside the description or code columns belong to the text
      .filter(
        (r) =>
          !(r.kind === 'desc' || r.kind === 'pos' || (r.kind === 'code' && !r.money)) ||
          !cols!.some((c) => c.kind === 'amount' || c.kind === 'price'),
      );
    const textCells = line.cells.filter(
      (c) => !looksNumeric(c.text) && !/^\d[\d.,]*\s*[a-z%²³]{0,4}$/i.test(c.text),
    );
    const descRange = descRangeOf(cols);
    const descWords = descRange
      ? line.words.filter((w) => (w.x0 + w.x1) / 2 >= descRange.x0 && (w.x0 + w.x1) / 2 < descRange.x1)
      : [];
    const descByWords = descWords.map((w) => w.text).join(' ');
    const descText0 = textCells
      .filter((c) => {
        const k = columnFor(cols!, c)?.kind;
        return (
          k === 'desc' ||
          k === 'other' ||
          k === undefined ||
          (k === 'code' && !cols!.some((c) => c.kind === 'desc'))
        );
      })
      .map((c) => c.text)
      .join(' ');
    const descText = descRange ? descByWords : descText0;
    const hasMoney = rowNums.some((r) => r.money && !r.pct && r.kind !== 'vat');
    const firstTextX = textCells[0]?.x0 ?? 1;
    const descCol = cols.find((c) => c.kind === 'desc');
    const hasQty = rowNums.some((r) => r.kind === 'qty');
    const summaryLike =
      SUMMARY_ROW.test(n) && (!hasQty || !descCol || firstTextX > descCol.x0 - 0.02 || n.length < 40);
    if (summaryLike && hasMoney && !/^\d/.test(n)) {
      // a sub-total between groups of lines is skipped; the totals block ends the table
      if (!/\b(?:sub\s*-?\s*total|zwischensumme|sous\s*-?\s*total|subtotaal|ubertrag|carried)\b/.test(n))
        inTable = false;
      continue;
    }
    if (hasMoney) {
      if (DISCOUNT_ROW.test(n) && !rowNums.some((r) => r.kind === 'qty')) {
        const a = rowNums.filter((r) => r.money).pop();
        if (a) docDiscounts.push(Math.abs(a.value));
        continue;
      }
      if (CHARGE_ROW.test(n) && !rowNums.some((r) => r.kind === 'qty')) continue;
      // with an amount column, an item row has its amount there (other numbers are notes or sub-lines)
      if (cols.some((c) => c.kind === 'amount') && !rowNums.some((r) => r.kind === 'amount' && !r.pct))
        continue;
      // quantity and price printed a little above the amount (two baselines in one row)
      let rowDesc = descText;
      if (
        partial &&
        !rowNums.some((r) => r.kind === 'qty' || r.kind === 'price') &&
        line.y0 - partial.line.y1 < (line.y1 - line.y0) * 1.5
      ) {
        rowNums.unshift(...partial.nums);
        rowDesc = `${partial.desc} ${descText}`.trim();
      }
      partial = undefined;
      const s = solveRow(rowNums);
      if (s.amount === undefined) continue;
      const codeCell = line.cells.find((c) => columnFor(cols!, c)?.kind === 'code' && !looksNumeric(c.text));
      const codeNum = nums.find((x) => columnFor(cols!, x.cell)?.kind === 'code') && {
        text: nums.find((x) => columnFor(cols!, x.cell)?.kind === 'code')!.cell.text,
      };
      let desc = rowDesc;
      let itemCode: string | undefined = codeCell?.text ?? (codeNum ? codeNum.text : undefined);
      if (itemCode && desc.startsWith(itemCode)) desc = desc.slice(itemCode.length).trim();
      const bracket = /^(?:\[([^\]]{2,30})\]|\*([^*\s]{2,30})\*)\s+(.+)$/.exec(desc);
      if (bracket) {
        itemCode ??= bracket[1] ?? bracket[2];
        desc = bracket[3]!;
      }
      if (!cols.some((c) => c.kind === 'code')) {
        const m = /^([A-Z0-9][A-Z0-9_\-./]{2,})\s+(.{3,})$/i.exec(desc);
        if (m && /\d/.test(m[1]!) && !/^\d{1,3}$/.test(m[1]!)) {
          itemCode = m[1];
          desc = m[2]!;
        }
      }
      desc = desc.replace(/^\d{1,3}\s+(?=\S)/, (x) =>
        cols!.some((c) => c.kind === 'pos') || /^\d{1,3}\s+[A-Za-z]/.test(desc) ? '' : x,
      );
      if (pendingDesc.length && !desc) desc = pendingDesc.join(' ');
      pendingDesc = [];
      desc = desc
        .replace(/\b[A-Z][A-Z_]{1,10}:\s*\S+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      const it: TItem = { itemDesc: desc.trim() };
      if (itemCode) it.itemCode = itemCode.trim();
      if (s.qty !== undefined) it.itemQty = s.qty;
      if (s.price !== undefined) it.price = s.price;
      if (s.amount !== undefined) it.amount = s.amount;
      if (s.vat !== undefined) it.vat = s.vat;
      if (s.discount !== undefined && s.discount !== 0) it.discount = Math.abs(s.discount);
      const unitCell = line.cells.find((c) => columnFor(cols!, c)?.kind === 'unit' && !looksNumeric(c.text));
      if (unitCell) it.unitOfMeasure = unitCell.text;
      items.push(it);
      confs.push(s.conf);
      boxes.push(boxOf(line));
      lastItemLine = line;
      continue;
    }
    // text only: a wrapped description line belongs to the item above when close to it
    const contText = descText;
    if (rowNums.some((r) => r.kind === 'qty' || r.kind === 'price')) {
      partial = { nums: rowNums, desc: descText, line };
      continue;
    }
    if (!contText || (CHARGE_ROW.test(n) && !lastItemLine)) continue;
    if (/^(?:page|seite|pagina)\b/.test(n)) continue;
    // a totals or tax block header ends the table even without amounts on its line
    if (summaryLike && line.cells.length >= 2 && !hasQty) {
      inTable = false;
      continue;
    }
    // detail lines (periods, dates, "Label: value" notes, bullets) are not part of the description
    if (DETAIL_LINE.test(contText) || findDates(contText).length) {
      pendingDesc = [];
      continue;
    }
    const prev = items[items.length - 1];
    const gap = lastItemLine ? line.y0 - lastItemLine.y1 : Infinity;
    const h = line.y1 - line.y0;
    if (prev && lastItemLine && lastItemLine.page === line.page && gap < h * 1.2) {
      prev.itemDesc = `${prev.itemDesc ?? ''} ${contText}`.trim();
      lastItemLine = line;
    } else pendingDesc.push(contText);
    if (pendingDesc.length > 3) pendingDesc.shift();
  }
  return { items, conf: confs, boxes, docDiscounts };
}

/** Currency from ISO codes or signs printed on the page. */
export function extractCurrency(ctx: ExtractContext): string | undefined {
  const text = ctx.lines.map((l) => l.text).join('\n');
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/\b(EUR|USD|GBP|CHF|MYR|RM|SGD)\b|([€$£])/g)) {
    const c = m[1] === 'RM' ? 'MYR' : (m[1] ?? { '€': 'EUR', $: 'USD', '£': 'GBP' }[m[2]!]!);
    counts[c] = (counts[c] ?? 0) + 1;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best?.[0];
}

export type PartialResult = Pick<
  TReaderResult,
  'documentType' | 'currency' | 'vendor' | 'recipient' | 'invoiceTo' | 'headers' | 'totals' | 'items'
>;
