import { netFrom, oneRate, totalsAddUp } from './checks.js';
import { type ExtractContext, isAmountText, isMoneyText, lineNumbers } from './context.js';
import type { Cell } from './layout.js';
import { round2 } from './parse.js';
import type { TBox, TTotals } from './types.js';

/** A printed amount of the page outside the item rows, as read or (plain digits) as cents. */
interface Printed {
  value: number;
  cell: Cell;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.011;

/**
 * The net, VAT and total of a page whose labelled totals do not add up (a totals label OCR garbled or one the
 * reader does not know, an amount whose decimal point OCR lost, "76531" for 765.31), found by arithmetic among the page's printed amounts
 * outside the item rows: one amount the item lines lead to (their sum after the printed discount and charges),
 * one that is a single VAT rate of it (whole or half per cent under 30 %) and one that is the sum of the two;
 * or, for lines printed with VAT, the lines' sum as the total and two amounts that add up to it the same way;
 * or the same around a net or a total read under its own label (the other labels garbled). Without either (the
 * item rows lost too), on a scan, a single triple of the page's amounts that fits.
 * Plain digits where amounts have cents count as cents. Only a single such assignment of values is taken (two
 * that fit take nothing); labelled values that already add up are left alone. Returns the three roles with
 * their boxes, or undefined.
 */
export function totalsByArithmetic(
  ctx: ExtractContext,
  lineSum: number | undefined,
  totals: TTotals,
  itemBoxes: TBox[],
): { net: Printed; vat: Printed; invoiceTotal: Printed } | undefined {
  if (ctx.isReceipt || totalsAddUp(totals)) return undefined;
  const lines = lineSum !== undefined && Math.abs(lineSum) >= 0.01 ? lineSum : undefined;
  // what the net or the total is known to be: the lines' sum, or an amount read under its own label
  const nets = [lines !== undefined ? netFrom(totals, lines) : undefined, totals.net].filter(
    (x): x is number => x !== undefined,
  );
  const grosses = [lines, totals.invoiceTotal].filter((x): x is number => x !== undefined);
  const amounts = printedAmounts(ctx, itemBoxes);
  const found: { net: Printed; vat: Printed; invoiceTotal: Printed; anchored: boolean }[] = [];
  // on a text layer (its amounts as printed), the VAT read under its own label: a rate of the net or not (whole
  // units round it, several rates sum)
  const labelledVat = (v: Printed) => !ctx.ocr && totals.vat !== undefined && near(v.value, totals.vat);
  for (const n of amounts)
    for (const v of amounts) {
      if (v.cell === n.cell || Math.sign(v.value) !== Math.sign(n.value)) continue;
      if (!oneRate(Math.abs(n.value), Math.abs(v.value), ctx.wholeUnits) && !labelledVat(v)) continue;
      for (const t of amounts) {
        if (t.cell === n.cell || t.cell === v.cell || !near(round2(n.value + v.value), t.value)) continue;
        // the lines lead to the net, or (printed with VAT) add up to the total; or a labelled net, total or VAT
        const anchored =
          nets.some((x) => near(n.value, x)) || grosses.some((x) => near(t.value, x)) || labelledVat(v);
        found.push({ net: n, vat: v, invoiceTotal: t, anchored });
      }
    }
  // the triples something else confirms, else, on a scan, all of them (a page whose labels and item rows OCR
  // lost); a text layer's amounts are as printed, so only its unknown labels are in question
  const sure = found.filter((f) => f.anchored);
  const pick = sure.length || !ctx.ocr ? sure : found;
  const values = new Set(pick.map((f) => `${f.net.value}|${f.vat.value}|${f.invoiceTotal.value}`));
  const one = values.size === 1 ? pick[0] : undefined;
  return one && { net: one.net, vat: one.vat, invoiceTotal: one.invoiceTotal };
}

/** Whether a cell stands in one of the item rows' boxes. */
function inItems(c: Cell, itemBoxes: TBox[]): boolean {
  const x = (c.x0 + c.x1) / 2;
  const y = (c.y0 + c.y1) / 2;
  return itemBoxes.some((b) => b.page === c.page && x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h);
}

/** The amounts printed on the page outside the item rows; on a scan, plain digits where amounts have cents as cents. */
function printedAmounts(ctx: ExtractContext, itemBoxes: TBox[]): Printed[] {
  const amounts: Printed[] = [];
  for (const line of ctx.lines)
    for (const x of lineNumbers(line, ctx.decimal)) {
      if (x.pct || !isAmountText(x.cell.text) || inItems(x.cell, itemBoxes)) continue;
      if (isMoneyText(x.cell.text, ctx.wholeUnits)) amounts.push({ value: x.value, cell: x.cell });
      // a scan's plain digits where amounts have cents: the decimal separator lost ("5441636")
      else if (
        ctx.ocr &&
        !ctx.wholeUnits &&
        Number.isInteger(x.value) &&
        Math.abs(x.value) >= 100 &&
        !/\d[.,' ]\d/.test(x.cell.text)
      )
        amounts.push({ value: x.value / 100, cell: x.cell });
    }
  return amounts;
}

/** A net, VAT or total found by arithmetic, with the printed amount that is it. */
type Completed = { field: 'net' | 'vat' | 'invoiceTotal'; amount: Printed };

/**
 * The net, VAT or total a page prints under labels the reader does not know, completing net + VAT = total:
 * - one of the three missing, the other two read: the amount printed outside the item rows that completes them
 *   (its last printing). The VAT (a misspelt "Umsatzssteuer") only on a text layer and only as a single rate of
 *   the net, among its money amounts; the net or the total ("Goods value", "To pay") on any page, in whole units
 *   too;
 * - all three read but not adding up: the net or the total may be an amount another label names (the balance
 *   after a prepayment): the printed amount that completes the other two takes its place, where only one of the
 *   two can be so replaced;
 * - only the net missing and nothing completing it: the amount read as the total is the net where that plus the
 *   VAT is printed, which is the total; else the read total is none (a balance after a prepayment) and the net
 *   and total are found as where both are missing;
 * - net and total both missing, the VAT read as nothing: both are the amount the lines lead to (`withoutVat`);
 * - net and total both missing, the VAT read (per rate, say): the net is the amount the page's own arithmetic
 *   leads to — the lines' sum or the subtotal, with the discount and charges read — where it is printed, and the
 *   total is printed as that net plus the VAT; else the one pair of printed amounts that differ by the VAT.
 */
export function missingTotals(
  ctx: ExtractContext,
  totals: TTotals,
  itemBoxes: TBox[],
  lineSum?: number,
): Completed[] {
  if (ctx.isReceipt) return [];
  const missing = (['net', 'vat', 'invoiceTotal'] as const).filter((k) => totals[k] === undefined);
  const one = (m: Completed | undefined) => (m ? [m] : []);
  const done = missing.length === 1 ? completing(ctx, totals, itemBoxes, missing[0]!) : undefined;
  // only the net missing and no printed amount completing it: the amount read as the total may be the net
  // ("Total lines excl. VAT" above a net and a total under labels the reader does not know)
  const totalAsNet = missing.length === 1 && missing[0] === 'net' && !done;
  if (missing.length === 1 && !totalAsNet) return one(done);
  const { net, vat, invoiceTotal, subtotal } = totals;
  if (missing.length === 0) {
    if (near(round2(net! + vat!), invoiceTotal!)) return [];
    const mends = (['net', 'invoiceTotal'] as const).flatMap((f) =>
      one(completing(ctx, { ...totals, [f]: undefined }, itemBoxes, f)),
    );
    return mends.length === 1 ? mends : [];
  }
  if (vat === undefined) return [];
  const printed = printedAmounts(ctx, itemBoxes);
  if (Math.abs(vat) < 0.01) return withoutVat(printed, [lineSum, subtotal]);
  // (the amount read as the total may be the net; where it is not, it is no total either — a balance after a
  // prepayment, "Summe Positionen" over a packing charge — and the net is what the lines or the subtotal lead to)
  const anchors = [...(totalAsNet ? [invoiceTotal] : []), lineSum, subtotal]
    .filter((a): a is number => a !== undefined)
    .flatMap((a) => [a, netFrom(totals, a)]);
  const pair = (n: Printed | undefined): Completed[] => {
    const t = n && printed.filter((p) => near(p.value, round2(n.value + vat))).pop();
    return n && t
      ? [
          { field: 'net', amount: n },
          { field: 'invoiceTotal', amount: t },
        ]
      : [];
  };
  for (const a of new Set(anchors)) {
    const found = pair(printed.filter((p) => near(p.value, a)).pop());
    if (found.length) return found;
  }
  // or, where the arithmetic leads to no printed net (a charge not read), the one pair of printed amounts that
  // differ by the VAT, the net larger than the VAT
  const pairs = new Map(
    printed
      .filter((p) => Math.abs(p.value) > Math.abs(vat))
      .map((p) => [p.value, pair(p)] as const)
      .filter(([, f]) => f.length),
  );
  return pairs.size === 1 ? [...pairs.values()][0]! : [];
}

/**
 * A VAT of nothing read ("Tax 20% 0.00 / Tax 0% 0.00", a reverse charge, an export): the net and the total are one
 * amount, the one the lines or the subtotal lead to, where every amount printed from its first printing on is it or
 * nothing (a total larger than it would be a VAT the reader missed).
 */
function withoutVat(printed: Printed[], anchors: (number | undefined)[]): Completed[] {
  for (const a of anchors) {
    if (a === undefined) continue;
    const at = printed.filter((p) => near(p.value, a));
    const first = at[0];
    if (!first) continue;
    const from = printed.slice(printed.indexOf(first));
    if (from.every((p) => near(p.value, a) || Math.abs(p.value) < 0.01))
      return [
        { field: 'net', amount: first },
        { field: 'invoiceTotal', amount: at[at.length - 1]! },
      ];
  }
  return [];
}

/** The printed amount that completes net + VAT = total as `field`, the other two as read. */
function completing(
  ctx: ExtractContext,
  totals: TTotals,
  itemBoxes: TBox[],
  field: Completed['field'],
): Completed | undefined {
  const { net = 0, vat = 0, invoiceTotal = 0 } = totals;
  let candidates: Printed[];
  let want: number;
  if (field === 'vat') {
    want = round2(invoiceTotal - net);
    if (ctx.ocr || Math.abs(want) < 0.01 || !oneRate(Math.abs(net), Math.abs(want), ctx.wholeUnits))
      return undefined;
    candidates = printedAmounts(ctx, itemBoxes);
  } else {
    if (Math.abs(vat) < 0.01) return undefined;
    want = field === 'net' ? round2(invoiceTotal - vat) : round2(net + vat);
    candidates = ctx.lines.flatMap((line) =>
      lineNumbers(line, ctx.decimal)
        .filter((x) => !x.pct && isAmountText(x.cell.text) && !inItems(x.cell, itemBoxes))
        .map((x) => ({ value: x.value, cell: x.cell })),
    );
  }
  const amount = candidates.filter((a) => near(a.value, want)).pop();
  return amount && { field, amount };
}
