import { round2 } from './parse.js';
import { vatIdShaped } from './parties.js';
import type { TIssue, TItem, TReaderResult, TTotals } from './types.js';

export interface CheckOptions {
  /** documents already stored, to report duplicates */
  previous?: { vendorName?: string; invoiceNum?: string; invoiceTotal?: number }[];
  /** supplier names the shop knows; when given, any other vendor is reported as unknown */
  knownSuppliers?: string[];
  now?: Date;
}

const near = (a: number, b: number, tol = 0.011) => Math.abs(a - b) <= tol;

/**
 * The VAT is a whole or half per cent (above 0, under 30 %) of the net, to the cent (`wholeUnits`: to the unit,
 * as a currency without cents rounds it): one rate × its base.
 */
export function oneRate(net: number, vat: number, wholeUnits = false): boolean {
  for (let p = 0.5; p < 30; p += 0.5)
    if (near(round2((net * p) / 100), vat, wholeUnits ? 0.5 : 0.011)) return true;
  return false;
}

/** Net, VAT and total are all read, and net + VAT = total to two cents. */
export const totalsAddUp = (t: Partial<Record<'net' | 'vat' | 'invoiceTotal', number>>) =>
  t.net !== undefined &&
  t.vat !== undefined &&
  t.invoiceTotal !== undefined &&
  near(round2(t.net + t.vat), t.invoiceTotal, 0.02);

/**
 * The net a subtotal leads to: the document discount taken off and charges added. Both are printed as amounts;
 * on a credit note (negative subtotal) they work in its direction.
 */
export function netFrom(t: TTotals, subtotal: number): number {
  const s = subtotal < 0 ? -1 : 1;
  return round2(subtotal - s * Math.abs(t.discount ?? 0) + s * Math.abs(t.charges ?? 0));
}
/** Quantity × price less a line's discount (kept as a size): a credit note's negative line comes nearer to zero. */
const lessDiscount = (q: number, p: number, discount = 0) =>
  round2(q * p - (q * p < 0 ? -1 : 1) * Math.abs(discount));

/**
 * A line's quantity × price, less its discount, is its amount. A unit price printed to the cent may have been
 * rounded: up to half a cent per unit. A price for 10, 100 or 1000 units ("Preis je 100 Stück") gives the amount
 * exactly, but only on a text layer, since in OCR'd text a lost decimal comma ("2,00" read as "200") looks the same.
 */
export function multipliesOut(it: TItem, source?: TReaderResult['source']): boolean {
  const { itemQty: q, price: p, amount: a } = it;
  if (q === undefined || p === undefined || a === undefined) return false;
  const tol = Math.max(0.011, Math.abs(a) * 0.001, Math.abs(q) * 0.005);
  // (a net price worked out from a discount rate: a whole-unit currency rounds its amount to the unit)
  if (near(lessDiscount(q, p, it.discount), a, tol) || near(round2(q * p), a, tol)) return true;
  return source === 'text' && [10, 100, 1000].some((base) => near(round2((q * p) / base), a));
}

const simple = (s: string | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Arithmetic and plausibility checks; every failure becomes an issue a person can read. */
export function runChecks(r: TReaderResult, opts: CheckOptions = {}): TIssue[] {
  const issues: TIssue[] = [];
  const money = (n: number) => n.toFixed(2);
  // a line of a text layer with an amount and neither quantity nor price, in a table whose lines add up to the
  // printed totals, is a service line as printed: nothing for a person to add (the row's own confidence says how
  // sure its reading is). On a scan OCR may have lost them, and the check tells the readings of a page apart
  const serviceLines = r.source === 'text' && linesAddUp(r);
  r.items.forEach((it, i) => {
    if (it.itemQty !== undefined && it.price !== undefined && it.amount !== undefined) {
      if (!multipliesOut(it, r.source)) {
        const expect = lessDiscount(it.itemQty, it.price, it.discount);
        issues.push({
          table: 'items',
          column: 'amount',
          item: i,
          description: `Quantity × price − discount is ${money(expect)} but the line says ${money(it.amount)}`,
        });
      }
    } else if (it.amount === undefined)
      issues.push({ table: 'items', column: 'amount', item: i, description: 'The line has no amount' });
    else if (
      (it.itemQty === undefined || it.price === undefined) &&
      !(serviceLines && it.itemQty === undefined && it.price === undefined)
    )
      issues.push({
        table: 'items',
        column: it.itemQty === undefined ? 'itemQty' : 'price',
        item: i,
        description: 'The line has no quantity or unit price',
      });
    if (!it.itemDesc)
      issues.push({
        table: 'items',
        column: 'itemDesc',
        item: i,
        description: 'The line has no description',
      });
  });
  const t = r.totals;
  const sum = round2(r.items.reduce((a, it) => a + (it.amount ?? 0), 0));
  if (r.items.length) {
    const target = t.subtotal ?? (t.discount || t.charges ? undefined : t.net);
    // lines priced with VAT included add up to the total instead
    const gross = t.subtotal === undefined && t.invoiceTotal !== undefined && near(sum, t.invoiceTotal, 0.02);
    if (target !== undefined && !near(sum, target, 0.02) && !gross)
      issues.push({
        table: 'totals',
        column: t.subtotal !== undefined ? 'subtotal' : 'net',
        description: `Line amounts add up to ${money(sum)} but the ${t.subtotal !== undefined ? 'subtotal' : 'net total'} says ${money(target)}`,
      });
  }
  if (t.net !== undefined && t.vat !== undefined && t.invoiceTotal !== undefined && !totalsAddUp(t))
    issues.push({
      table: 'totals',
      column: 'invoiceTotal',
      description: `Net ${money(t.net)} + VAT ${money(t.vat)} is ${money(t.net + t.vat)} but the total says ${money(t.invoiceTotal)}`,
    });
  if (
    t.subtotal !== undefined &&
    t.net !== undefined &&
    (t.discount !== undefined || t.charges !== undefined) &&
    !near(netFrom(t, t.subtotal), t.net, 0.02) &&
    !near(t.subtotal, t.net)
  )
    issues.push({
      table: 'totals',
      column: 'net',
      description: `Subtotal ${money(t.subtotal)}${t.discount ? ` − discount ${money(Math.abs(t.discount))}` : ''}${t.charges ? ` + charges ${money(Math.abs(t.charges))}` : ''} does not give the net total ${money(t.net)}`,
    });
  if (t.invoiceTotal === undefined)
    issues.push({ table: 'totals', column: 'invoiceTotal', description: 'No invoice total found' });
  // dates
  const now = opts.now ?? new Date();
  const h = r.headers;
  for (const k of ['invoiceDate', 'orderDate', 'dueDate'] as const) {
    const d = h[k];
    if (!d) continue;
    const dt = new Date(`${d}T00:00:00Z`);
    const years = (now.getTime() - dt.getTime()) / (365.25 * 864e5);
    if (years > 15 || years < -1)
      issues.push({ table: 'headers', column: k, description: `The ${k} ${d} is not plausible` });
  }
  if (h.invoiceDate && h.dueDate && h.dueDate < h.invoiceDate)
    issues.push({
      table: 'headers',
      column: 'dueDate',
      description: `The due date ${h.dueDate} is before the invoice date ${h.invoiceDate}`,
    });
  // required fields; an invoice or order becomes an order of items, a receipt only needs its total
  const isOrder = r.documentType === 'order';
  if (r.documentType !== 'receipt') {
    if (!r.items.length)
      issues.push({ table: 'items', column: 'itemDesc', description: 'No line items found' });
    if (isOrder ? !h.orderNum : !h.invoiceNum)
      issues.push({
        table: 'headers',
        column: isOrder ? 'orderNum' : 'invoiceNum',
        description: `No ${isOrder ? 'order' : 'invoice'} number found`,
      });
  }
  if (!h.invoiceDate && !h.orderDate)
    issues.push({ table: 'headers', column: 'invoiceDate', description: 'No document date found' });
  if (!r.vendor.name) issues.push({ table: 'vendor', column: 'name', description: 'No supplier name found' });
  if (r.vendor.vatNumber && !vatIdShaped(r.vendor.vatNumber))
    issues.push({
      table: 'vendor',
      column: 'vatNumber',
      description: `The VAT id ${r.vendor.vatNumber} does not have its country's format`,
    });
  // duplicates and unknown suppliers
  if (opts.previous && h.invoiceNum) {
    const dup = opts.previous.find(
      (p) =>
        simple(p.invoiceNum) === simple(h.invoiceNum) &&
        (!p.vendorName || !r.vendor.name || simple(p.vendorName) === simple(r.vendor.name)),
    );
    if (dup)
      issues.push({
        table: 'headers',
        column: 'invoiceNum',
        description: `Document ${h.invoiceNum} was already read before (possible duplicate)`,
      });
  }
  if (opts.knownSuppliers && r.vendor.name) {
    const v = simple(r.vendor.name);
    if (!opts.knownSuppliers.some((s) => simple(s) === v || (simple(s).length > 4 && v.includes(simple(s)))))
      issues.push({ table: 'vendor', column: 'name', description: `Unknown supplier "${r.vendor.name}"` });
  }
  return issues;
}

/**
 * The line amounts add up to a total printed on the page: the subtotal, the net (after the document discount and
 * charges), or the total for VAT-inclusive lines. Lines that add up to nothing may be incomplete, even without a
 * failed check.
 */
export function linesAddUp(r: TReaderResult): boolean {
  if (!r.items.length) return false;
  const sum = round2(r.items.reduce((a, it) => a + (it.amount ?? 0), 0));
  const t = r.totals;
  return (
    [t.subtotal, t.invoiceTotal].some((v) => v !== undefined && near(sum, v, 0.02)) ||
    (t.net !== undefined && near(netFrom(t, sum), t.net, 0.02))
  );
}
