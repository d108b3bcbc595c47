import { boxOf, type ExtractContext, lineNumbers } from './context.js';
import { LEGAL_FORM } from './labels.js';
import type { Cell, Line } from './layout.js';
import { norm, round2 } from './parse.js';
import { isNoiseName, type Parties } from './parties.js';
import type { TBox, TParty, TReaderResult } from './types.js';

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

/** Combines several OCR readings of one receipt: each field takes the value most readings agree on. */
export function voteReadings(readings: { r: TReaderResult; ctx: ExtractContext }[]): TReaderResult {
  const base = structuredClone(readings[0]!.r);
  const dates = new Map<string, number>();
  readings.forEach(({ r }, i) => {
    const d = r.headers.invoiceDate;
    if (d && Number(d.slice(0, 4)) >= 2000 && Number(d.slice(0, 4)) <= new Date().getUTCFullYear() + 1)
      dates.set(d, (dates.get(d) ?? 0) + 1 + (i === 0 ? 0.1 : 0));
  });
  const bestDate = [...dates.entries()].sort((a, b) => b[1] - a[1])[0];
  if (bestDate) {
    base.headers.invoiceDate = bestDate[0];
    base.confidence.fields['headers.invoiceDate'] = Math.min(0.97, 0.5 + 0.2 * bestDate[1]);
  }
  const totals = new Map<number, number>();
  for (const { ctx } of readings)
    for (const c of receiptTotals(ctx).slice(0, 3)) totals.set(c.value, (totals.get(c.value) ?? 0) + c.score);
  const bestTotal = [...totals.entries()].sort((a, b) => b[1] - a[1])[0];
  if (bestTotal) {
    base.totals.invoiceTotal = bestTotal[0];
    base.confidence.fields['totals.invoiceTotal'] = Math.min(0.97, 0.4 + 0.08 * bestTotal[1]);
  }
  if (!base.vendor.name) {
    const v = readings.find((x) => x.r.vendor.name);
    if (v) base.vendor = v.r.vendor;
  }
  // agreement between readings is what makes a receipt trustworthy
  const same = (a?: string, b?: string) =>
    !!a && !!b && norm(a).replace(/[^a-z0-9]/g, '') === norm(b).replace(/[^a-z0-9]/g, '');
  const nameVotes = readings.filter((x) => same(x.r.vendor.name, base.vendor.name)).length;
  const addrVotes = readings.filter((x) => same(x.r.vendor.address, base.vendor.address)).length;
  const totalVotes = readings.filter(
    (x) => receiptTotals(x.ctx)[0]?.value === base.totals.invoiceTotal,
  ).length;
  const f = base.confidence.fields;
  f['vendor.name'] = nameVotes >= 2 ? 0.9 : 0.5;
  f['vendor.address'] = base.vendor.address ? (addrVotes >= 2 ? 0.9 : 0.5) : 0;
  if (base.totals.invoiceTotal !== undefined)
    f['totals.invoiceTotal'] = Math.min(f['totals.invoiceTotal'] ?? 0, totalVotes >= 2 ? 0.95 : 0.6);
  return base;
}
