import { codesFromOwnColumn } from './code-column.js';
import { boxOf, type ExtractContext, isMoneyText, lineNumbers } from './context.js';
import type { RowEvidence } from './item-confidence.js';
import {
  BATCH_WORD,
  CHARGE_ROW,
  COLUMN_LABELS,
  COLUMN_PHRASE,
  type ColumnKind,
  DISCOUNT_ROW,
  SUMMARY_ROW,
  TOTALS_CHARGE_ROW,
} from './labels.js';
import { type Cell, cellOf, type Line, xOverlap } from './layout.js';
import { CURRENCY_SIGN, findDates, looksNumeric, norm, parseNumber, round2 } from './parse.js';
import { vatIdsOf } from './parties.js';
import type { TBox, TItem, Word } from './types.js';

interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
  /** the label text (normalised), over all header lines */
  label: string;
  /** a code label over a description label: the code is on the item's line, its description on the next one */
  descBelow?: boolean;
}

/** Finds table header rows: lines with at least two column words, one of them a number column. */
export function findHeader(ctx: ExtractContext, line: Line): Column[] | undefined {
  // a cell that starts with a number, holds a rate or reads "Label: value" belongs to a row or a note under
  // one, never to a heading row (the rules below that name columns by the numbers under a row would take an
  // item's own line, or its "GTIN: …" note, for the next table's heading)
  if (line.cells.some((c) => /^\d|\d\s*%|\p{L}\s?:\s*\S/u.test(c.text))) return undefined;
  // a band of header values under its labels ("Credit note number | Tax point | Client ref." over "K54-950357 |
  // 2026-05-25 | 09087"): a value with digits under each label and no amount among them heads no item table
  const next = ctx.lines[line.index + 1];
  if (
    line.cells.length >= 2 &&
    next?.page === line.page &&
    next.cells.length === line.cells.length &&
    next.cells.every((c, k) => /\d/.test(c.text) && xOverlap(c, line.cells[k]!) > 0) &&
    !lineNumbers(next, ctx.decimal).some((x) => isMoneyText(x.cell.text, ctx.wholeUnits))
  )
    return undefined;
  const cols: Column[] = [];
  const seen = new Set<ColumnKind>();
  const unknown: Cell[] = [];
  const short: Cell[] = [];
  for (const c of splitHeaderCells(ctx.ocr ? mendHeadingSlips(line.cells) : line.cells)) {
    const n = norm(c.text);
    if (n.length > 40) return undefined;
    const hit = COLUMN_LABELS.find(([, re]) => re.test(n));
    if (!hit) {
      if (n.length <= 25 && /[a-z]{3}/.test(n) && !/\d/.test(n)) unknown.push(c);
      // a short heading ("Nb", "St.") names no text column but may still head numbers
      else if (/^[a-z]{1,2}\.?$/.test(n)) short.push(c);
      continue;
    }
    let kind = hit[0];
    // "Total HT" in a header row is the line amount column
    if (kind === 'vat' && /\b(?:total|amount|betrag|montant)\b/.test(n)) kind = 'amount';
    if (seen.has(kind) && kind !== 'other') kind = kind === 'amount' || kind === 'price' ? 'other' : kind;
    seen.add(kind);
    cols.push({ kind, x0: c.x0, x1: c.x1, label: n });
  }
  // headings the labels do not know, named by the numbers under them: the rightmost heading over the rows'
  // last money amounts is the amount column, in a table that has a price, quantity or rate column by name
  const named = (k: ColumnKind) => seen.has(k);
  if (!named('amount') && (named('price') || named('qty') || named('vat') || named('discount'))) {
    // (a rate or tax-code column may stand right of the amounts, "VAT code" read as a rate's and a code's
    // heading: the rightmost heading of another kind)
    const last = [
      ...cols.filter((c) => c.kind !== 'vat' && c.kind !== 'code'),
      ...unknown.map((u) => ({ kind: 'other' as const, x0: u.x0, x1: u.x1, label: '' })),
    ].sort((a, b) => b.x1 - a.x1)[0];
    const u = unknown.find((c) => c.x1 === last?.x1);
    if (u && rowsEndUnder(ctx, line, u) >= 1) {
      unknown.splice(unknown.indexOf(u), 1);
      cols.push({ kind: 'amount', x0: u.x0, x1: u.x1, label: norm(u.text) });
      // the same heading left of it over money ("ISK | ISK", "EUR | EUR": a currency code over both) heads the
      // unit prices
      const twin = unknown.find((c) => norm(c.text) === norm(u.text) && c.x1 < u.x0);
      if (twin && !named('price') && moneyUnder(ctx, line, twin) >= 1) {
        unknown.splice(unknown.indexOf(twin), 1);
        cols.push({ kind: 'price', x0: twin.x0, x1: twin.x1, label: norm(twin.text) });
        seen.add('price');
      }
      cols.sort((a, b) => a.x0 - b.x0);
      seen.add('amount');
    }
  }
  // a heading the labels do not know (or OCR garbled: "P/st" read as "Pist") over money amounts aligned between the
  // description and the line amount heads the unit prices: the description must not swallow them
  if (named('desc') && named('amount') && !named('price') && unknown.length && !/\d/.test(line.text)) {
    const desc = cols.find((c) => c.kind === 'desc')!;
    const amount = cols.find((c) => c.kind === 'amount')!;
    const money = numberColumns(ctx, line, cols).find((g) => g.x0 > desc.x1 && g.x1 < amount.x0);
    const u = money && unknown.find((c) => xOverlap(c, money) > 0.5);
    // (where no heading names the quantities, one next to the unit's heads them: "Stück | Einheit" over "80 | kg",
    // whose whole-unit amounts 80 divides to a price as well; beside a quantity column it is the price's)
    const headings = [...cols, ...unknown].sort((a, b) => a.x0 - b.x0);
    const k = u ? headings.indexOf(u) : -1;
    const besideUnit =
      !named('qty') && [headings[k - 1], headings[k + 1]].some((c) => c && 'kind' in c && c.kind === 'unit');
    if (u && !besideUnit && pricesUnder(ctx, line, money, amount, named('qty')) >= 2) {
      unknown.splice(unknown.indexOf(u), 1);
      cols.push({
        kind: 'price',
        x0: Math.min(u.x0, money.x0),
        x1: Math.max(u.x1, money.x1),
        label: norm(u.text),
      });
      cols.sort((a, b) => a.x0 - b.x0);
      seen.add('price');
    }
  }
  // "No." right of the text columns counts items, it numbers no positions ("Line", "Pos." always do)
  const textStart = Math.min(...[...cols.filter((c) => c.kind === 'desc'), ...unknown].map((c) => c.x0));
  for (const c of cols)
    if (c.kind === 'pos' && /^(?:no|nr|n°|#)\.?$/.test(c.label) && c.x0 > textStart && !seen.has('qty')) {
      c.kind = 'qty';
      seen.add('qty');
    }
  // rows whose last amount is the product of two of their numbers are items whatever the headings say ("Pcs",
  // "Each", "Ext. price"): the products' column is the line amount; a description is named below
  // (only under a row that reads like a table heading: a description line over item rows is no header)
  const headingLike = spansTable(cols) && !/\d/.test(line.text);
  const products =
    !seen.has('desc') && !seen.has('qty') && headingLike ? productColumn(ctx, line) : undefined;
  if (products) {
    const over = cols.find((c) => xOverlap(c, products) > 0 && (c.kind === 'price' || c.kind === 'other'));
    if (over) over.kind = 'amount';
    else if (!seen.has('amount')) cols.push({ kind: 'amount', ...products, label: '' });
    seen.add('amount');
  }
  // a heading row that names no amount or price column (blank headings over the numbers, a currency code): the
  // money amounts aligned under it name them, when the row names two kinds of column wherever they stand ("Qty"
  // first, then the description; positions, codes and a rate), or its description and has a heading the labels
  // do not know over the rows' last amounts ("EUR")
  const headOverAmounts = () =>
    named('desc') && unknown.some((u) => u.x0 > 0.45 && rowsEndUnder(ctx, line, u) >= 2);
  if (
    !named('amount') &&
    !named('price') &&
    !/\d/.test(line.text) &&
    (knownKinds(cols) >= 2 || headOverAmounts())
  ) {
    const amounts = numberColumns(ctx, line, cols);
    // a heading it does not know between the description and those amounts ("ArtikelnummerME") heads a column
    // of its own, which the description must not swallow
    const desc = cols.find((c) => c.kind === 'desc');
    const firstAmount = Math.min(...amounts.map((c) => c.x0));
    for (const u of desc ? unknown.filter((u) => u.x0 > desc.x1 && u.x1 < firstAmount) : [])
      cols.push({ kind: 'other', x0: u.x0, x1: u.x1, label: norm(u.text) });
    for (const c of amounts) {
      cols.push(c);
      seen.add(c.kind);
    }
  }
  // a heading the labels do not know, left of the numbers, over the widest text column: the description of
  // a table with quantities (a VAT or payment table has none), or of one whose amounts were found under it
  const firstNumber = Math.min(
    ...cols.filter((c) => ['qty', 'price', 'amount'].includes(c.kind)).map((c) => c.x0),
  );
  if (
    !seen.has('desc') &&
    (seen.has('qty') ||
      products ||
      (seen.has('amount') && rowsEndUnder(ctx, line, cols.find((c) => c.kind === 'amount')!) >= 2)) &&
    unknown.length
  ) {
    const xs = [...cols.map((c) => c.x0), ...unknown.map((c) => c.x0)].sort((a, b) => a - b);
    const span = (c: Cell) => (xs.find((x) => x > c.x0) ?? 1) - c.x0;
    // left of all numbers, else a wide one left of the money columns where a quantity column comes first
    // ("Aant. | Nr. | Omschr. | … | Waarde"; a narrow heading between the quantity and the prices, "VKE/Geb",
    // is a unit's)
    const firstMoney = Math.min(...cols.filter((c) => ['price', 'amount'].includes(c.kind)).map((c) => c.x0));
    const leftOf = (x: number, minSpan: number) =>
      unknown
        .filter((c) => c.x1 < x && span(c) >= minSpan && !cols.some((k) => xOverlap(k, c) > 0))
        .sort((a, b) => span(b) - span(a))[0];
    const best = leftOf(firstNumber, 0) ?? leftOf(firstMoney, 0.2);
    if (best) {
      cols.push({ kind: 'desc', x0: best.x0, x1: best.x1, label: norm(best.text) });
      cols.sort((a, b) => a.x0 - b.x0);
      seen.add('desc');
    }
  }
  // a heading OCR lost ("P.U. HT", "Montant HT" read as nothing), beside a description named above
  if (!named('amount') && !named('price') && headingLike && (named('desc') || named('qty')))
    for (const c of numberColumns(ctx, line, cols)) {
      cols.push(c);
      seen.add(c.kind);
    }
  cols.sort((a, b) => a.x0 - b.x0);
  const numeric = cols.filter((c) => ['qty', 'price', 'amount'].includes(c.kind)).length;
  if (cols.length < 2 || numeric < 1) return undefined;
  if (!seen.has('amount') && !seen.has('price')) return undefined;
  // a VAT breakdown or payment table is not an item table: items have a description or a quantity
  if (!seen.has('desc') && !seen.has('qty')) return undefined;
  if (SUMMARY_ROW.test(norm(line.text)) && cols.length < 3) return undefined;
  // numbers in a header row mean it is not a header
  if (lineNumbers(line, ctx.decimal).filter((x) => isMoneyText(x.cell.text, ctx.wholeUnits)).length)
    return undefined;
  // the other headings the labels do not know still bound their columns: a code column after the
  // description must not run into it
  // (numbers are placed by arithmetic; an unknown heading over them would only take them from their column)
  const others = [...unknown, ...short].filter(
    (u) => u.x1 < firstNumber && !cols.some((c) => xOverlap(c, u) > 0),
  );
  if (!others.length) return cols;
  return codesUnderDescription(ctx, line, [
    ...cols,
    ...others.map((u) => ({ kind: 'other' as const, x0: u.x0, x1: u.x1, label: norm(u.text) })),
  ]);
}

/**
 * A heading the labels take for the description ("Artikel") over cells that are all codes, beside a column
 * whose heading they do not know over words: the words are the description and the codes the item codes.
 * The cells are those of the rows under the heading, up to the totals, that start in each column.
 */
function codesUnderDescription(ctx: ExtractContext, line: Line, cols: Column[]): Column[] {
  const sorted = cols.sort((a, b) => a.x0 - b.x0);
  const i = sorted.findIndex((c) => c.kind === 'desc');
  const desc = sorted[i];
  const next = sorted[i + 1];
  if (!desc || next?.kind !== 'other') return sorted;
  const end = sorted[i + 2]?.x0 ?? 1;
  const under = (x0: number, x1: number) => {
    const out: string[] = [];
    for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 16); j++) {
      const l = ctx.lines[j]!;
      if (l.page !== line.page || SUMMARY_ROW.test(norm(l.text))) break;
      for (const c of l.cells) if (c.x0 >= x0 - 0.01 && c.x0 < x1) out.push(c.text.trim());
    }
    return out;
  };
  const codes = under(desc.x0, next.x0);
  const words = under(next.x0, end);
  const isCode = (t: string) => /^[\p{Lu}\d][\p{Lu}\d./-]*$/u.test(t) && /\d/.test(t);
  const isWords = (t: string) => /\p{L}{3,}/u.test(t) && /\s/.test(t);
  if (codes.length < 2 || !codes.every(isCode)) return sorted;
  if (words.length < 2 || words.filter(isWords).length * 2 < words.length) return sorted;
  desc.kind = 'code';
  next.kind = 'desc';
  return sorted;
}

/**
 * Whether known headings span a table: two kinds of column, one of them right of the page's middle. The words
 * of a description ("Prestation de service", OCR'd as three cells) or a footer's "VAT No." are no heading row,
 * nor is an item row whose words a heading could use ("Mineralwasser … 20 Stk 7 %": the caller wants no digit).
 */
function spansTable(cols: Column[]): boolean {
  return knownKinds(cols) >= 2 && cols.some((c) => c.kind !== 'other' && c.x0 > 0.45);
}

/** How many kinds of column the known headings name. */
const knownKinds = (cols: Column[]) =>
  new Set(cols.filter((c) => c.kind !== 'other').map((c) => c.kind)).size;

/**
 * Amount and unit-price columns of a header row that names neither, from the money amounts printed under it:
 * the right edges of the next rows' amounts, aligned within 0.02 of the page width, are columns; the rightmost
 * is the line amount and the next one to its left the unit price. Columns a label names keep their name. At
 * least two rows, or the only row under the heading, must put an amount in a column. The rows are those of the
 * next six lines, and of one more line for each line of a single amount among them (service rows that print only
 * their amount, an allowance under a row), up to fifteen.
 */
export function numberColumns(ctx: ExtractContext, line: Line, named: Column[]): Column[] {
  const groups: { x0: number; x1: number; rows: Set<number> }[] = [];
  let rows = 0;
  let end = line.index + 7;
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, end, line.index + 16); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    const nums = lineNumbers(l, ctx.decimal).filter(
      (x) => !x.pct && isMoneyText(x.cell.text, ctx.wholeUnits),
    );
    if (!nums.length) continue;
    if (SUMMARY_ROW.test(norm(l.text))) break;
    if (nums.length === 1) end++;
    rows++;
    for (const { cell } of nums) {
      const g = groups.find((x) => Math.abs(x.x1 - cell.x1) < 0.02);
      if (g) {
        g.x0 = Math.min(g.x0, cell.x0);
        g.x1 = Math.max(g.x1, cell.x1);
        g.rows.add(j);
      } else groups.push({ x0: cell.x0, x1: cell.x1, rows: new Set([j]) });
    }
  }
  const free = groups
    .filter((g) => g.rows.size >= Math.min(2, rows) && !named.some((c) => xOverlap(c, g) > 0))
    .sort((a, b) => b.x1 - a.x1);
  // the numbers stand right of the text: of the description, else of the codes and positions named
  const descs = named.filter((c) => c.kind === 'desc').map((c) => c.x1);
  const firstText = descs.length
    ? Math.min(...descs)
    : Math.max(0, ...named.filter((c) => c.kind === 'code' || c.kind === 'pos').map((c) => c.x1));
  const out: Column[] = [];
  for (const [i, kind] of (['amount', 'price'] as const).entries()) {
    const g = free[i];
    if (!g || g.x0 < firstText) break;
    out.push({ kind, x0: g.x0, x1: g.x1, label: '' });
  }
  return out;
}

/**
 * Where the line amounts of the rows under a heading are, when the rows say by their arithmetic that they are
 * items: the last money amount of at least two of the next six rows (of the only row, when one has numbers)
 * is the product of two other numbers of its row. Undefined otherwise (a VAT or payment table).
 */
export function productColumn(ctx: ExtractContext, line: Line): { x0: number; x1: number } | undefined {
  let rows = 0;
  let box: { x0: number; x1: number } | undefined;
  let products = 0;
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 7); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    const end = rowEndCell(l);
    const endAt = end ? l.cells.indexOf(end) : -1;
    const nums = lineNumbers(l, ctx.decimal).filter((x) => !x.pct && l.cells.indexOf(x.cell) <= endAt);
    if (nums.length < 2) continue;
    if (SUMMARY_ROW.test(norm(l.text))) break;
    rows++;
    const last = nums[nums.length - 1]!;
    if (nums.length < 3 || !isMoneyText(last.cell.text, ctx.wholeUnits) || last.value === 0) continue;
    const rest = nums.slice(0, -1).map((x) => x.value);
    const product = rest.some((a, i) =>
      rest.some((b, k) => k !== i && Math.abs(round2(a * b) - last.value) <= 0.011),
    );
    if (!product) continue;
    products++;
    box = box
      ? { x0: Math.min(box.x0, last.cell.x0), x1: Math.max(box.x1, last.cell.x1) }
      : { x0: last.cell.x0, x1: last.cell.x1 };
  }
  return products >= Math.min(2, rows) && products > 0 ? box : undefined;
}

/** A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): its digits only, its last one the standard check digit. */
export function isGtin(text: string): boolean {
  const t = text.trim();
  if (!/^(?:\d{8}|\d{12,14})$/.test(t)) return false;
  const body = [...t.slice(0, -1)].reverse();
  const sum = body.reduce((a, c, k) => a + Number(c) * (k % 2 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(t[t.length - 1]);
}

/** A VAT rate or a tax code in a column of its own right of a row's amount: "19 %", "5,5%", "1", "A", "S". */
const RATE_OR_CODE = /^(?:\d{1,2}(?:[.,]\d{1,2})?\s?%|[A-Z]|\d)$/;

/** A row's last cell that is not such a rate or code: where its line amount ends. */
function rowEndCell(line: Line): Cell | undefined {
  let end = line.cells.length - 1;
  while (end > 0 && RATE_OR_CODE.test(line.cells[end]!.text.trim())) end--;
  return line.cells[end];
}

/** Whether a cell stands under a heading: overlapping it, or right-aligned with it within `slack` of the page. */
const standsUnder = (c: { x0: number; x1: number }, head: { x0: number; x1: number }, slack: number) =>
  xOverlap(c, head) > 0 || Math.abs(c.x1 - head.x1) < slack;

/**
 * How many of four lines, from the first that ends with a money amount, end with one under this heading (right
 * edges aligned): a delivery note's heading and a description of three lines may stand over the first row.
 */
function rowsEndUnder(ctx: ExtractContext, line: Line, head: { x0: number; x1: number }): number {
  const endAmount = (l: Line) => {
    const c = rowEndCell(l);
    return c && isMoneyText(c.text, ctx.wholeUnits) && looksNumeric(c.text) ? c : undefined;
  };
  const first = ctx.lines.slice(line.index + 1, line.index + 9).find(endAmount)?.index ?? line.index + 1;
  let n = 0;
  for (let j = first; j < Math.min(ctx.lines.length, first + 4); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    const end = endAmount(l);
    if (end && standsUnder(end, head, 0.04)) n++;
  }
  return n;
}

/**
 * How many of the rows in the next seven lines have money in `price` and in `amount` that a quantity of at most two
 * decimals multiplies to the cent: unit prices, not a line's VAT or deposit beside its amount. In a whole-unit
 * currency, where no heading names the quantities, a whole number that is the smaller factor of its amount ("1"
 * over 139,874; "81" over 12,491,010) is the quantity: won or forint prices are rarely smaller than the count.
 */
function pricesUnder(
  ctx: ExtractContext,
  line: Line,
  price: { x0: number; x1: number },
  amount: { x0: number; x1: number },
  qtyNamed: boolean,
): number {
  let n = 0;
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 8); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    // (a number printed with its unit, "72.50 uur", is a quantity: amount ÷ 72.50 can be a price to the cent)
    const money = lineNumbers(l, ctx.decimal).filter(
      (x) =>
        !x.pct &&
        isMoneyText(x.cell.text, ctx.wholeUnits) &&
        !/\p{L}/u.test(x.cell.text.replace(CURRENCY_SIGN, '')),
    );
    const under = (head: { x0: number; x1: number }) =>
      money.find((x) => standsUnder(x.cell, head, 0.02))?.value;
    const p = under(price);
    const a = under(amount);
    if (!p || !a) continue;
    const q = Math.round((a / p) * 100) / 100;
    if (ctx.ocr && quantityShaped(p, a)) continue;
    if (ctx.wholeUnits && !qtyNamed && Number.isInteger(p) && Math.abs(p) < Math.abs(q)) continue;
    if (q > 0 && Math.abs(round2(q * p) - a) <= 0.011) n++;
  }
  return n;
}

/** A whole number or a quarter (17,25 · 13,5 · 84,75): how quantities of hours, kilos or metres are printed. */
const isQuarter = (x: number) => x > 0 && Math.abs(x * 4 - Math.round(x * 4)) < 1e-6;

/**
 * A scan's number printed with decimals under a heading the labels do not know, in a table with no quantity
 * column: a quarter ("17,25") over an amount it divides into no whole or quarter number (623,59 ÷ 17,25 = 36,15)
 * is the quantity (hours, kilos) and the unit price is not printed, not a unit price with a quantity of 36,15. A
 * price beside no quantity column divides its amount into whole units (or a quantity printed in a unit cell).
 * Scans only: there OCR also garbles the quantity headings ("Stück" read "Stick") the labels would name.
 */
function quantityShaped(p: number, a: number): boolean {
  return isQuarter(Math.abs(p)) && !isQuarter(round4(Math.abs(a / p)));
}

/** How many of the next four lines have a money amount under this heading (anywhere in the row). */
function moneyUnder(ctx: ExtractContext, line: Line, head: { x0: number; x1: number }): number {
  let n = 0;
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    const money = (c: Cell) => looksNumeric(c.text) && isMoneyText(c.text, ctx.wholeUnits);
    if (l.cells.some((c) => money(c) && standsUnder(c, head, 0.04))) n++;
  }
  return n;
}

/**
 * How many of the next four lines have a plain number (not money, not a rate) under this heading; none when
 * they count 1, 2, 3 … (positions).
 */
function plainNumbersUnder(ctx: ExtractContext, line: Line, head: { x0: number; x1: number }): number {
  let n = 0;
  const seen: string[] = [];
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 5); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page) break;
    const under = l.cells.filter((c) => standsUnder(c, head, 0.02));
    const plain = under.find(
      (c) =>
        /^\d[\d.,]*(?:\s*\p{L}{1,6}\.?)?$/u.test(c.text) &&
        !isMoneyText(c.text.split(/\s/)[0]!, ctx.wholeUnits),
    );
    if (plain) {
      n++;
      seen.push(plain.text);
    }
  }
  return seen.length >= 2 && seen.every((t, k) => t === String(k + 1)) ? 0 : n;
}

const kindOf = (t: string): ColumnKind | undefined => COLUMN_LABELS.find(([, re]) => re.test(norm(t)))?.[0];

/**
 * A heading word the labels do not know that is one letter off a word they do: the word it reads as, where only
 * one word one letter off is a label ("Coda" → "Code"). Words of fewer than four letters (a letter off "Som" is
 * "UoM", off "USD" is "UST") or with a digit are left as read.
 */
export function oneSlipLabel(t: string): { text: string; kind: ColumnKind } | undefined {
  if (kindOf(t) || /\d/.test(t) || (t.match(/\p{L}/gu) ?? []).length < 4) return undefined;
  const found = new Map<string, ColumnKind>();
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (!/\p{L}/u.test(ch)) continue;
    const upper = ch !== ch.toLowerCase();
    for (const l of 'abcdefghijklmnopqrstuvwxyz') {
      const s = upper ? l.toUpperCase() : l;
      if (s === ch) continue;
      const text = t.slice(0, i) + s + t.slice(i + 1);
      const kind = kindOf(text);
      if (kind) found.set(text, kind);
    }
  }
  if (found.size !== 1) return undefined;
  const [text, kind] = [...found][0]!;
  return { text, kind };
}

/**
 * OCR's letter slips in a scanned heading row ("Coda article" for "Code article"): a word the labels do not know is
 * read as the label one letter off it, in a row without digits whose other words name two columns or more, and only
 * for a kind of column the row names nowhere else (a heading names each column once), so that no line of text
 * becomes a heading and no column a second one of a kind by a slip.
 */
export function mendHeadingSlips(cells: Cell[]): Cell[] {
  const words = cells.flatMap((c) => c.words);
  const named = new Set(words.map((w) => kindOf(w.text)).filter((k) => k !== undefined));
  if (words.filter((w) => kindOf(w.text)).length < 2 || words.some((w) => /\d/.test(w.text))) return cells;
  return cells.map((c) => {
    let mended = false;
    const ws = c.words.map((w) => {
      const m = oneSlipLabel(w.text);
      if (!m || named.has(m.kind)) return w;
      mended = true;
      return { ...w, text: m.text };
    });
    return mended ? { ...c, words: ws, text: ws.map((w) => w.text).join(' ') } : c;
  });
}

/**
 * Two headings printed with no gap between them read as one word ("QuantitéPrix", "ArtikelnummerArtikelbezeichnung"
 * when a heading is wider than its column): such a word is split where a lower-case letter meets a capital, when
 * the word names no column and the part after the capital does. Each part keeps its share of the word's width.
 */
function splitGluedHeadings(w: Word): Word[] {
  if (kindOf(w.text)) return [w];
  const parts = w.text.split(/(?<=\p{Ll})(?=\p{Lu}\p{Ll})/u);
  if (parts.length < 2 || !parts.slice(1).every((p) => kindOf(p))) return [w];
  const cw = (w.x1 - w.x0) / w.text.length;
  let at = 0;
  return parts.map((text) => {
    const x0 = w.x0 + at * cw;
    at += text.length;
    return { ...w, text, x0, x1: x0 + text.length * cw };
  });
}

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
    const words = c.words.flatMap(splitGluedHeadings);
    const kinds = new Set(words.map((w) => kindOf(w.text)).filter(Boolean));
    if (words.length < 2 || kinds.size < 2) {
      out.push(c);
      continue;
    }
    // one piece per labelled word; unlabelled words stay with the label before them
    const pieces: Word[][] = [];
    for (const w of words) {
      const last = pieces[pieces.length - 1];
      // a lone "%" qualifies the label before it ("Korting %", "MwSt. %"), and so does a position word
      // ("Total ligne": the line's total, not a position column), and a word joined to the one before by
      // "/" or "and" and naming the same kind of column ("Artikel / Leistung": one heading)
      const k = kindOf(w.text);
      const joined =
        last &&
        kindOf(last[0]!.text) === k &&
        /^(?:[/&+]|und|and|et|en|or|oder|ou|of)$/i.test(last[last.length - 1]!.text);
      if (!last || (k && k !== 'pos' && !joined && /\p{L}/u.test(w.text))) pieces.push([w]);
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
  let first = line;
  for (let j = line.index - 1; j >= Math.max(0, line.index - 3); j--) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || first.y0 - l.y1 > (line.y1 - line.y0) * 1.2) break;
    const extra = findHeaderLoose(l);
    if (!extra) break;
    for (const e of extra) {
      const same = all.find((c) => xOverlap(c, e) > 0.3);
      if (same) {
        if (same.kind === 'other') same.kind = e.kind;
        same.label = `${e.label} ${same.label}`;
        // a label-less column of a header row ("Allowances & Charges") still keeps its values apart
      } else if (e.kind !== 'other' || extra.length >= 3) all.push(e);
    }
    first = l;
  }
  for (let j = line.index + 1; j < Math.min(ctx.lines.length, line.index + 4); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== line.page || l.y0 - last.y1 > (last.y1 - last.y0) * 1.5) break;
    if (lineNumbers(l, ctx.decimal).some((x) => isMoneyText(x.cell.text, ctx.wholeUnits))) break;
    // a line clearly nearer the item row under it than the heading over it is that row's first line
    // ("Consulting hours" over its numbers), though a label word ("hours") is in it
    const below = ctx.lines[j + 1];
    const h = l.y1 - l.y0;
    if (
      below?.page === l.page &&
      lineNumbers(below, ctx.decimal).some((x) => isMoneyText(x.cell.text, ctx.wholeUnits)) &&
      below.y0 - l.y1 < l.y0 - last.y1 - h * 0.3
    )
      break;
    const extra = findHeaderLoose(l);
    if (!extra) break;
    // one cell of words the labels do not know under the description's heading is the first item's name
    // ("Monthly leasing fee" under "Beschrijving", its numbers two lines down), not the heading's second line
    const only = extra.length === 1 && extra[0]!.kind === 'other' ? extra[0] : undefined;
    if (only && all.find((c) => xOverlap(c, only) > 0.3)?.kind === 'desc') break;
    for (const e of extra) {
      const same = all.find((c) => xOverlap(c, e) > 0.3);
      if (same) {
        // (words the labels do not know under the description's heading name no other column)
        if (same.kind === 'other' || (same.kind === 'desc' && e.kind !== 'desc' && e.kind !== 'other'))
          same.kind = e.kind;
        if (same.kind === 'code' && e.kind === 'desc') same.descBelow = true;
        same.label = `${same.label} ${e.label}`;
        same.x0 = Math.min(same.x0, e.x0);
        same.x1 = Math.max(same.x1, e.x1);
      } else all.push(e);
    }
    last = l;
  }
  all.sort((a, b) => a.x0 - b.x0);
  // two price columns and no amount column ("Prix unitaire … Prix HT"): the rightmost one is the line amount
  const prices = all.filter((c) => c.kind === 'price');
  if (prices.length >= 2 && !all.some((c) => c.kind === 'amount')) prices[prices.length - 1]!.kind = 'amount';
  // one price column, the rightmost heading, and no amount column ("Ext. price"): it holds the line amounts
  else if (prices.length === 1 && !all.some((c) => c.kind === 'amount') && all[all.length - 1] === prices[0])
    prices[0]!.kind = 'amount';
  // a heading the labels do not know over plain numbers (no money, no rates), right of the description, in a
  // table without a quantity column: the quantities
  const descCol = all.find((c) => c.kind === 'desc');
  if (descCol && !all.some((c) => c.kind === 'qty')) {
    const q = all.find(
      (c) => c.kind === 'other' && xOverlap(c, descCol) <= 0 && plainNumbersUnder(ctx, last, c) >= 1,
    );
    if (q) q.kind = 'qty';
  }
  // "Artikel | Omschrijving", "Item | Description": beside a description column, the article column holds codes
  const descs = all.filter((c) => c.kind === 'desc');
  if (descs.length >= 2)
    for (const c of descs)
      if (/^(?:artikel|article|item|product|produkt|produit)$/.test(c.label)) c.kind = 'code';
  quantityByArithmetic(ctx, last, all);
  return { cols: all, last };
}

/** How many decimals a value has, to the cent: 117 → 0, 31,5 → 1, 169,66 → 2. */
export const decimals = (x: number) =>
  Number.isInteger(round2(x)) ? 0 : Number.isInteger(round2(x * 10)) ? 1 : 2;

/** Numbers that count up by one from row to row (1, 2, 3 …): positions, never quantities. */
const countsUp = (v: number[]) => v.length >= 2 && v.every((x, k) => x === v[0]! + k);

/**
 * Which column of plain numbers holds the quantities, by arithmetic: header words only name columns, and a
 * quantity heading the labels do not know ("Stuks") beside a position column ("Nr.", taken for a count)
 * leaves the quantity column to be settled by the rows. A column holds the quantities where, on the rows under
 * the heading, its number times the unit price (less the row's discount, if the table prints one) is the
 * row's amount to the cent; without a unit-price column, where the amount over it is a price to the cent.
 * Positions count 1, 2, 3 … and are never the quantity. The column that multiplies out on more rows than the
 * one taken for the quantities (or a unit column's numbers), and on all its rows but one at most, becomes the
 * quantity column.
 */
function quantityByArithmetic(ctx: ExtractContext, head: Line, cols: Column[]): void {
  const amountCol = cols.find((c) => c.kind === 'amount');
  if (!amountCol) return;
  const priceCol = cols.find((c) => c.kind === 'price');
  const discCol = cols.find((c) => c.kind === 'discount');
  const cands = cols.filter((c) => c.kind === 'qty' || c.kind === 'pos' || c.kind === 'other');
  // one column suffices where none is taken for the quantities yet ("No." over them left of the text)
  if (!cands.some((c) => c.kind !== 'qty')) return;
  // a unit column's numbers ("1 Stk") are quantities already in place: they count for the present assignment
  const units = cols.filter((c) => c.kind === 'unit');
  const hits = new Map<Column, number>();
  const rows = new Map<Column, number>();
  const values = new Map<Column, number[]>();
  for (let j = head.index + 1; j < Math.min(ctx.lines.length, head.index + 16); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== head.page) break;
    const nums = lineNumbers(l, ctx.decimal).filter((x) => !x.pct);
    const under = (c: Column) => nums.filter((x) => columnFor(cols, x.cell) === c);
    const amounts = under(amountCol);
    const a = amounts[amounts.length - 1]?.value;
    if (a === undefined || a === 0) continue;
    const p = priceCol ? under(priceCol)[0]?.value : undefined;
    if (priceCol && p === undefined) continue;
    const d = discCol
      ? lineNumbers(l, ctx.decimal).find((x) => columnFor(cols, x.cell) === discCol)
      : undefined;
    // an allowance printed signed on the line under the row ("Discount:" beside the price, "- 5,35" under it)
    const below = ctx.lines[j + 1];
    const takenOff =
      below?.page === l.page
        ? lineNumbers(below, ctx.decimal).filter((x) => !x.pct && /^[-−–]\s*\d/.test(x.cell.text.trim()))
        : [];
    const fits = (q: number) => {
      if (q <= 0) return false;
      // without a unit-price column, the quantity is the rounder of the two factors: under a unit-price heading
      // the labels do not know ("Each"), 169,66 divides 19.850,22 into 117, and 169,66 is the price
      if (p === undefined) {
        const byPrice = (x: number) => {
          const price = round2(a / x);
          return Math.abs(round2(price * x) - a) <= 0.005 && decimals(x) <= decimals(price);
        };
        // (on a scan, a whole quantity whose "1" OCR lost: `qtyOneLost`)
        if (byPrice(q)) return true;
        const one = ctx.ocr ? qtyOneLost(q, a) : undefined;
        return one !== undefined && byPrice(one);
      }
      const gross = q * p;
      if (Math.abs(round2(gross) - a) <= 0.011) return true;
      // (allowances lower the amount's size: a credit note's negative amounts too)
      if (Math.sign(gross) !== Math.sign(a)) return false;
      const [g, size] = [Math.abs(gross), Math.abs(a)];
      // (taken off the row, or off each unit: "- 3,51 / = 19,90" under 71 × 23,41, the net price printed to the
      // cent, so the amount within half a cent a unit)
      if (
        takenOff.some(
          (x) =>
            Math.abs(round2(g - Math.abs(x.value)) - size) <= 0.011 ||
            Math.abs((Math.abs(p) - Math.abs(x.value)) * q - size) <= q * 0.005 + 0.011,
        )
      )
        return true;
      if (!d) return false;
      // (a whole-unit currency rounds the discounted amount to the unit, as `solveRow` allows)
      return d.pct
        ? Math.abs(round2(g * (1 - Math.abs(d.value) / 100)) - size) <= (ctx.wholeUnits ? 0.5 : 0.011)
        : Math.abs(round2(g - Math.abs(d.value)) - size) <= 0.011;
    };
    for (const c of [...cands, ...units]) {
      const q = under(c);
      if (q.length !== 1) continue;
      rows.set(c, (rows.get(c) ?? 0) + 1);
      values.set(c, [...(values.get(c) ?? []), q[0]!.value]);
      if (fits(q[0]!.value)) hits.set(c, (hits.get(c) ?? 0) + 1);
    }
  }
  const score = (c: Column | undefined) => (c ? (hits.get(c) ?? 0) : 0);
  // positions count 1, 2, 3 …: such a column is never the quantity, however many rows it fits by chance (three
  // rows at least counting up from the first, a number of the lines under the table, a footer's, after them)
  const counts = (c: Column) => {
    const v = values.get(c) ?? [];
    return countsUp(v) || (v.length >= 3 && countsUp(v.slice(0, 3)));
  };
  const current = cands.find((c) => c.kind === 'qty');
  const present = Math.max(score(current), ...units.map(score));
  const best = cands.filter((c) => !counts(c)).sort((x, y) => score(y) - score(x))[0];
  // (two rows that multiply out, or the one row of a table of one: to the cent it is no chance)
  if (!best || best === current || score(best) < Math.min(2, rows.get(best) ?? 0) || score(best) <= present)
    return;
  if (score(best) < (rows.get(best) ?? 0) - 1) return;
  // the column it replaces keeps what its heading says, unless that was the quantity
  if (current) current.kind = kindOf(current.label) === 'pos' ? 'pos' : 'other';
  best.kind = 'qty';
}

export function findHeaderLoose(line: Line): Column[] | undefined {
  // a "Label: value" note ("Kleur: wit") is an item's, never a heading's
  if (line.cells.some((c) => /\p{L}\s?:\s*\S/u.test(c.text))) return undefined;
  const cols: Column[] = [];
  for (const c of splitHeaderCells(line.cells)) {
    const n = norm(c.text);
    const hit = COLUMN_LABELS.find(([, re]) => re.test(n));
    if (hit) cols.push({ kind: hit[0], x0: c.x0, x1: c.x1, label: n });
    // several labels in one cell ("Characteristics, Classification") are one column too
    else if ((n.length < 20 || (n.length < 60 && /,/.test(n))) && !/\d/.test(n))
      cols.push({ kind: 'other', x0: c.x0, x1: c.x1, label: n });
    else return undefined;
  }
  return cols.length ? cols : undefined;
}

/** The x-range of the description column: from its label to the next column's label. */
function descRangeOf(cols: Column[]): { x0: number; x1: number } | undefined {
  const sorted = cols.slice().sort((a, b) => a.x0 - b.x0);
  let i = sorted.findIndex((c) => c.kind === 'desc');
  if (i < 0) i = sorted.findIndex((c) => c.descBelow);
  if (i < 0) return undefined;
  const prev = sorted[i - 1];
  const next = sorted[i + 1];
  // descriptions start under their label: words further left belong to the code column
  const d = sorted[i]!;
  return { x0: prev ? Math.max(prev.x1 + 0.005, d.x0 - 0.02) : 0, x1: next ? next.x0 - 0.003 : 1 };
}

/**
 * A long name runs on past the next column's heading with no gap between its words (a service row whose code
 * and unit cells are empty: "Maintenance annuelle 04/2025"): the words of a cell begun in the description's range
 * are the name's up to a word that is another column's cell: one that starts under a heading (a unit set a
 * space after the name), runs across a heading's edge glued to the name ("serviceKarton": a unit printed over the
 * name's end), begins the numbers that end the cell (a quantity set a space after the name; numbers inside the
 * name stay), or is an article number under the code heading.
 */
function runOnWords(
  cell: Cell,
  range: { x0: number; x1: number },
  cols: Column[],
  claimed: Set<Word>,
): Word[] {
  if (cell.x0 < range.x0 || cell.x0 >= range.x1 || cell.x1 <= range.x1) return [];
  const numbersFrom = (w: Word) => cell.words.slice(cell.words.indexOf(w)).every((x) => looksNumeric(x.text));
  // (digits no column of numbers could read, "11/2023" under the quantity heading, stay the name's; a month and
  // year is a service's period under any heading, the article number's too)
  const notANumber = (w: Word) => /\d/.test(w.text) && !looksNumeric(w.text);
  const namesOwn = (c: Column, w: Word) =>
    (NUMBER_KINDS.has(c.kind) && notANumber(w)) || MONTH_YEAR.test(w.text);
  const othersCell = (w: Word) =>
    numbersFrom(w) ||
    cols.some(
      (c) =>
        (Math.abs(w.x0 - c.x0) < 0.01 && !namesOwn(c, w)) ||
        (w.x0 < c.x0 - 0.003 && w.x1 > c.x0 + 0.003 && /\p{Ll}\p{Lu}/u.test(w.text)),
    ) ||
    (columnFor(cols, w)?.kind === 'code' && CODE_TOKEN.test(w.text));
  const out: Word[] = [];
  for (const w of cell.words) {
    const past = (w.x0 + w.x1) / 2 >= range.x1;
    if (claimed.has(w) || (past && othersCell(w))) break;
    if (past) out.push(w);
  }
  return out;
}

/** Columns that hold numbers only. */
const NUMBER_KINDS = new Set<ColumnKind>(['qty', 'price', 'amount', 'discount', 'vat']);

/** A month and its year ("12/2022", "05.2024"): a service's period at the end of its name. */
const MONTH_YEAR = /^(?:0?[1-9]|1[0-2])[/.](?:19|20)\d{2}$/;

/** An article number: one token of letters and digits ("X9083718", "ART-5520"). */
const CODE_TOKEN = /^(?=.*\d)(?=.*\p{L})[\p{L}\d][\p{L}\d_\-./]{3,}$/u;

/**
 * A scan's row words left of a description heading that no other heading precedes, where OCR lost the headings of
 * the columns before it ("Unit | Qty | EAN" read as nothing): numbers, codes and short unit words ("kg", "doos")
 * standing wholly left of the heading with a gap before the text under it are those columns' cells, not the
 * item's name. Any longer word among them (a description begun left of its heading) keeps them all.
 */
function withoutLostColumns(words: Word[], cols: Column[]): Word[] {
  const d = cols.find((c) => c.kind === 'desc');
  if (!d || cols.some((c) => c !== d && c.x1 <= d.x0 + 0.005)) return words;
  const left = words.filter((w) => w.x1 < d.x0 - 0.01);
  const rest = words.filter((w) => w.x1 >= d.x0 - 0.01);
  if (!left.length || !rest.length) return words;
  if (Math.min(...rest.map((w) => w.x0)) - Math.max(...left.map((w) => w.x1)) < 0.015) return words;
  const cellLike = (t: string) => /\d/.test(t) || /^[\p{L}.]{1,4}$/u.test(t);
  return left.every((w) => cellLike(w.text)) ? rest : words;
}

/**
 * The unit in a unit column's cell; where the row's quantity and its unit ran into one cell ("43 pce", as OCR
 * joins a narrow quantity column to the unit beside it), the words after that quantity.
 */
function unitOf(text: string, qty: number | undefined, ctx: ExtractContext): string {
  const m = /^(\d+(?:[.,]\d+)?)\s+(\p{L}.*)$/u.exec(text);
  return m && qty !== undefined && parseNumber(m[1]!, ctx.decimal) === qty ? m[2]! : text;
}

/** Columns whose heading claims what stands under it for something other than the item's name. */
const CLAIMING = new Set<ColumnKind>(['pos', 'code', 'qty', 'unit', 'price', 'discount', 'vat', 'amount']);

/**
 * A text cell of the row with words inside the description's range and words beyond its edge that no
 * column other than a text one claims: the description was cut at the column's edge ("Hydraulic" of
 * "Hydraulic hose 1/2 inch" under a heading that ran two labels together).
 */
function cellCutAtDesc(line: Line, cols: Column[], range: { x0: number; x1: number }): boolean {
  const inside = (w: Word) => (w.x0 + w.x1) / 2 >= range.x0 && (w.x0 + w.x1) / 2 < range.x1;
  return line.cells.some((c) => {
    if (!c.words.some(inside)) return false;
    return c.words.some((w) => {
      if (inside(w) || looksNumeric(w.text) || !/\p{L}/u.test(w.text)) return false;
      const k = columnFor(cols, w)?.kind;
      return k === undefined || !CLAIMING.has(k);
    });
  });
}

/** A description that is one code-shaped token: letters and digits run together, no word of a name. */
const codeShaped = (d: string | undefined) =>
  /^(?=[^\s]*\d)[\p{L}\d][\p{L}\d_\-./#]{3,}$/u.test((d ?? '').trim());

/**
 * Name-like text in the row (three letters in a row, not a number, not the row's description, code or unit)
 * that went to no field: with a description that is only a code, the name may be this text.
 */
function nameLeftOver(line: Line, cols: Column[], it: TItem): boolean {
  const used = [it.itemDesc, it.itemCode, it.unitOfMeasure].map((t) => norm(t ?? ''));
  return line.cells.some((c) => {
    const k = columnFor(cols, c)?.kind;
    if (k !== undefined && CLAIMING.has(k) && k !== 'code') return false;
    const n = norm(c.text);
    return !looksNumeric(c.text) && /\p{L}{3}/u.test(c.text) && !used.some((u) => u !== '' && u.includes(n));
  });
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
  /** where the number is printed (rows of a table's lines) */
  cell?: Cell;
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/**
 * The quantity when the row does not multiply out as printed: a price for 10, 100 or 1000 units that the row
 * does not state, or a quantity printed rounded to whole units ("6 km" for 6.5 km).
 */
function impliedQty(
  plain: RowNum[],
  price: number | undefined,
  amount: number | undefined,
): number | undefined {
  if (price === undefined || amount === undefined || price <= 0 || amount === 0) return undefined;
  const qtys = plain.filter((n) => n.kind !== 'price' && n.kind !== 'amount' && n.value > 0);
  for (const q of qtys)
    for (const base of [10, 100, 1000])
      if (Math.abs(round2((q.value * price) / base) - amount) <= 0.011) return q.value;
  const exact = amount / price;
  const tidy = round4(exact);
  if (Math.abs(tidy - exact) > 1e-6 || Math.abs(round2(tidy * price) - amount) > 0.005) return undefined;
  // only a quantity printed without decimals can have been rounded
  const whole = qtys.filter((q) => Number.isInteger(q.value) && !/\d[.,]\d/.test(q.text));
  return whole.some((q) => Math.abs(exact - q.value) <= 0.5) ? tidy : undefined;
}

type Solved = ReturnType<typeof solveRow>;

/**
 * A row of a scan: a price or amount printed with cents but OCR'd without its decimal separator ("2197" for
 * "21,97": the blur took the comma) is read as hundredths, unless only the digits as read multiply out.
 */
function solveScanRow(read: RowNum[]): Solved {
  const nums = qtySeparatorLost(oneLostQty(read));
  const lost = (n: RowNum) => (n.kind === 'price' || n.kind === 'amount') && /^\d{3,}$/.test(n.text);
  if (!nums.some(lost)) return solveScanQty(solveRow(nums), nums);
  const fixed = qtySeparatorLost(
    nums.map((n) => (lost(n) ? { ...n, value: n.value / 100, money: true } : n)),
  );
  const repaired = solveScanQty(solveRow(fixed), fixed);
  if (repaired.conf >= 0.85) return repaired;
  const asRead = solveRow(nums);
  return asRead.conf >= 0.9 ? asRead : repaired;
}

/**
 * A scan's quantity printed with decimals whose separator the blur took ("2625" for "26,25"): read as hundredths
 * (or tenths) where that, and not the digits as read, times the unit price is the amount to the cent. Without
 * this the digits as read pass as a price for 100 units (`impliedQty`), which a scan's table without a "per"
 * column does not print.
 */
function qtySeparatorLost(nums: RowNum[]): RowNum[] {
  const price = nums.find((n) => n.kind === 'price');
  const amount = nums.find((n) => n.kind === 'amount');
  if (!price || !amount || price.value <= 0 || nums.some((n) => n.kind === 'base')) return nums;
  const fits = (q: number) => Math.abs(round2(q * price.value) - amount.value) <= 0.005;
  return nums.map((n) => {
    // (a unit may follow the digits: "2625 x", "7425 Stk")
    if (n.kind !== 'qty' || !/^\d{3,}(?:\s?\p{L}{1,5}\.?)?$/u.test(n.text) || fits(n.value)) return n;
    const base = [100, 10].find((b) => fits(n.value / b));
    return base === undefined ? n : { ...n, value: n.value / base };
  });
}

/**
 * A scan's whole quantity one of whose "1"s OCR lost ("17" for 117, "9" for 91: a thin stroke beside the next
 * digit), in a row of a table without unit prices: the quantity with the 1 put back before or after its digits,
 * where only that divides the amount into a price to the cent (as a printed price is) and the digits as read do
 * not. Undefined where the digits as read divide it, or where neither or both ways do.
 */
export function qtyOneLost(q: number, amount: number): number | undefined {
  const a = Math.abs(amount);
  if (!Number.isInteger(q) || q <= 0 || q >= 1000 || a === 0) return undefined;
  const toCent = (x: number) => Math.abs(round2(round2(a / x) * x) - a) <= 0.005;
  if (toCent(q)) return undefined;
  const fit = [Number(`1${q}`), Number(`${q}1`)].filter(toCent);
  return fit.length === 1 ? fit[0] : undefined;
}

/** A scan row of a quantity and an amount alone (no unit price printed): its quantity mended by `qtyOneLost`. */
function oneLostQty(nums: RowNum[]): RowNum[] {
  const plain = nums.filter((n) => !n.pct);
  const qty = plain.find((n) => n.kind === 'qty');
  const amount = plain.find((n) => n.kind === 'amount');
  if (plain.length !== 2 || !qty || !amount || !/^\d{1,3}$/.test(qty.text.trim())) return nums;
  const q = qtyOneLost(qty.value, amount.value);
  return q === undefined ? nums : nums.map((n) => (n === qty ? { ...n, value: q } : n));
}

/**
 * A scan's quantity from the row's arithmetic: OCR misses a lone "1" or a stroke of "71" (or reads "1 h" as
 * "Ih"), but amount ÷ unit price is a whole number that multiplies back to the amount to the cent. With a
 * discount rate under its heading the unit price is the one less that rate, as `solveRow` takes it.
 */
function solveScanQty(s: Solved, nums: RowNum[] = []): Solved {
  if (s.conf >= 0.9 || s.price === undefined || s.amount === undefined || s.price <= 0) return s;
  const q = qtyOf(s.amount, s.price);
  const rate = nums.find((n) => n.pct && n.kind === 'discount')?.value;
  const net = rate !== undefined && rate > 0 && rate < 100 ? s.price * (1 - rate / 100) : undefined;
  const qn = net === undefined ? undefined : qtyOf(s.amount, net);
  // a whole quantity less the printed rate before a quarter one without it: with 15 % off, 90 units make the
  // amount of 76.5 at the full price
  const discounted = () =>
    ({
      ...s,
      qty: qn!,
      price: round4(net!),
      discount: round2(qn! * s.price! - s.amount!),
      conf: 0.85,
    }) as Solved;
  if (qn !== undefined && Number.isInteger(qn) && (q === undefined || !Number.isInteger(q)))
    return discounted();
  if (q !== undefined) return { ...s, qty: q, conf: 0.85 };
  return qn === undefined ? s : discounted();
}

/**
 * The quantity that multiplies `price` to `amount` to the cent: a whole number, else (for a unit price of at
 * least 1, where a quarter seldom fits by chance) a half or a quarter ("32,25 h", "11,5 kg").
 */
function qtyOf(amount: number, price: number): number | undefined {
  const fits = (q: number) => q > 0 && Math.abs(round2(q * price) - amount) <= 0.005;
  const whole = Math.round(amount / price);
  if (whole >= 1 && fits(whole)) return whole;
  const quarter = Math.round((amount / price) * 4) / 4;
  return price >= 1 && fits(quarter) ? quarter : undefined;
}

/**
 * The columns a row's quantity, price and amount were read from ("3,5,6", indexes into the table's columns), where
 * all three are printed numbers that multiply out: rows of a table without a heading that all read theirs from the
 * same columns prove those columns. Undefined for any other row (a price worked out from a discount, a number
 * standing in no column).
 */
function solvedIn(
  rowNums: RowNum[],
  cols: Column[],
  s: { qty?: number; price?: number; amount?: number; conf: number },
): string | undefined {
  if (s.conf < 0.9 || s.qty === undefined || s.price === undefined || s.amount === undefined)
    return undefined;
  const used = new Set<number>();
  const at: number[] = [];
  for (const v of [s.qty, s.price, s.amount]) {
    const k = rowNums.findIndex((r, i) => !used.has(i) && !r.pct && r.value === v);
    const cell = rowNums[k]?.cell;
    const col = cell && columnFor(cols, cell);
    if (!col) return undefined;
    used.add(k);
    at.push(cols.indexOf(col));
  }
  return at.join(',');
}

/**
 * How sure a text row that prints its amount alone is of its reading: as a row found by arithmetic (such rows were
 * right 729 of 732 times on the calibration set of round 32, where they stood at the 0.4 of rows without any).
 */
export const AMOUNT_ALONE = 0.9;

/**
 * Chooses quantity, unit price and amount of a row, by column first and by arithmetic second. `wholeUnits`: the
 * document prints its amounts in whole units of its currency, so they are rounded to the unit. `textLayer`: the
 * row's numbers come from a text layer, where none can have been lost.
 */
function solveRow(
  nums: RowNum[],
  wholeUnits = false,
  textLayer = false,
): {
  qty?: number;
  price?: number;
  amount?: number;
  vat?: number;
  discount?: number;
  conf: number;
} {
  const byKind = (k: ColumnKind) => nums.find((n) => n.kind === k);
  // a percentage under a discount label is the discount rate, any other one the VAT rate
  // (a percentage before a plain number under the VAT heading: a heading that ran the unit price and the VAT
  // labels together, "StückpreisMwSt. %", holds both, and the plain number is left to the arithmetic)
  const vat = nums.find((n) => n.pct && n.kind !== 'discount') ?? nums.find((n) => n.kind === 'vat');
  const pctDiscount = nums.find((n) => n.pct && n.kind === 'discount');
  const plain = nums.filter((n) => n !== vat && n !== pctDiscount);
  const qty = byKind('qty')?.value;
  const price = byKind('price')?.value;
  let amount = byKind('amount')?.value;
  const discount = (nums.find((n) => n.kind === 'discount' && !n.pct) ?? pctDiscount)?.value;
  const base = byKind('base')?.value;
  const ok = (q?: number, p?: number, a?: number) =>
    q !== undefined &&
    p !== undefined &&
    a !== undefined &&
    (Math.abs(round2(q * p) - a) <= 0.011 || Math.abs(q * p - a) <= Math.abs(a) * 0.001 + 0.01);
  if (ok(qty, price, amount)) return { qty, price, amount, vat: vat?.value, discount, conf: 0.95 };
  // arithmetic search over all numbers of the row: the amount is usually the rightmost money value
  const vals = plain.map((n) => n.value);
  const labelled = (k: number) => (plain[k]!.kind === 'qty' || plain[k]!.kind === 'price' ? 1 : 0);
  const search = (fits: (q: number, p: number, a: number) => boolean) => {
    for (let a = vals.length - 1; a >= 0; a--) {
      // a value under the amount label is the amount: another product in the row is a coincidence
      if (amount !== undefined && plain[a]!.kind !== 'amount') continue;
      if (vals[a] === 0) continue;
      // of several pairs that multiply to the amount, the one under the quantity and price labels
      let best: [number, number] | undefined;
      for (let i = 0; i < vals.length; i++)
        for (let j = 0; j < vals.length; j++) {
          if (i === j || i === a || j === a || !fits(vals[i]!, vals[j]!, vals[a]!)) continue;
          if (!best || labelled(i) + labelled(j) > labelled(best[0]) + labelled(best[1])) best = [i, j];
        }
      if (!best) continue;
      const [i, j] = best;
      // the quantity is the one the labels say (two numbers under one label say nothing: OCR lost a heading),
      // else the rounder number, else the left one
      const says = (x: RowNum, y: RowNum) => x.kind === 'qty' || (y.kind === 'price' && x.kind !== 'price');
      const [iQty, jQty] = [says(plain[i]!, plain[j]!), says(plain[j]!, plain[i]!)];
      const swap = iQty !== jQty ? jQty : plain[i]!.money !== plain[j]!.money ? plain[i]!.money : i > j;
      return { qty: swap ? vals[j]! : vals[i]!, price: swap ? vals[i]! : vals[j]!, amount: vals[a]! };
    }
    return undefined;
  };
  const found = search(ok);
  if (found) return { ...found, vat: vat?.value, discount, conf: 0.9 };
  // a price for several units ("per 100"): q × p / base = a
  if (
    base &&
    qty !== undefined &&
    price !== undefined &&
    amount !== undefined &&
    ok(qty, price / base, amount)
  )
    return { qty, price, amount, vat: vat?.value, discount, conf: 0.9 };
  // with a discount column: q × p − d = a, or a discount in percent; each number under the discount heading is
  // tried (a code column whose heading the labels do not know, "St.-Kz.", sets its "1" under the nearest heading
  // beside the rate "5%")
  // no amount column named (its heading ran into the next one's, "WertMwSt.-Code"): the amount is the number the
  // quantity times the price less the row's discount rate makes
  if (amount === undefined && qty !== undefined && price !== undefined && pctDiscount) {
    const net = qty * price * (1 - pctDiscount.value / 100);
    amount = plain.find(
      // (the net price rounded before it was multiplied: half a cent or unit per unit of slack)
      (n) =>
        n.kind !== 'qty' &&
        n.kind !== 'price' &&
        Math.abs(n.value - net) <= Math.abs(qty) * (wholeUnits ? 0.5 : 0.005) + 0.011,
    )?.value;
  }
  if (qty !== undefined && price !== undefined && amount !== undefined)
    for (const d of nums.filter((n) => n.kind === 'discount')) {
      const off = Math.abs(d.value);
      if (!d.pct && Math.abs(round2(qty * price - off) - amount) <= 0.011 && qty !== 0)
        return { qty, price: round4(amount / qty), amount, vat: vat?.value, discount: off, conf: 0.9 };
      // (amounts in a whole-unit currency are rounded to the unit: 8 × 116,452 less 20 % prints 745,293)
      const net = price * (1 - off / 100);
      if (Math.abs(round2(qty * net) - amount) <= (wholeUnits ? 0.5 : 0.011))
        return {
          qty,
          price: round4(net),
          amount,
          vat: vat?.value,
          discount: round2(qty * price - amount),
          // quantity, price, discount rate and amount each under its label and multiplying out to the cent: as
          // sure as the other exact arithmetic
          conf: 0.9,
        };
    }
  // a rate under no discount heading (in a table without headings the rates stand in a column of their own, taken
  // for VAT) is the row's discount where two of its numbers less that rate make the amount: no VAT rate does
  const rate = vat?.pct && vat.value > 0 && vat.value < 100 ? vat.value / 100 : undefined;
  const net =
    rate === undefined
      ? undefined
      : search((q, p, a) => Math.abs(round2(q * p * (1 - rate)) - a) <= (wholeUnits ? 0.5 : 0.011));
  if (net && rate !== undefined)
    return {
      ...net,
      price: round4(net.price * (1 - rate)),
      discount: round2(net.qty * net.price - net.amount),
      conf: 0.9,
    };
  // exact arithmetic on the printed price and amount, as sure as a row found by the search above
  const implied = impliedQty(plain, price, amount);
  if (implied !== undefined) return { qty: implied, price, amount, vat: vat?.value, discount, conf: 0.9 };
  // a table without a price column: the quantity and the amount under their labels and nothing else printed,
  // the amount over the quantity a price to the cent (as a printed one would be; a quantity read from the
  // wrong place seldom divides the amount so)
  if (
    qty !== undefined &&
    qty !== 0 &&
    amount !== undefined &&
    price === undefined &&
    discount === undefined &&
    plain.length === 2 &&
    Math.abs(round2(round2(amount / qty) * qty) - amount) <= 0.005
  )
    return { qty, amount, vat: vat?.value, conf: 0.88 };
  // so is a number no heading names beside the amount, printed as a quarter ("80,75" hours or kilos) that divides
  // the amount into a price to the cent that is no quarter (4.375,84 ÷ 80,75 = 54,19): a price would leave a
  // quantity of 54,19 (`quantityShaped`)
  const [lone, last] = plain;
  if (
    qty === undefined &&
    price === undefined &&
    discount === undefined &&
    plain.length === 2 &&
    lone!.kind !== 'amount' &&
    last!.kind === 'amount' &&
    quantityShaped(lone!.value, last!.value) &&
    Math.abs(round2(round2(last!.value / lone!.value) * lone!.value) - last!.value) <= 0.005
  )
    return { qty: lone!.value, amount: last!.value, vat: vat?.value, conf: 0.88 };
  const moneys = plain.filter((n) => n.money);
  amount ??= moneys[moneys.length - 1]?.value ?? plain[plain.length - 1]?.value;
  if (qty === undefined && price === undefined && amount !== undefined) {
    // only an amount: quantity 1 when a second equal value is printed as unit price
    const other = moneys.length >= 2 ? moneys[moneys.length - 2]!.value : undefined;
    if (other !== undefined && Math.abs(other - amount) < 0.011)
      return { qty: 1, price: other, amount, vat: vat?.value, conf: 0.7 };
    // the row prints its amount alone (a service or leasing line): no quantity or price to read and no number
    // of the row left over, on a text layer, where none can have been lost (a scan's OCR may drop them)
    if (textLayer && plain.length === 1 && discount === undefined)
      return { amount, vat: vat?.value, conf: AMOUNT_ALONE };
  }
  return { qty, price, amount, vat: vat?.value, discount, conf: 0.4 };
}

/**
 * On a scan of a page in whole units (yen, won), a price or amount whose thousands separator OCR read as the
 * other one ("259.863" among "26,619" and "2,679") or as a gap ("4,229 456", the blur took the comma): no amount
 * there has decimals, so every group of three digits after a point, comma or space is a thousands group.
 * Quantities keep their reading ("2.500" kg).
 */
function wholeUnitAmount(
  ctx: ExtractContext,
  x: { value: number; cell: Cell; pct: boolean },
  kind: ColumnKind | undefined,
): number {
  if (!ctx.ocr || !ctx.wholeUnits || x.pct || (kind !== 'price' && kind !== 'amount')) return x.value;
  const t = x.cell.text.trim();
  if (!/^\d{1,3}(?:(?:[.,]| )\d{3})+$/.test(t)) return x.value;
  return Number(t.replace(/[., ]/g, ''));
}

/**
 * Quantities glued to their unit under the quantity heading ("74x", "11h", "1kg": OCR on a scan lost the space
 * between them), which no number of the line holds: the number is the quantity. On a scan, a "1" that OCR read
 * as a letter ("I", "l", "i"), alone or before its unit, is the quantity 1: the glyph of a one standing alone
 * in a narrow cell, where no word of one letter is printed.
 */
function gluedQuantities(
  line: Line,
  cols: Column[],
  ocr = false,
): { value: number; cell: Cell; pct: boolean }[] {
  const out: { value: number; cell: Cell; pct: boolean }[] = [];
  for (const c of line.cells) {
    if (columnFor(cols, c)?.kind !== 'qty' || looksNumeric(c.text)) continue;
    if (ocr && /^[Iil](?:\s+\p{L}{1,5}\.?)?$/u.test(c.text.trim())) {
      out.push({ value: 1, cell: c, pct: false });
      continue;
    }
    const m = /^(\d{1,6}(?:[.,]\d{1,3})?)(\p{L}{1,5})\.?$/u.exec(c.text.trim());
    if (!m) continue;
    const value = Number(m[1]!.replace(',', '.'));
    if (Number.isFinite(value) && value > 0) out.push({ value, cell: c, pct: false });
  }
  return out;
}

/**
 * A quantity a description runs into a space after its last word (its cell begun under the description's heading:
 * "085610 - Winkelprofil Aluminium 41" over "Anzahl"): that word, a plain number standing under the quantity
 * heading, on an item row (one that prints an amount under its heading) where no cell of the line stands there
 * of its own. A delivery note's heading over its rows ("LS-Nr. 2026-6680 vom 21. Mai 2018") prints none.
 */
function quantityRunOn(
  ctx: ExtractContext,
  line: Line,
  cols: Column[],
): { value: number; cell: Cell; pct: boolean }[] {
  const kind = (box: { x0: number; x1: number }) => columnFor(cols, box)?.kind;
  if (line.cells.some((c) => kind(c) === 'qty')) return [];
  const amount = (x: { cell: Cell; pct: boolean }) => !x.pct && kind(x.cell) === 'amount';
  if (!lineNumbers(line, ctx.decimal).some(amount)) return [];
  for (const c of line.cells) {
    // (the quantity with its unit, "verzinkt 14 carton": the number before the unit word)
    const unitLast = /^\p{L}{1,6}\.?$/u.test(c.words[c.words.length - 1]?.text ?? '');
    const words = unitLast ? c.words.slice(0, -1) : c.words;
    const last = words[words.length - 1];
    // (a note's value, "Farbe: grau, Größe 2", is no quantity)
    if (words.length < 2 || !last || kind(c) !== 'desc' || /:/.test(c.text)) continue;
    const under = kind(last) === 'qty' || (unitLast && ['qty', 'unit'].includes(kind(c.words.at(-1)!) ?? ''));
    if (!/^\d{1,6}(?:[.,]\d{1,3})?$/.test(last.text) || !under) continue;
    const value = parseNumber(last.text, ctx.decimal);
    if (value !== undefined && value > 0)
      return [{ value, cell: cellOf(c.words.slice(words.length - 1)), pct: false }];
  }
  return [];
}

/**
 * A scan's narrow quantity column that OCR ran into the cell beside it ("1 ART7745" under "Qté | Code article"):
 * the cell's first word, a plain whole number standing under the quantity heading, with the rest of the cell
 * in another column. Returns that word and its value; the cell's other words keep their column.
 */
function qtyLead(ctx: ExtractContext, cols: Column[], cell: Cell): { word: Word; value: number } | undefined {
  const [word, next] = cell.words;
  if (!ctx.ocr || !word || !next || !/^\d{1,4}$/.test(word.text)) return undefined;
  if (columnFor(cols, cell)?.kind === 'qty' || columnFor(cols, word)?.kind !== 'qty') return undefined;
  if (columnFor(cols, next)?.kind === 'qty') return undefined;
  return { word, value: Number(word.text) };
}

/**
 * The last of a row's description words where it is a plain number standing a column's gap (a twentieth of the
 * page) right of the words before it: on a scan whose quantity heading OCR lost, the quantity column's number
 * falls inside the description's range ("Espresso beans 1 kg" … "47").
 */
function numberApart(words: Word[]): Word | undefined {
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  if (!last || !before || !/^\d{1,6}(?:[.,]\d{1,3})?$/.test(last.text)) return undefined;
  return last.x0 - before.x1 >= 0.05 ? last : undefined;
}

/** A row whose description is a code alone ("ART6575526"): the name printed under it is the item's name. */
const codeAbove = (it: TItem) =>
  !it.itemCode &&
  /^[A-Z0-9][A-Z0-9_\-./]{1,}[A-Z0-9]$/.test(it.itemDesc ?? '') &&
  /\d/.test(it.itemDesc ?? '');

/** A description column announced as "name & description": the cell holds "Name - long description". */
const NAME_AND_DESC =
  /\b(?:nom|name|naam|bezeichnung|designation)\b.*\b(?:designation|description|omschrijving|beschreibung|libelle)\b/;

/** The item name of a "Name - long description" cell: the long description is not the item's name. */
function nameOf(desc: string): { name: string; cut: boolean } {
  const m = /^(.+?\S)\s+[-–]\s+\S/.exec(desc);
  return m ? { name: m[1]!, cut: true } : { name: desc, cut: false };
}

/**
 * A cell that starts with a totals label ("Total HT", "MwSt 19 %"), not one that mentions tax in its text; "Tax
 * invoice", "VAT invoice" name the document (a running head atop the next page of a table: "Tax Invoice
 * INV/2024/78451 · Page 2 of 2").
 */
const startsSummary = (text: string) => {
  const head = norm(text).split(/\s+/).slice(0, 2).join(' ');
  return SUMMARY_ROW.test(head) && !/^(?:tax|vat)\s+invoice\b/.test(head);
};

/** A blank line's height or more between line `a` and the line `b` under it on the same page. */
const blankBetween = (a?: Line, b?: Line) =>
  !!a && !!b && a.page === b.page && b.y0 - a.y1 >= (a.y1 - a.y0) * 1.2;

/** A detail line under an item (bullet, "Label: value" note, an article number); see `notDescription`. */
export const DETAIL_LINE = /^[•·▪]|^[\p{L}\s._-]{2,25}\s?:\s*\S|^\(?(?:gtin|ean|se_id|by_id|art-?nr|ref)\b/iu;

/**
 * Lines joined into one description, the first a name and a later one a "Label: value" note ("Packing tape brown",
 * "Size: 44"): the note describes the named item (descLooksRight tests a description as one line).
 */
const namePlusDetail = (lines: string[]) =>
  lines.length >= 2 && !DETAIL_LINE.test(lines[0]!) && lines.slice(1).some((l) => DETAIL_LINE.test(l));

/**
 * A line under an item that is no part of its description: a bullet, an article number, a date, or a "Label:
 * value" note with an amount ("Bruttopreis: 59,00"). Other "Label: value" lines in the description column
 * ("Serial no.: SN0451", "Colour: grey") describe the item and join its description.
 */
function notDescription(t: string): boolean {
  if (findDates(t).length) return true;
  if (!DETAIL_LINE.test(t)) return false;
  const value = /^[\p{L}\s._-]{2,25}\s?:\s*(\S.*)$/u.exec(t)?.[1];
  // bullets and article numbers ("GTIN: 4006…", "Ref: …") stay out, and so does a note with an amount
  return (
    value === undefined || /^\(?(?:gtin|ean|se_id|by_id|art-?nr|ref)\b/iu.test(t) || /\d[.,]\d/.test(value)
  );
}

/** A word without the table rules that OCR reads as glyphs at its ends ("60,00|", "|FOURNITURES", "7,00]"). */
function stripRules(text: string): string {
  let t = text.replace(/^[|{}]+|[|{}]+$/g, '');
  // an unbalanced bracket is a rule; "[CODE]" is not
  if (t.endsWith(']') && !t.includes('[')) t = t.slice(0, -1);
  if (t.startsWith('[') && !t.includes(']')) t = t.slice(1);
  return t;
}

/** The line as printed: table rules read by OCR dropped from its words and cells. */
function withoutRules(line: Line): Line {
  if (!/[|{}[\]]/.test(line.text)) return line;
  const clean = (ws: Word[]) =>
    ws.map((w) => ({ ...w, text: stripRules(w.text) })).filter((w) => w.text.length > 0);
  const cells = line.cells
    .map((c) => {
      const words = clean(c.words);
      return { ...c, words, text: words.map((w) => w.text).join(' ') };
    })
    .filter((c) => c.words.length > 0);
  const words = clean(line.words);
  return { ...line, words, cells, text: words.map((w) => w.text).join(' ') };
}

/**
 * A row whose article number or position ran into its quantity ("X594223 104 Karton" under "Art.-Nr." and
 * "Anzahl", "13 58 carton" under "Ligne" and "Nb"): a cell whose words from a plain number on (with a unit word at
 * most) stand under the quantity heading, its first word under the code's or the position's, is two cells (a
 * description's "80 g" stays its own): the quantity column must not be left empty nor the number taken for the
 * code's. So is a unit run into its price.
 */
function quantityApart(line: Line, cols: Column[]): Line {
  const kindOf = (w: { x0: number; x1: number }) => columnFor(cols, w)?.kind;
  const qty = cols.find((col) => col.kind === 'qty');
  const cells = line.cells.flatMap((c) => {
    const lead = c.words[0]!;
    // a unit run into its price ("Karton 483,06" under "Einheit" and "E-Preis"): the unit word and the number
    const price = c.words[1];
    if (
      c.words.length === 2 &&
      price &&
      kindOf(lead) === 'unit' &&
      /^\p{L}{1,8}\.?$/u.test(lead.text) &&
      kindOf(price) === 'price' &&
      looksNumeric(price.text)
    )
      return [cellOf([lead]), cellOf([price])];
    // (a position's cell is one word: the quantity run into it starts at the second word, which a glued cell
    // may set left of the quantity heading, its words spread over the cell's width; the cell reaches into it)
    const pos = kindOf(lead) === 'pos' && /^\d{1,4}$/.test(lead.text) && !!qty && c.x1 > qty.x0;
    const k = c.words.findIndex(
      (w, j) => j > 0 && /^\d+(?:[.,]\d+)?$/.test(w.text) && (kindOf(w) === 'qty' || (pos && j === 1)),
    );
    const rest = c.words.slice(k);
    if (
      k < 0 ||
      !(kindOf(lead) === 'code' || pos) ||
      rest.length > 2 ||
      (rest[1] !== undefined && !/^\p{L}{1,6}\.?$/u.test(rest[1].text))
    )
      return [c];
    return [cellOf(c.words.slice(0, k)), cellOf(rest)];
  });
  return cells.length === line.cells.length ? line : { ...line, cells };
}

/**
 * A line under an item row that only adjusts it: signed amounts ("- 2,00", "= 18,00", "+ 1,00") outside the
 * quantity and amount columns, perhaps beside a word ("Rabatt:") or the description's next line. Returns
 * each amount with its sign and right edge (see `adjust`), or nothing when the line is something else.
 */
function adjustmentsOf(
  nums: { value: number; cell: Cell; pct: boolean }[],
  cols: Column[],
): { sign: string; value: number; x1: number }[] | undefined {
  if (!nums.length) return undefined;
  const out: { sign: string; value: number; x1: number }[] = [];
  for (const x of nums) {
    const col = columnFor(cols, x.cell);
    const kind = col?.kind;
    // a number inside the description's text ("Size: 39", "Serial: 0886") is the item's note beside them
    if (kind === 'desc' && !looksNumeric(x.cell.text)) continue;
    // (in a table without a heading, whose columns span only their numbers, a signed amount short of the amount
    // column, nearest to it, is an allowance under its label: "Remise" over "- 2,79"; under a heading the reader
    // does not know, whether it is one is left to the person who reviews the row)
    const short = kind === 'amount' && !col!.label && xOverlap(x.cell, col!) <= 0;
    if (x.pct || kind === 'qty' || (kind === 'amount' && !short)) return undefined;
    const sign = /(?:^|\s)([-+=−–])\s*\D{0,3}\s*\d[\d.,' ]*\s*\D{0,3}$/.exec(x.cell.text)?.[1];
    if (!sign) return undefined;
    out.push({ sign, value: Math.abs(x.value), x1: x.cell.x1 });
  }
  return out.length ? out : undefined;
}

/** The right edges a unit price of the row may end at: the unit-price column's, else its other amounts'. */
const priceEdges = (r: AdjustedRow) => (r.grossX1 !== undefined ? [r.grossX1] : r.others.map((o) => o.x1));

/**
 * Adds a line's signed amounts to its row: "= x" is the net unit price; "- x" right under the unit price is a
 * discount per unit, elsewhere a line allowance; "+ x" a line charge.
 */
function adjust(r: AdjustedRow, adj: { sign: string; value: number; x1: number }[]): void {
  for (const a of adj) {
    if (a.sign === '=') r.net = a.value;
    else if (a.sign === '+') r.charge += a.value;
    else if (priceEdges(r).some((x1) => Math.abs(a.x1 - x1) < 0.012)) r.unitOff += a.value;
    else r.allow += a.value;
  }
}

/** An item row and what the lines under it add: the printed quantity and price, allowances, charges. */
interface AdjustedRow {
  item: TItem;
  at: number;
  /** the quantity column's number, else the row's other plain numbers: one of them is the quantity */
  qtys: number[];
  gross?: number;
  /** the right edge of the printed unit price */
  grossX1?: number;
  /** without a unit-price column: the row's other money amounts, one of which may be the printed price */
  others: { value: number; x1: number }[];
  net?: number;
  unitOff: number;
  allow: number;
  charge: number;
}

/**
 * Re-solves a row with its adjustment lines: printed quantity × net unit price − allowances + charges =
 * amount (the net price printed to the cent, so a few tenths of a cent per unit of slack).
 */
function resolveAdjusted(r: AdjustedRow, confs: number[]): void {
  const a = r.item.amount;
  const prices =
    r.net !== undefined
      ? [r.net]
      : r.gross !== undefined
        ? [round2(Math.abs(r.gross) - r.unitOff)]
        : r.others.map((o) => round2(Math.abs(o.value) - r.unitOff));
  if (a === undefined) return;
  const fits = (q: number, p: number) =>
    q !== 0 && Math.abs(Math.abs(q) * p - r.allow + r.charge - Math.abs(a)) <= Math.abs(q) * 0.005 + 0.011;
  const pairs = prices.flatMap((p) => r.qtys.filter((q) => fits(q, p)).map((q) => [q, p] as const));
  // (without headings either of two numbers may be the quantity: the one a quantity's shape, "30,75" hours
  // against "1.136,66", is it)
  const [q, p] = pairs.find(([q, p]) => isQuarter(Math.abs(q)) && !isQuarter(Math.abs(p))) ?? pairs[0] ?? [];
  if (p === undefined || q === undefined) return;
  r.item.itemQty = q;
  r.item.price = a < 0 ? -p : p;
  const d = round2(r.allow - r.charge);
  if (d > 0) r.item.discount = d;
  else delete r.item.discount;
  confs[r.at] = 0.9;
}

/**
 * Text lines from `i` on that open the next row's cell (its numbers on the cell's last line): set apart from
 * the line above by more than from the row below, and as close to that row as to each other, as the lines of
 * one cell are. Returns the index of the last such line, or -1.
 */
function headOfNextRow(
  ctx: ExtractContext,
  i: number,
  textEnd: number,
  headsSeen = false,
  firstRow = false,
  how?: { byPitch: boolean },
): number {
  const line = ctx.lines[i]!;
  const above = ctx.lines[i - 1];
  // the first lines of a page the table goes on to, over its first row there: no row above them on the page
  // can own them, and where the table's cells have shown their heads above their numbers they are one
  const pageTop = above?.page !== line.page;
  if (!above || (pageTop && !headsSeen)) return -1;
  const h = line.y1 - line.y0;
  let j = i;
  let inner = 0;
  for (; j + 1 < ctx.lines.length && j - i < 6; j++) {
    const next = ctx.lines[j + 1]!;
    if (next.page !== line.page) return -1;
    // a row: any number right of the text columns (a quantity or price line over its amount counts)
    if (lineNumbers(next, ctx.decimal).some((x) => x.cell.x0 >= textEnd)) break;
    inner = Math.max(inner, next.y0 - ctx.lines[j]!.y1);
  }
  const row = ctx.lines[j + 1];
  if (!row || j - i >= 6) return -1;
  const bottom = row.y0 - ctx.lines[j]!.y1;
  if (pageTop) return bottom <= h * 0.8 && inner <= h * 0.8 ? j : -1;
  const top = line.y0 - above.y1;
  // a blank line inside sets what comes before it apart (a note under the row above): no head of this cell
  if (inner > bottom + h * 0.5 && inner > h) return -1;
  // once a row of this table has shown its cell's head above its numbers, any line nearer the row below than
  // the row above is one (the boxes OCR puts around a blurred scan's lines move by a third of their height)
  const margin = headsSeen ? 0 : h * 0.3;
  const near = headsSeen ? h * 0.8 : h * 0.55;
  if (bottom < top - margin && bottom <= near && bottom <= inner + h * 0.2 + (j === i ? h : 0)) return j;
  if (ctx.ocr) return (headsSeen || firstRow) && nearerByPitch(ctx, i, j, above) ? j : -1;
  // on a text layer, where the gaps fall short of the margin by a hair (a cell's lines set 1.3 line heights apart,
  // rows 1.6): lines nearer the row below than the row above by their pitch, and nearer by their gap, as close
  // to each other as to that row, head its cell (a line with a date is a group's heading over its rows, "Delivery
  // note 4711 of 12.03.2024", whatever its spacing; a line a blank line sets apart from the row, "Herkunftsland: DE"
  // between an allowance under the row above and the next row, is a note of its own)
  const dated = ctx.lines.slice(i, j + 1).some((l) => findDates(l.text).length > 0);
  if (!dated && bottom < top && !blankBetween(ctx.lines[j], row) && nearerByPitch(ctx, i, j, above)) {
    if (how) how.byPitch = true;
    return j;
  }
  return -1;
}

/**
 * A scan's lines `i`..`j` as one cell with the row under them, measured centre to centre: OCR fits each line's box
 * to its letters ("X8714317" stands taller than "mars", a line of capitals has no descenders), so the gaps between
 * boxes say little, but the pitch holds: a cell's lines are as far from each other and from its row as the print's
 * line height, the next cell's head is set off from the row above by that and the rows' spacing. Asked once the
 * table has shown a cell's head above its numbers, or for text between the heading and the first row (no row
 * above can own it).
 */
function nearerByPitch(ctx: ExtractContext, i: number, j: number, above: Line): boolean {
  const mid = (l: Line) => (l.y0 + l.y1) / 2;
  const row = ctx.lines[j + 1]!;
  const up = mid(ctx.lines[i]!) - mid(above);
  const down = mid(row) - mid(ctx.lines[j]!);
  const inner = j > i ? (mid(ctx.lines[j]!) - mid(ctx.lines[i]!)) / (j - i) : down;
  return down < up * 0.92 && Math.abs(inner - down) <= down * 0.25;
}

/** Whether two of a row's numbers multiply to a third (quantity × price = amount). */
function multipliesOut(vals: number[]): boolean {
  return vals.some((a, k) =>
    vals.some(
      (p, i) => i !== k && vals.some((q, j) => j !== k && j !== i && Math.abs(round2(q * p) - a) <= 0.011),
    ),
  );
}

/**
 * An item row with its own allowance's word ("1  1.874,12  Staffel korting:  1.499,30"): a quantity and a price
 * left of the word make the line a row of the items, its amount no allowance or charge of the document. So does
 * the word's second line, wrapped under the row's first ("Staffel" on the row, "korting:" under it, no amount
 * beside it).
 */
export function itemRowWord(ctx: ExtractContext, line: Line, label: Cell): boolean {
  const onRow = (l: Line, word: Cell) =>
    lineNumbers(l, ctx.decimal).filter((x) => !x.pct && x.cell.x1 <= word.x0).length >= 2;
  if (onRow(line, label)) return true;
  const above = ctx.lines[line.index - 1];
  const first =
    above?.page === line.page ? above.cells.find((c) => Math.abs(c.x0 - label.x0) < 0.01) : undefined;
  return (
    !!first &&
    !looksNumeric(first.text) &&
    !line.cells.some((c) => looksNumeric(c.text) && isMoneyText(c.text, ctx.wholeUnits)) &&
    onRow(above!, first)
  );
}

/**
 * An item table without a heading row the labels know, found by the alignment of its numbers: a run of lines
 * that start with text and end with a money amount whose right edges line up, proven as items by arithmetic
 * (see `provenRuns`). The longest such run gives the columns: its number cells grouped by right edge (the
 * amounts', a rate's), the text left of them the description.
 */
function alignedTable(ctx: ExtractContext): { cols: Column[]; starts: number[] } | undefined {
  const rows: AlignedRow[] = [];
  for (const line of ctx.lines) {
    // the row's amount is its last money amount: a VAT rate or a tax code may stand right of it ("19 %", "1", "A")
    const last = rowEndCell(line);
    if (!last || !looksNumeric(last.text) || !isMoneyText(last.text, ctx.wholeUnits)) continue;
    const text = line.cells.filter((c) => !looksNumeric(c.text));
    const n = norm(line.text);
    const nums = lineNumbers(line, ctx.decimal);
    // a label far right of the text (a totals row), a "Label: value" line or a totals word is no item; an
    // item-like row (its numbers multiply out, or a quantity stands beside its amount) is one whatever note it
    // holds ("Colour: black", "Taille : 40  37  3 154,62"), and so is one whose labelled word stands right of its
    // first amount (an allowance's "Promo:" beside the price)
    // (a row whose text is an article number of digits alone, its name on the line under it where the number
    // starts, "45 | 9427 | 1 | 1,783.25 | 1,783.25" over "Office chair ergonomic", is one where its other numbers
    // multiply out, less the rate it prints: "18910 | 1 | 576,128 | 20% | 460,902")
    const codeCell = line.cells.find((c) => /^\d{4,}$/.test(c.text.trim()) && c.x0 < 0.45);
    const below = ctx.lines[line.index + 1];
    const others = unsigned(nums.filter((x) => x.cell !== codeCell && !x.pct));
    const rate = nums.find((x) => x.pct && x.value > 0 && x.value < 100)?.value;
    const nameBelow =
      !!codeCell &&
      below?.page === line.page &&
      !looksNumeric(below.cells[0]?.text ?? '0') &&
      Math.abs(below.cells[0]!.x0 - codeCell.x0) < 0.01 &&
      (multipliesOut(others) ||
        (rate !== undefined &&
          others.length === 3 &&
          Math.abs(others[0]! * others[1]! * (1 - rate / 100) - others[2]!) <=
            (ctx.wholeUnits ? 0.5 : 0.011)));
    if (!nameBelow && (!text.length || text[0]!.x0 > 0.45)) continue;
    const row = { line, nums, amount: last };
    const firstMoney = nums.find((x) => isMoneyText(x.cell.text, ctx.wholeUnits))?.cell.x0 ?? 1;
    const labelled = text.some((c) => /:(?:\s|$)/.test(c.text) && c.x0 < firstMoney);
    if (labelled && !itemLikeRow(ctx, row)) continue;
    if (SUMMARY_ROW.test(n)) continue;
    const word = line.cells.find(
      (c) =>
        DISCOUNT_ROW.test(norm(c.text)) || (CHARGE_ROW.test(norm(c.text)) && !BATCH_WORD.test(norm(c.text))),
    );
    if (word && !itemRowWord(ctx, line, word)) continue;
    // an amount alone that is the sum of the rows before it is a page's sum carried forward, no item
    const before = Math.abs(round2(rows.reduce((t, r) => t + amountOf(r), 0)));
    if (rows.length >= 2 && !itemLikeRow(ctx, row) && Math.abs(Math.abs(amountOf(row)) - before) < 0.011)
      continue;
    rows.push(row);
  }
  const itemLike = (r: AlignedRow) => itemLikeRow(ctx, r);
  const proven = provenRuns(ctx, rows, itemLike);
  const best = proven.slice().sort((a, b) => b.length - a.length)[0];
  if (!best) return undefined;
  const clusters: {
    x0: number;
    x1: number;
    amount: boolean;
    pct: boolean;
    n: number;
    money: number;
    ids: number;
    gtins: number;
    values: number[];
    /** the amount of each value's row */
    amounts: number[];
  }[] = [];
  for (const r of best)
    for (const x of r.nums) {
      if (!looksNumeric(x.cell.text) && !QTY_WITH_UNIT.test(x.cell.text)) continue;
      let c = clusters.find((k) => Math.abs(k.x1 - x.cell.x1) < 0.015);
      if (!c) {
        c = {
          x0: x.cell.x0,
          x1: x.cell.x1,
          amount: false,
          pct: false,
          n: 0,
          money: 0,
          ids: 0,
          gtins: 0,
          values: [],
          amounts: [],
        };
        clusters.push(c);
      }
      c.x0 = Math.min(c.x0, x.cell.x0);
      c.x1 = Math.max(c.x1, x.cell.x1);
      c.amount ||= x.cell === r.amount;
      c.pct ||= x.pct;
      c.n++;
      c.values.push(x.value);
      c.amounts.push(amountOf(r));
      if (isMoneyText(x.cell.text, ctx.wholeUnits)) c.money++;
      if (/^\d{4,}$/.test(x.cell.text)) c.ids++;
      if (isGtin(x.cell.text)) c.gtins++;
    }
  // a column of long plain numbers holds codes; one that counts 1, 2, 3 … left of the text the positions; one of
  // mostly plain numbers (a unit beside them, a fraction now and then) the quantities; the arithmetic places the
  // others
  // (plain numbers right of the amounts are a tax code's, never quantities)
  const amountX1 = Math.max(...clusters.filter((c) => c.amount).map((c) => c.x1));
  // in a whole-unit currency every whole number looks like money: the only column of numbers between the text and
  // the amounts whose numbers each divide their row's amount and are the smaller factor ("118" over 125,333,936,
  // "1" over 572,684), on two rows at least with more than one, holds the quantities (the prices are not printed)
  const smallerFactors = (c: (typeof clusters)[number]) =>
    ctx.wholeUnits &&
    clusters.filter((k) => !k.amount && !k.pct && k.x0 > textX0 && k.x1 < amountX1 && k.ids * 2 <= k.n)
      .length === 1 &&
    c.x0 > textX0 &&
    c.x1 < amountX1 &&
    c.values.filter((v) => v > 1).length >= 2 &&
    c.values.every((v, k) => {
      const a = Math.abs(c.amounts[k]!);
      return Number.isInteger(v) && v > 0 && a % v === 0 && v * v <= a;
    });
  // one digit on every row ("2", the reduced rate's code) right of a column of plain numbers that vary: tax codes,
  // not a second quantity column
  const taxCodes = (c: (typeof clusters)[number]) =>
    c.n >= 3 &&
    c.values.every((v) => v === c.values[0] && Number.isInteger(v) && v >= 0 && v <= 9) &&
    clusters.some(
      (k) => k !== c && !k.amount && k.x1 < c.x0 && k.money * 2 < k.n && new Set(k.values).size > 1,
    );
  // left of the text, numbers that count up (1, 2, 3 …) are positions; so are whole numbers that only rise (1, 2,
  // 4, 6 …: the rows between, an article number's row with its name under it, were not taken) where a column of
  // plain numbers right of the text holds the quantities
  const rising = (c: (typeof clusters)[number]) =>
    countsUp(c.values) ||
    (c.n >= 3 &&
      c.values.every((v, k) => Number.isInteger(v) && (k === 0 || v > c.values[k - 1]!)) &&
      clusters.some((k) => !k.amount && !k.pct && k.x0 > textX0 && k.money * 2 < k.n));
  const kindOfCluster = (c: (typeof clusters)[number]): ColumnKind =>
    c.amount
      ? 'amount'
      : c.pct || (c.x0 > amountX1 && !c.money) || taxCodes(c)
        ? 'vat'
        : c.ids * 2 > c.n
          ? 'code'
          : c.x1 < textX0 && rising(c)
            ? 'pos'
            : c.money * 2 < c.n || smallerFactors(c)
              ? 'qty'
              : 'other';
  // the description: where the rows' text starts, up to the first numbers right of it (a quantity column
  // may come first)
  // (a quantity with its unit, "90 kg" or "2 x", is no text: leading the row, it is the quantity column)
  // (rows of numbers alone, "8 uur | 1 | 5443 | 249,17 | 21% | 1.993,36", print their text on the line under them)
  const textX0s = (lines: Line[]) =>
    lines.flatMap((l) =>
      l.cells.filter((c) => !looksNumeric(c.text) && !QTY_WITH_UNIT.test(c.text)).map((c) => c.x0),
    );
  const linesUnder = best
    .map((r) => ctx.lines[r.line.index + 1])
    .filter((l): l is Line => l?.page === best[0]!.line.page);
  const own = textX0s(best.map((r) => r.line));
  const textX0All = Math.min(...(own.length ? own : textX0s(linesUnder)));
  // a column of short words leading the rows, numbers right of it and the rows' text right of those ("kg | 102 |
  // Name …", "doos | 16 | 2 | Name …"): the units, no description; the text starts right of the numbers
  const leadUnits = unitsLeading(best, textX0All);
  const textX0 = leadUnits?.textX0 ?? textX0All;
  // codes of digits only where the rows' text starts ("3862543" among "ART75536"s): the front of the
  // description cell, which the row reading splits into code and name
  for (let k = clusters.length - 1; k >= 0; k--)
    if (
      kindOfCluster(clusters[k]!) === 'code' &&
      clusters[k]!.x0 - textX0 < 0.02 &&
      !(leadUnits && clusters[k]!.x0 < textX0 - 0.02)
    )
      clusters.splice(k, 1);
  // on a scan, a number in one row only, between where the rows' text starts and the first numbers the other rows
  // print, whose row multiplies out without it (the "2 m" of "Câble HDMI 2 m" OCR set a gap apart): the text's,
  // no column that would end every other row's description before it (a text layer keeps such a number in its
  // text cell; there the rule took a table's columns apart, its article numbers read as units)
  const firstShared = Math.min(...clusters.filter((c) => c.n >= 2 && c.x0 > textX0).map((c) => c.x0));
  const inCluster = (c: (typeof clusters)[number], cell: Cell) => cell.x0 >= c.x0 && cell.x1 <= c.x1;
  const textNumber = (c: (typeof clusters)[number]) => {
    if (c.n !== 1 || c.x0 <= textX0 || c.x1 >= firstShared) return false;
    const r = best.find((r) => r.nums.some((x) => inCluster(c, x.cell)));
    return !!r && multipliesOut(r.nums.filter((x) => !inCluster(c, x.cell)).map((x) => x.value));
  };
  if (ctx.ocr && best.length >= 4)
    for (let k = clusters.length - 1; k >= 0; k--) if (textNumber(clusters[k]!)) clusters.splice(k, 1);
  // a column of EANs (GTINs by their check digit) right of where the text starts, with more text right of it
  // than left of it: the description is the text right of it (the text left of it an article number's, which
  // the row reading gives the code column nearest it)
  const gtinCols = clusters.filter((c) => c.gtins * 2 > c.n && c.x0 > textX0);
  const codesX1 = Math.max(0, ...gtinCols.map((c) => c.x1));
  const textCellsOf = (r: AlignedRow) =>
    r.line.cells.filter((c) => !looksNumeric(c.text) && !QTY_WITH_UNIT.test(c.text));
  const firstNumberX0 = (from: number) =>
    Math.min(...clusters.filter((c) => c.x0 > from && kindOfCluster(c) !== 'code').map((c) => c.x0));
  const textIn = (x0: number, x1: number) =>
    best
      .flatMap((r) => textCellsOf(r).filter((c) => c.x0 >= x0 && c.x1 <= x1))
      .reduce((n, c) => n + c.text.length, 0);
  const gtinX0 = Math.min(...gtinCols.map((c) => c.x0));
  const afterCodes =
    codesX1 > 0 && textIn(codesX1, firstNumberX0(codesX1)) > textIn(textX0, gtinX0)
      ? Math.min(
          ...best.flatMap((r) =>
            textCellsOf(r)
              .filter((c) => c.x0 > codesX1)
              .map((c) => c.x0),
          ),
        )
      : undefined;
  const descX0 = afterCodes ?? textX0;
  const numX0 =
    afterCodes !== undefined
      ? firstNumberX0(descX0)
      : Math.min(...clusters.filter((c) => c.x0 > textX0).map((c) => c.x0));
  if (!Number.isFinite(numX0) || descX0 >= numX0) return undefined;
  // one token of letters and digits standing apart between the name and the numbers, at one x in every row
  // that prints one: the article numbers, neither the name's nor a unit
  const codeCells = best.flatMap((r) =>
    textCellsOf(r)
      .slice(1)
      .filter((c) => c.x0 > descX0 + 0.02 && c.x1 < numX0 && CODE_TOKEN.test(c.text.trim())),
  );
  const codeX0 = Math.min(...codeCells.map((c) => c.x0));
  const codeCol =
    afterCodes === undefined && codeCells.length && codeCells.every((c) => c.x0 - codeX0 < 0.01)
      ? { x0: codeX0, x1: Math.max(...codeCells.map((c) => c.x1)) }
      : undefined;
  // short words that start at one x in most rows between the description and the numbers ("kg", "Stk", "box"):
  // a unit column of its own, which the description must not take
  const tails = best
    .map((r) => textCellsOf(r).filter((c) => c.x0 > descX0 + 0.02 && c.x1 < numX0 && !codeCells.includes(c)))
    .map((cs) => cs[cs.length - 1])
    .filter((c): c is Cell => !!c && c.text.trim().length <= 8 && !/\s/.test(c.text.trim()));
  const unitX0 = tails.length ? Math.min(...tails.map((c) => c.x0)) : undefined;
  const unitCol =
    unitX0 !== undefined &&
    tails.filter((c) => Math.abs(c.x0 - unitX0) < 0.01).length * 2 > best.length &&
    best.length >= 2
      ? { x0: unitX0, x1: Math.max(...tails.map((c) => c.x1)) }
      : undefined;
  // a labelled word right of the numbers ("Promo:", an allowance with its signed amount under it) keeps its
  // own column, so that the amount under it adjusts the row instead of being read as one; so does an allowance's
  // word whose label goes on over the lines under it ("Remise" over "quantité :", "Staffel" over "korting:")
  const goesOnBelow = (r: AlignedRow, c: Cell) => {
    const below = ctx.lines[r.line.index + 1];
    return (
      below?.page === r.line.page &&
      below.cells.some((b) => Math.abs(b.x0 - c.x0) < 0.015 && /:$/.test(b.text.trim()))
    );
  };
  const labels = best.flatMap((r) =>
    r.line.cells.filter(
      (c) =>
        c.x0 > numX0 &&
        !looksNumeric(c.text) &&
        (/:$/.test(c.text.trim()) || DISCOUNT_ROW.test(norm(c.text)) || goesOnBelow(r, c)),
    ),
  );
  const cols: Column[] = [
    {
      kind: 'desc' as ColumnKind,
      x0: descX0,
      x1: Math.max(descX0, Math.min(codeCol?.x0 ?? 1, unitCol?.x0 ?? numX0) - 0.01),
      label: '',
    },
    ...(codeCol ? [{ kind: 'code' as ColumnKind, ...codeCol, label: '' }] : []),
    ...(unitCol ? [{ kind: 'unit' as ColumnKind, ...unitCol, label: '' }] : []),
    ...(leadUnits ? [{ kind: 'unit' as ColumnKind, x0: leadUnits.x0, x1: leadUnits.x1, label: '' }] : []),
    // the article numbers left of the EANs
    ...(afterCodes !== undefined && textIn(textX0, gtinX0) > 0
      ? [{ kind: 'code' as ColumnKind, x0: textX0, x1: gtinX0 - 0.01, label: '' }]
      : []),
    ...clusters.map((c) => ({
      kind: kindOfCluster(c),
      x0: c.x0,
      x1: c.x1,
      label: '',
    })),
    ...labels.map((c) => ({ kind: 'other' as ColumnKind, x0: c.x0, x1: c.x1, label: norm(c.text) })),
  ].sort((a, b) => a.x0 - b.x0);
  // the table may run over several pages (a footer between them ends a reading): on each page it starts at
  // the first row of a proven run (amount-only service lines before its first item-like row included; a
  // page's sum carried forward is no row, see above) or at its first item-like row aligned with these; on a page
  // without a proven run, at the first row of the run that holds that item-like row (the service lines above it,
  // too many on that page to prove the run, are the table's rows as well)
  const x1 = best[0]!.amount.x1;
  const provenPages = new Set(proven.map((run) => run[0]!.line.page));
  const goesOn = runsOf(rows).filter((run) => !provenPages.has(run[0]!.line.page) && run.some(itemLike));
  const firsts = [
    ...proven.map((run) => run[0]!),
    ...goesOn.map((run) => run[0]!),
    ...rows.filter(itemLike),
  ].filter((r) => Math.abs(r.amount.x1 - x1) < 0.012);
  const starts = new Map<number, number>();
  for (const r of firsts)
    starts.set(r.line.page, Math.min(starts.get(r.line.page) ?? Infinity, r.line.index));
  return { cols, starts: [...starts.values()].sort((a, b) => a - b) };
}

/**
 * A unit column leading a table without a heading: in the rows that print numbers besides their amount and VAT
 * rate (half of the rows at least, and two, or the one such row where its name right of the number is words; the
 * others are service rows and charges), the first text cell is one short word of letters starting where the rows'
 * text starts, a number stands right of it, and the row's other text right of that number. The units' span and
 * where the rows' other text starts.
 */
function unitsLeading(
  rows: AlignedRow[],
  textX0: number,
): { x0: number; x1: number; textX0: number } | undefined {
  const isText = (c: Cell) => !looksNumeric(c.text) && !QTY_WITH_UNIT.test(c.text);
  const isNumber = (c: Cell) => !isText(c);
  let x1 = 0;
  let rest = Infinity;
  let n = 0;
  /** the longest text right of a unit's number: a table of one row proves its unit by a name of words there */
  let name = '';
  for (const r of rows) {
    const cells = r.line.cells;
    const k = cells.findIndex(isText);
    const lead = cells[k];
    // (a row of an amount alone under the items, a charge or a fee, has no unit: it neither proves nor disproves;
    // nor does a service row that prints only its VAT rate beside its amount)
    if (!lead || !cells.slice(k + 1).some((c) => c !== r.amount && isNumber(c) && !/%/.test(c.text)))
      continue;
    if (Math.abs(lead.x0 - textX0) > 0.01 || !/^\p{L}{1,6}\.?$/u.test(lead.text.trim())) return undefined;
    x1 = Math.max(x1, lead.x1);
    n++;
    const next = cells.findIndex((c, j) => j > k && isText(c));
    // (a row whose text is only a code of digits, its name on the line under it, has no text right of its unit)
    if (next < 0) continue;
    if (!cells.slice(k + 1, next).some(isNumber)) return undefined;
    rest = Math.min(rest, cells[next]!.x0);
    for (const c of cells.slice(next)) if (isText(c) && c.text.length > name.length) name = c.text;
  }
  const proven = (n >= 2 && n * 2 >= rows.length) || (n === 1 && /\p{L}{3,}\s\p{L}{3,}/u.test(name));
  return proven && Number.isFinite(rest) ? { x0: textX0, x1, textX0: rest } : undefined;
}

/** A VAT column headed as a tax code's ("VAT code", "Code TVA": labels.ts `COLUMN_PHRASE` keeps it one heading). */
const isTaxCodeColumn = (c: Column | undefined) => c?.kind === 'vat' && /code/.test(c.label);

/** A number with a short unit word in one cell: "12 kg", "3 Stk", "2 x", "1,5 l". */
const QTY_WITH_UNIT = /^\d[\d.,]*\s*\p{L}{1,6}\.?$/u;

type AlignedRow = { line: Line; nums: { value: number; cell: Cell; pct: boolean }[]; amount: Cell };

/** The value of a row's amount cell. */
const amountOf = (r: AlignedRow) => r.nums.filter((x) => x.cell === r.amount).pop()?.value ?? 0;

/** A row's numbers without their signs: a credit note prints its amounts negative, or its prices unsigned. */
const unsigned = (nums: { value: number }[]) => nums.map((x) => Math.abs(x.value));

/**
 * Item rows multiply out (quantity × price = amount, in either sign), or print a quantity beside the amount
 * ("31 pce  1.849,96").
 */
function itemLikeRow(ctx: ExtractContext, r: AlignedRow): boolean {
  return (
    multipliesOut(unsigned(r.nums)) ||
    r.nums.some((x) => x.cell !== r.amount && !x.pct && !isMoneyText(x.cell.text, ctx.wholeUnits))
  );
}

/** Consecutive rows (at most five lines apart, on one page) whose amounts' right edges line up. */
function runsOf(rows: AlignedRow[]): AlignedRow[][] {
  const runs: AlignedRow[][] = [];
  for (const r of rows) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    const aligned =
      prev &&
      prev.line.page === r.line.page &&
      r.line.index - prev.line.index <= 5 &&
      Math.abs(prev.amount.x1 - r.amount.x1) < 0.012;
    if (aligned) run.push(r);
    else runs.push([r]);
  }
  return runs;
}

/**
 * The runs of aligned rows that are item tables: consecutive rows (at most five lines apart, on one page) whose
 * amounts' right edges line up, either most of them item-like (two rows at least), or, with an item-like row
 * among them, their amounts adding up (in either sign) to the amount of the totals row under them (a
 * subtotal, the net, a page total): amount-only service lines and a table of one row are items by that sum
 * (on a text layer, whose labels are read as printed).
 */
function provenRuns(
  ctx: ExtractContext,
  rows: AlignedRow[],
  itemLike: (r: AlignedRow) => boolean,
): AlignedRow[][] {
  const runs = runsOf(rows);
  // (on a scan, a totals label OCR garbled is not known as one: its row would look like a table of one row
  // adding up to the next totals row, so the sum proves nothing there)
  // (service lines among goods may outnumber them: on a text layer, three item-like rows that are a third of
  // the run prove it; a scan's garbled lines make too many runs of that kind)
  // (a scan's table of one row whose heading OCR lost is proven when the row itself multiplies out, quantity ×
  // price = amount, and that amount is the totals row's under it: a garbled totals label prints no such product;
  // so is a scan's run of rows, amount-only service lines among goods, where one row multiplies out and the
  // amounts add up to the totals row under them)
  // (on a text layer, a run of service lines that print only their amounts, "Abonnement logiciel 02/2019 215,26",
  // is proven by a sum under it that a totals word labels, an unknown label's amount may be a totals block's own;
  // so is a run of groups, delivery notes each summed under its rows, however few of their rows multiply out)
  const groupsAddUp = (run: AlignedRow[]) => {
    const groups: AlignedRow[][] = [[run[0]!]];
    for (const [k, r] of run.slice(1).entries()) {
      const between = ctx.lines.slice(run[k]!.line.index + 1, r.line.index);
      if (between.some((l) => SUMMARY_ROW.test(norm(l.text)) && lineNumbers(l, ctx.decimal).length))
        groups.push([r]);
      else groups[groups.length - 1]!.push(r);
    }
    return groups.every((g) => addsUpUnder(ctx, g, true));
  };
  const proven = (run: AlignedRow[]) => {
    const k = run.filter(itemLike).length;
    return (
      (run.length >= 2 && k * 2 >= run.length) ||
      (!ctx.ocr &&
        ((k >= 3 && k * 3 >= run.length) ||
          (k > 0 && addsUpUnder(ctx, run)) ||
          closesTotals(ctx, run) ||
          (run.length >= 2 && groupsAddUp(run)))) ||
      (!!ctx.ocr && run.some((r) => multipliesOut(unsigned(r.nums))) && addsUpUnder(ctx, run))
    );
  };
  return runs.filter(proven);
}

/**
 * Whether the amounts of a run of rows add up to the amount of the totals row under it: the first of the next
 * four lines that prints a money amount, whatever its label says ("Net amount" is no word the labels know),
 * unless `labelled`: then a totals word must label it.
 */
function addsUpUnder(ctx: ExtractContext, run: AlignedRow[], labelled = false): boolean {
  const sum = Math.abs(round2(run.reduce((t, r) => t + amountOf(r), 0)));
  const last = run[run.length - 1]!.line;
  // between the rows and that totals row, a document discount or charge is taken off or added on ("Rabatt 2 %
  // -0,84" above the net), and an amount taken off without such a word may be one, or a row's own allowance
  // already in its amount ("- 86,48" under a row that prints "Aktion:"): each way the sums could run is tried
  let sums = [sum];
  const totalsAmount = amountsUnder(ctx, run);
  for (let j = last.index + 1; j < Math.min(ctx.lines.length, last.index + 6); j++) {
    const l = ctx.lines[j]!;
    if (l.page !== last.page) break;
    const a = totalsAmount(l);
    if (!a) continue;
    const n = norm(l.text);
    const summary = SUMMARY_ROW.test(n);
    if (!summary && DISCOUNT_ROW.test(n)) sums = sums.map((v) => v - Math.abs(a.value));
    else if (!summary && TOTALS_CHARGE_ROW.test(n)) sums = sums.map((v) => v + Math.abs(a.value));
    // (a credit note's net under a label the reader does not know, "Assiette -26.186,16", is its sum, not an
    // amount taken off)
    else if (!summary && a.value < 0 && !sums.some((v) => same(Math.abs(a.value), v)))
      sums = [...sums, ...sums.map((v) => v + a.value)];
    else return sum > 0 && (summary || !labelled) && sums.some((v) => same(Math.abs(a.value), v));
  }
  return false;
}

/**
 * The amount a line under a run of rows prints as a totals row would: its last money amount, right of the rows'
 * text; a number within that span is a note's under a row ("Lot 117", "Taille : 39": money enough in a whole-unit
 * currency), and a net price under a row's allowance ("= 2.161,31") none either. Returns the reading for the run.
 */
function amountsUnder(ctx: ExtractContext, run: AlignedRow[]) {
  const textEnd = Math.max(
    ...run.flatMap((r) =>
      r.line.cells.filter((c) => !looksNumeric(c.text) && c.x1 <= r.amount.x0).map((c) => c.x1),
    ),
  );
  return (l: Line) => {
    const a = lineNumbers(l, ctx.decimal)
      .filter((x) => !x.pct && isMoneyText(x.cell.text, ctx.wholeUnits))
      .pop();
    return a && a.cell.x1 > textEnd && !/^=/.test(a.cell.text.trim()) ? a : undefined;
  };
}

/**
 * Whether a run of rows is proven by the totals under it whatever their labels ("Assiette", "Net value"): the first
 * amount under the rows is their sum, and of the next two amounts the second is that sum plus the first (net + VAT
 * = total). Service lines that print only their amounts need no known totals word then.
 */
function closesTotals(ctx: ExtractContext, run: AlignedRow[]): boolean {
  const sum = Math.abs(round2(run.reduce((t, r) => t + amountOf(r), 0)));
  const last = run[run.length - 1]!.line;
  const amounts: number[] = [];
  const totalsAmount = amountsUnder(ctx, run);
  for (const l of ctx.lines.slice(last.index + 1, last.index + 8)) {
    if (l.page !== last.page || amounts.length === 3) break;
    const a = totalsAmount(l);
    // (the sum printed again, "Subtotal" over "Total excl. VAT", is one amount)
    if (a && !(amounts.length === 1 && same(Math.abs(a.value), sum))) amounts.push(Math.abs(a.value));
  }
  const [net, vat, total] = amounts;
  return (
    sum > 0 &&
    net !== undefined &&
    vat !== undefined &&
    total !== undefined &&
    same(net, sum) &&
    vat > 0 &&
    same(total, round2(net + vat))
  );
}

/** Labels of the tax and register numbers a company prints in its page footer. */
const REGISTER_LABEL =
  /\b(?:tax\s*(?:id|no|number)|steuer\s*-?\s*(?:nr|nummer)|hrb|hra|rcs|kvk|siret|siren|company\s+(?:no|number)|handelsregister)\b/;

/**
 * A line that prints a VAT id, tax or register number is page furniture (the footer under a page's rows), not a
 * row nor a totals heading ("TVA FR36930611951", "USt-IdNr. DE…" start like one): the table may go on overleaf.
 */
const companyIdLine = (line: Line) => vatIdsOf(line.text).length > 0 || REGISTER_LABEL.test(norm(line.text));

/** The sum of the rows' amounts. */
const sumOf = (items: TItem[]) => round2(items.reduce((s, it) => s + (it.amount ?? 0), 0));

const same = (a: number, b: number) => Math.abs(a - b) < 0.011;

/** The lines of a page. */
const linesOf = (ctx: ExtractContext, page: number) => ctx.lines.filter((l) => l.page === page);

/** The numbers printed on the first (`head`) or last (`foot`) six lines of a page. */
function numbersAt(ctx: ExtractContext, page: number, end: 'head' | 'foot'): number[] {
  const lines = linesOf(ctx, page);
  return (end === 'head' ? lines.slice(0, 6) : lines.slice(-6)).flatMap((l) =>
    lineNumbers(l, ctx.decimal).map((x) => x.value),
  );
}

/**
 * A sum carried over a page break ("À reporter", "Übertrag" at a page's foot; "Report", "Übertrag" atop the next):
 * an amount printed both at the foot of one page and at the top of the next, whatever its labels, that is the sum
 * of the rows read so far or, where a row was misread, larger than each of them (a repeated row is not). It is no
 * item and does not end the table.
 */
function carriedSum(ctx: ExtractContext, line: Line, amount: number, items: TItem[]): boolean {
  const sum = items.length > 0 && same(sumOf(items), amount);
  const larger = items.length >= 2 && items.every((it) => Math.abs(it.amount ?? 0) < Math.abs(amount));
  if (!sum && !larger) return false;
  const printed = (page: number, end: 'head' | 'foot') =>
    numbersAt(ctx, page, end).some((v) => same(v, amount));
  const at = (lines: Line[]) => lines.some((l) => l.index === line.index);
  const page = linesOf(ctx, line.page);
  // the sum of the rows read so far, printed again overleaf, is carried from wherever it stands on its page (a
  // long footer under it); an amount only larger than the rows must stand by the page break
  return (
    ((sum || at(page.slice(-6))) && printed(line.page + 1, 'head')) ||
    (at(page.slice(0, 6)) && printed(line.page - 1, 'foot'))
  );
}

/** A cell that prints money under the table's amount heading (a page's or a group's sum is read from these). */
const amountCell = (ctx: ExtractContext, cols: Column[], cell: Line['cells'][number]) =>
  isMoneyText(cell.text, ctx.wholeUnits) && columnFor(cols, cell)?.kind === 'amount';

/**
 * A page's own sum at its foot ("Seitensumme", "Total page", "Paginatotaal": the rows of that page only) when the
 * table goes on overleaf: no more than a carried sum stands under it on its page, and the next page's first amount
 * past the sums carried over stands on an item row, not on a totals row (a totals block split over the page).
 */
function pageSumOverleaf(
  ctx: ExtractContext,
  line: Line,
  amount: number,
  rows: TItem[],
  cols: Column[],
): boolean {
  if (!rows.length || !same(sumOf(rows), amount)) return false;
  const amounts = (l: Line) =>
    companyIdLine(l)
      ? []
      : lineNumbers(l, ctx.decimal)
          .filter((x) => !x.pct && amountCell(ctx, cols, x.cell))
          .map((x) => x.value);
  const under = linesOf(ctx, line.page).filter((l) => l.index > line.index && amounts(l).length);
  if (under.length > 1) return false;
  const carried = under.flatMap(amounts);
  for (const l of linesOf(ctx, line.page + 1).slice(0, 8)) {
    const a = amounts(l);
    if (a.length && !a.every((v) => carried.some((c) => same(c, v)))) return !SUMMARY_ROW.test(norm(l.text));
  }
  return false;
}

/**
 * A group's own sum inside the table (the rows of one delivery note, one order, one site: "Summe Lieferschein
 * 4711", "Total delivery note 2"): the amount is the sum of the rows since the table's start or the previous
 * such sum, and the table goes on under it, the next line with an amount under the amount heading being an
 * item row (a quantity or a price beside its amount, or numbers that multiply out), not a totals row; a sum of all
 * rows so far carried over a page break between them (`carriedOver`) is passed over. The totals block's subtotal
 * is followed by no such row.
 */
function groupSumAbove(
  ctx: ExtractContext,
  line: Line,
  amount: number,
  rows: TItem[],
  cols: Column[],
  carriedOver: (l: Line) => boolean,
): boolean {
  if (!rows.length || !same(sumOf(rows), amount)) return false;
  for (const l of ctx.lines.slice(line.index + 1, line.index + 13)) {
    if (l.page > line.page + 1) break;
    if (companyIdLine(l)) continue;
    const nums = lineNumbers(l, ctx.decimal).filter((x) => !x.pct);
    if (!nums.some((x) => amountCell(ctx, cols, x.cell))) continue;
    // (the sum of all rows so far carried over the page break, under the group's sum or atop the next page)
    if (carriedOver(l)) continue;
    const kinds = nums.map((x) => columnFor(cols, x.cell)?.kind);
    const n = norm(l.text);
    if (SUMMARY_ROW.test(n)) return false;
    if (kinds.includes('qty') || kinds.includes('price') || multipliesOut(unsigned(nums))) return true;
    // a service row of its amount alone, its text in the description column (a totals row's label stands far
    // right of it, or where the sum's own label stands right of the descriptions, "Sub-total" over "Net amount",
    // and names no discount or charge; a tax row under the sum prints its rate: "Umsatzssteuer (19,00 %)", a row
    // its rate under the table's VAT heading)
    const desc = cols.find((c) => c.kind === 'desc');
    const text = l.cells.find((c) => !looksNumeric(c.text));
    const label = line.cells.find((c) => !looksNumeric(c.text));
    const underLabel =
      !!desc && !!text && !!label && label.x0 > desc.x0 + 0.02 && Math.abs(text.x0 - label.x0) < 0.01;
    return (
      !!desc &&
      !!text &&
      !underLabel &&
      text.x0 <= desc.x0 + 0.15 &&
      !l.cells.some((c) => c.text.includes('%') && columnFor(cols, c)?.kind !== 'vat') &&
      !DISCOUNT_ROW.test(n) &&
      !TOTALS_CHARGE_ROW.test(n)
    );
  }
  return false;
}

/**
 * Line items: header → columns → rows (with wrapped descriptions), summary and discount rows skipped; a page
 * without a heading row the labels know is read by the alignment of its numbers (`alignedTable`).
 */
/**
 * A scanned description's litre unit that OCR read as a one: "Glass cleaner 5 1" is "Glass cleaner 5 l". A lone
 * "1" right after a number, ending the text or before a word, is no second number a name prints so; the unit
 * letter l is the glyph OCR most often reads as a one. Only after a word ("5 1" opening a text may be numbers).
 */
export function litreRead(desc: string): string {
  return desc.replace(/(\p{L}\S*\s+)(\d{1,4}(?:[.,]\d{1,2})?) 1(?=$|\s+\p{L})/gu, '$1$2 l');
}

/**
 * A scanned description's sharp s that OCR read as a capital B: a page image is first read with the English model,
 * which has no ß, and reads "Größe", "weiß", "heißt" as "GroBe", "weiB", "heiBt". A B after two lower-case letters of
 * the same word, ending the word or before "e", "en", "er", "es", "em" or "t", is no capital of a word run into the
 * one before ("PowerBank", "MacBook" go on with other letters) and is read back as ß.
 */
export function eszettRead(desc: string): string {
  return desc.replace(/(?<=(?:^|[^\p{L}])\p{Lu}?\p{Ll}*\p{Ll}{2})B(?=(?:e[nrsm]?|t)?(?![\p{L}\d]))/gu, 'ß');
}

export function extractItems(
  ctx: ExtractContext,
  from?: { cols: Column[]; start: number; page?: number; open?: TItem[][] },
): {
  items: TItem[];
  /** what each row's reading rests on (item-confidence.ts) */
  evidence: RowEvidence[];
  boxes: TBox[];
  docDiscounts: number[];
  /**
   * the rows after each group's own sum that may close a group overleaf (those of earlier pages given in
   * `from.open` among them)
   */
  open?: TItem[][];
} {
  if (!from) {
    const read = extractItems(ctx, { cols: [], start: 0 });
    const aligned = read.items.length ? undefined : alignedTable(ctx);
    // read page by page (a group's rows may run over the page break: its sum under them on the next page adds up
    // the rows after the last group's sum on the pages before)
    let open: TItem[][] = [];
    const pages = aligned?.starts.map((start) => {
      const p = extractItems(ctx, { cols: aligned.cols, start, page: ctx.lines[start]!.page, open });
      open = p.open ?? [];
      return p;
    });
    // rows found without headings are never sure enough to go straight through, unless every row (three or more)
    // multiplies out its quantity and price from the same two columns: the rows prove the columns a heading would
    // have named
    const found = pages?.flatMap((p) => p.evidence);
    const columnsProven =
      !!found &&
      found.length >= 3 &&
      found.every((e) => e.solvedIn !== undefined && e.solvedIn === found[0]!.solvedIn);
    const out = pages
      ? {
          items: pages.flatMap((p) => p.items),
          evidence: found!.map((e) => ({ ...e, noHeading: true, columnsProven })),
          boxes: pages.flatMap((p) => p.boxes),
          docDiscounts: pages.flatMap((p) => p.docDiscounts),
        }
      : read;
    if (ctx.ocr)
      for (const it of out.items) if (it.itemDesc) it.itemDesc = eszettRead(litreRead(it.itemDesc));
    return out;
  }
  const items: TItem[] = [];
  /** the line each item was read from */
  const rowLines: Line[] = [];
  const confs: number[] = [];
  const evidence: RowEvidence[] = [];
  const boxes: TBox[] = [];
  const docDiscounts: number[] = [];
  /** the amounts of charge rows read under the rows ("Shipping 9.95"): the net under them adds them */
  const docCharges: number[] = [];
  let cols: Column[] | undefined = from.cols.length ? from.cols : undefined;
  let inTable = cols !== undefined;
  let lastItemLine: Line | undefined;
  // the last line of the item's own text: lines right of the description (an allowance's words and amount under
  // the row) keep the row open, but text under them is no part of the name
  let lastTextLine: Line | undefined;
  let pendingDesc: string[] = [];
  // the first and last of the text lines in pendingDesc
  let pendingTop: Line | undefined;
  let pendingEnd: Line | undefined;
  let partial: { nums: RowNum[]; desc: string; line: Line } | undefined;
  // the last item's description was cut to its name: what follows is its long description
  let nameOnly = false;
  let lastRow: AdjustedRow | undefined;
  // text lines nearer the row below than the row above: the head of the next item's cell
  let down: { text: string; detail: boolean; line: Line }[] = [];
  // those lines were found by their pitch alone (`headOfNextRow`): the row that takes them is not sure of its text
  const downHow = { byPitch: false };
  // a row of the current table took the head of its cell from the lines above its numbers
  let headsSeen = false;
  let downTo = -1;
  /** the rows read on a page */
  const pageRows = (page: number) => items.filter((_, k) => boxes[k]!.page === page);
  // the texts of the table's heading lines
  const headings = new Set<string>();
  // the first row after each group's own sum (`groupSumAbove`), the latest last: a page's own sum or a sum carried
  // over a page break may pass for one, so a later group's sum may count its rows from an earlier start
  const groupStarts = [0];
  /** the rows a group's sum may add up, from each start, those of earlier pages before this page's */
  const openRows = () => [
    ...(from.open?.length ? from.open.map((o) => [...o, ...items]) : [items]),
    ...groupStarts.slice(1).map((k) => items.slice(k)),
  ];
  for (let i = from.start; i < ctx.lines.length; i++) {
    if (from.page !== undefined && ctx.lines[i]!.page !== from.page) break;
    let line = withoutRules(ctx.lines[i]!);
    const header = findHeader(ctx, line);
    // the table's heading printed again atop a later page, where no row under it proves it a heading (a sum carried
    // over stands there): the table goes on under the same columns
    const repeated = !header && cols !== undefined && headings.has(norm(line.text));
    if (header || repeated) {
      const merged = header ? mergeHeaderRows(ctx, line, header) : { cols: cols!, last: line };
      // the first heading proven, printed before on an earlier page where its rows did not prove it (their
      // numbers under their names): the table starts there
      const earlier = headings.size
        ? undefined
        : ctx.lines.find((l) => l.page < line.page && norm(l.text) === norm(line.text));
      for (let k = line.index; k <= merged.last.index; k++) headings.add(norm(ctx.lines[k]!.text));
      cols = merged.cols;
      inTable = true;
      headsSeen = false;
      lastItemLine = undefined;
      lastTextLine = undefined;
      lastRow = undefined;
      down = [];
      pendingDesc = [];
      i = earlier ? earlier.index + merged.last.index - line.index : merged.last.index;
      continue;
    }
    if (!inTable || !cols) continue;
    line = quantityApart(line, cols);
    if (companyIdLine(line)) {
      // the footer block at a page's foot: its other lines (street, town, e-mail) are no item text either
      if (line.y0 > 0.75) while (ctx.lines[i + 1]?.page === line.page) i++;
      continue;
    }
    const n = norm(line.text);
    // a tax code under its own heading ("VAT code": "1", "S") is the row's code, no rate and no number of its
    // arithmetic
    const taxCode = line.cells.find((c) => isTaxCodeColumn(columnFor(cols!, c)));
    const nums = [
      ...lineNumbers(line, ctx.decimal),
      ...gluedQuantities(line, cols!, ctx.ocr),
      ...quantityRunOn(ctx, line, cols!),
    ].filter((x) => x.pct || x.cell !== taxCode);
    // a quantity OCR ran into the next cell counts where no number of the row stands under the heading itself
    const qtyUnread = !nums.some((x) => columnFor(cols!, x.cell)?.kind === 'qty');
    const leadOf = (c: Cell) => (qtyUnread ? qtyLead(ctx, cols!, c) : undefined);
    const rowNums: RowNum[] = nums
      .map((x) => ({
        value: wholeUnitAmount(ctx, x, columnFor(cols!, x.cell)?.kind),
        // on a scan, a GTIN of 12–14 digits is a barcode that a segmentation set under a number's heading, never a
        // quantity or price (8 digits may be an amount whose separator OCR lost that passes the check digit by chance)
        kind:
          ctx.ocr && x.cell.text.trim().length >= 12 && isGtin(x.cell.text)
            ? 'code'
            : // on a scan, a percentage set under the amount heading is a rate (a discount or VAT column whose heading
              // OCR lost, standing left of the amounts), never the row's amount; with no kind it is the VAT rate to
              // `solveRow`, and the row may still take it as its discount below
              ctx.ocr && x.pct && columnFor(cols!, x.cell)?.kind === 'amount'
              ? undefined
              : leadOf(x.cell)?.value === x.value
                ? 'qty'
                : columnFor(cols!, x.cell)?.kind,
        pct: x.pct,
        // on a scan, plain digits under a price or amount heading are cents that lost their separator
        money:
          isMoneyText(x.cell.text, ctx.wholeUnits) ||
          (!!ctx.ocr &&
            !ctx.wholeUnits &&
            /^\d{3,}$/.test(x.cell.text) &&
            ['price', 'amount'].includes(columnFor(cols!, x.cell)?.kind ?? '')),
        text: x.cell.text,
        cell: x.cell,
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
    // a number with its unit ("39 carton") under a right-aligned heading starts left of the heading, inside the
    // description's range: its cell reaches into the column that claims it, and its words are that column's (so
    // does a credit note's wide amount, "-7'361.28" under "CHF")
    const claims = (c: Cell) => {
      const k = columnFor(cols!, c)?.kind;
      return k !== undefined && CLAIMING.has(k);
    };
    const claimed = new Set(
      descRange
        ? line.cells
            .filter((c) => /^[-−–]?\d/.test(c.text) && c.x1 > descRange.x1 && claims(c))
            .flatMap((c) => c.words)
        : [],
    );
    const runOn = new Set(
      descRange ? line.cells.flatMap((c) => runOnWords(c, descRange, cols!, claimed)) : [],
    );
    const inDescRange = descRange
      ? line.words.filter(
          (w) =>
            runOn.has(w) ||
            ((w.x0 + w.x1) / 2 >= descRange.x0 && (w.x0 + w.x1) / 2 < descRange.x1 && !claimed.has(w)),
        )
      : [];
    const descWords = ctx.ocr ? withoutLostColumns(inDescRange, cols) : inDescRange;
    const descByWords = descWords.map((w) => w.text).join(' ');
    const apart = ctx.ocr ? numberApart(descWords) : undefined;
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
    // descriptions under their codes: the item's own line holds the code, the next line the description
    const stacked = !cols.some((c) => c.kind === 'desc') && cols.some((c) => c.descBelow);
    const hasMoney = rowNums.some((r) => r.money && !r.pct && r.kind !== 'vat');
    const firstTextX = textCells[0]?.x0 ?? 1;
    const descCol = cols.find((c) => c.kind === 'desc');
    const hasQty = rowNums.some((r) => r.kind === 'qty');
    const summaryLike =
      SUMMARY_ROW.test(n) && (!hasQty || !descCol || firstTextX > descCol.x0 - 0.02 || n.length < 40);
    // "Gross price: 15,00 €" notes under an item: every amount inside a "Label: value" cell, none in the amount column
    const itemNote =
      hasMoney &&
      !rowNums.some((r) => r.money && r.kind === 'amount') &&
      rowNums.every((r) => !r.money || /^[\p{L}\s.-]{3,30}:\s*[-\d]/u.test(r.text));
    if (summaryLike && hasMoney && !itemNote && !/^\d/.test(n)) {
      // a sub-total between groups of lines is skipped; the totals block ends the table
      const amount = rowNums.filter((r) => r.money && !r.pct).pop()?.value;
      // the rows from each group start, the first of them all rows so far; a line that carries their sum over a
      // page break
      const starts = openRows();
      const all = starts[0]!;
      const carry = sumOf(all);
      const carriedOver = (l: Line) =>
        lineNumbers(l, ctx.decimal).every((x) => x.pct || same(x.value, carry)) &&
        carriedSum(ctx, l, carry, all);
      const group =
        amount !== undefined &&
        starts.some((rows) => groupSumAbove(ctx, line, amount, rows, cols!, carriedOver));
      // (a sub-total of all rows that is no group's sum and is carried over no page break is the table's own:
      // what follows is the totals block, "Vrachtkosten 25,00" a charge there, not a service row)
      if (group) groupStarts.push(items.length);
      else if (
        (!/\b(?:sub\s*-?\s*total|zwischensumme|sous\s*-?\s*total|subtotaal|ubertrag|carried)\b/.test(n) ||
          (amount !== undefined && same(amount, sumOf(items)))) &&
        !(
          amount !== undefined &&
          (carriedSum(ctx, line, amount, items) ||
            pageSumOverleaf(ctx, line, amount, pageRows(line.page), cols))
        )
      )
        inTable = false;
      continue;
    }
    const adj =
      lastRow && lastItemLine?.page === line.page && line.y0 - lastItemLine.y1 < (line.y1 - line.y0) * 1.5
        ? adjustmentsOf(nums, cols)
        : undefined;
    if (adj && lastRow) {
      adjust(lastRow, adj);
      resolveAdjusted(lastRow, confs);
      // the description may go on beside them; under a row that printed only its code, it is the name
      if (descText && !notDescription(descText) && !nameOnly && !stacked) {
        const prev = lastRow.item;
        if (codeAbove(prev)) {
          prev.itemCode = prev.itemDesc;
          prev.itemDesc = descText;
          const ev = evidence[lastRow.at];
          if (ev) ev.descFrom = 'joined';
        } else prev.itemDesc = `${prev.itemDesc ?? ''} ${descText}`.trim();
        lastTextLine = line;
      }
      lastItemLine = line;
      continue;
    }
    // signed amounts that adjust a row ("- 148,28", "= 1.334,52") standing too far under it to be attached: the
    // row above was read without them, and its numbers may not be the ones the page settles on
    // and so does a line of one amount taken off ("- 2,00"), without any text, right under a row: an allowance
    // under a column heading the labels do not know, the row's own numbers perhaps solved without it
    const offAlone =
      !textCells.length &&
      !partial &&
      nums.length === 1 &&
      /^[-−–]\s*\d/.test(nums[0]!.cell.text) &&
      lastItemLine?.page === line.page &&
      line.y0 - lastItemLine.y1 < (line.y1 - line.y0) * 3;
    if (lastRow && (offAlone || adjustmentsOf(nums, cols))) {
      const ev = evidence[lastRow.at];
      if (ev) ev.leftOver = true;
    }
    if (hasMoney) {
      // (on a text layer, an allowance's word right of the row's own numbers, "30,75 | 1.136,66 | Remise :",
      // leaves an item row; a scan's lines may hold what OCR set beside them)
      const allowanceWord = line.cells.find((c) => DISCOUNT_ROW.test(norm(c.text)));
      if (
        DISCOUNT_ROW.test(n) &&
        !rowNums.some((r) => r.kind === 'qty') &&
        !(!ctx.ocr && allowanceWord && itemRowWord(ctx, line, allowanceWord))
      ) {
        const a = rowNums.filter((r) => r.money).pop();
        if (a) docDiscounts.push(Math.abs(a.value));
        continue;
      }
      // ("Charge 117", a batch, in a description: a row whose numbers multiply out is an item)
      if (
        CHARGE_ROW.test(n) &&
        !rowNums.some((r) => r.kind === 'qty') &&
        !multipliesOut(rowNums.filter((r) => !r.pct).map((r) => r.value))
      ) {
        const c = rowNums.filter((r) => r.money && !r.pct).pop();
        if (c) docCharges.push(Math.abs(c.value));
        continue;
      }
      // an amount alone whose label starts far right of the descriptions ("Verpackung 49,00", "Net amount"
      // after a sub-total), or with no text at all, is a row of the totals block, not an item
      // (a row whose text is an article number of digits alone, "4722 | 117 | 906,164 | 106,021,188" in a table
      // without headings, its name on the next line, prints more than an amount; on a text layer only: a scan's
      // digits in the description's range may be anything OCR set there)
      const codeRow =
        !ctx.ocr &&
        !textCells.length &&
        /^\d{4,}$/.test(descText.trim()) &&
        rowNums.some((r) => !r.pct && r.kind === 'other');
      const amountOnly = !codeRow && !rowNums.some((r) => r.kind === 'qty' || r.kind === 'price');
      if (
        descCol &&
        amountOnly &&
        !partial &&
        !stacked &&
        (textCells.length ? firstTextX > descCol.x0 + 0.15 : !pendingDesc.length)
      )
        continue;
      // an amount alone that is the sum of the rows read so far or of this page's rows repeats a page's sum
      // ("À reporter", "Carried forward", "Paginatotaal" over or under a page break), whatever its label says, and
      // so does one carried over the page break: no item
      const a = rowNums.filter((r) => r.money && !r.pct).pop()?.value;
      const onPage = pageRows(line.page);
      // the sum of all rows under a label the reader does not know ("Heffingsbasis"), carried over no page break,
      // no page's own sum and no group's, is the totals block's first amount: the table ends there (the total under
      // it, "Eindbedrag", is no service row)
      if (
        amountOnly &&
        a !== undefined &&
        items.length >= 2 &&
        same(a, sumOf(items)) &&
        !carriedSum(ctx, line, a, items) &&
        !pageSumOverleaf(ctx, line, a, onPage, cols) &&
        !groupSumAbove(ctx, line, a, items, cols, () => false)
      ) {
        inTable = false;
        continue;
      }
      if (
        amountOnly &&
        a !== undefined &&
        ((items.length >= 2 && same(a, sumOf(items))) ||
          (onPage.length >= 2 && same(a, sumOf(onPage))) ||
          carriedSum(ctx, line, a, items))
      )
        continue;
      // an amount alone that is the rows' sum less the discounts and plus the charges read under them is the
      // totals block's net under a label the reader does not know ("Discount 3 % -7.585,96" over "Value excl.
      // 245.279,44"; "Discount 2 % -15,383.00", "Shipping 9.95" over "Goods value"): the table ended
      const off = docDiscounts.reduce((t, d) => t + d, 0);
      const on = docCharges.reduce((t, c) => t + c, 0);
      if (
        amountOnly &&
        a !== undefined &&
        off + on > 0 &&
        same(Math.abs(a), round2(Math.abs(sumOf(items)) - off + on))
      ) {
        inTable = false;
        continue;
      }
      // with an amount column, an item row has its amount there (other numbers are notes or sub-lines)
      if (cols.some((c) => c.kind === 'amount') && !rowNums.some((r) => r.kind === 'amount' && !r.pct)) {
        // quantity and price without the amount: the amount may follow on the next baseline
        if (rowNums.some((r) => r.kind === 'qty' || r.kind === 'price'))
          partial = { nums: rowNums, desc: descText, line };
        continue;
      }
      // quantity and price printed a little above the amount (two baselines in one row)
      let rowDesc = descText;
      let twoBaselines = false;
      if (
        partial &&
        partial.line.page === line.page &&
        !rowNums.some((r) => r.kind === 'qty' || r.kind === 'price') &&
        line.y0 - partial.line.y1 < (line.y1 - line.y0) * 1.5
      ) {
        rowNums.unshift(...partial.nums);
        rowDesc = `${partial.desc} ${descText}`.trim();
        twoBaselines = partial.desc !== '' && descText !== '';
      }
      partial = undefined;
      // (a scan in whole units has no cents to lose, but OCR misses its quantities as any scan's)
      const solveScan = (ns: RowNum[]) =>
        ctx.wholeUnits ? solveScanQty(solveRow(ns, true), ns) : solveScanRow(ns);
      let s = !ctx.ocr ? solveRow(rowNums, ctx.wholeUnits, true) : solveScan(rowNums);
      // a scan's rate under no rate heading (see above) is the row's discount where the printed quantity times the
      // printed price less that rate is the printed amount and quantity × price alone is not (without this the row
      // keeps no quantity, or one that departs from the printed one: amount ÷ price taken as a rounded quantity)
      const rate = ctx.ocr && s.conf < 0.95 ? rowNums.find((r) => r.pct && r.kind === undefined) : undefined;
      const [pq, pp, pa] = (['qty', 'price', 'amount'] as const).map(
        (k) => rowNums.find((r) => r.kind === k)?.value,
      );
      if (
        rate &&
        pq !== undefined &&
        pp !== undefined &&
        pa !== undefined &&
        rate.value > 0 &&
        rate.value < 100 &&
        Math.abs(round2(pq * pp * (1 - rate.value / 100)) - pa) <= (ctx.wholeUnits ? 0.5 : 0.011)
      ) {
        const d = solveScan(rowNums.map((r) => (r === rate ? { ...r, kind: 'discount' as const } : r)));
        if (d.conf >= 0.9 && d.qty === pq) s = d;
      }
      if (s.amount === undefined) continue;
      // an EAN/GTIN in a code column is the unit's barcode, not the supplier's article number (which may stand
      // in a column of its own or above the name)
      const barcode = line.cells.find((c) => columnFor(cols!, c)?.kind === 'code' && isGtin(c.text));
      // (a name run on under the code heading, "Forfait maintenance annuel 12/2022", is no code: a code cell keeps
      // only the words the description column did not take; a code column with the names under it has no other)
      const named = new Set(descCol ? descWords : []);
      const codeCell = line.cells
        .filter((c) => columnFor(cols!, c)?.kind === 'code' && !looksNumeric(c.text) && c !== barcode)
        .map((c) => {
          const own = c.words.filter((w) => !named.has(w));
          return own.length === c.words.length ? c : own.length ? cellOf(own) : undefined;
        })
        .find((c) => c !== undefined);
      const codeNumAt = nums.find((x) => columnFor(cols!, x.cell)?.kind === 'code' && x.cell !== barcode);
      const codeNum = codeNumAt && { text: codeNumAt.cell.text };
      let desc = stacked ? '' : rowDesc;
      // a cell whose numbers stand on its last line: its first lines came before the row (a detail or
      // note line among them, or as the row's own text, is not the name)
      const cellHead = down.length > 0;
      const cellTop = down[0]?.line ?? line;
      const headByPitch = cellHead && downHow.byPitch;
      let linesJoined = false;
      let detailSkipped = false;
      let detailJoined = false;
      if (down.length) {
        headsSeen = true;
        const parts = down.filter((d) => !d.detail).map((d) => d.text);
        const rowKept = !parts.length || !notDescription(desc);
        if (rowKept) parts.push(desc);
        const texts = parts.filter((t) => t !== '');
        linesJoined = texts.length >= 2;
        detailJoined = namePlusDetail(texts);
        detailSkipped = down.some((d) => d.detail) || (!rowKept && desc !== '');
        desc = parts.join(' ').trim();
        down = [];
      }
      // (the quantity OCR ran into the code cell is not the code's)
      const lead = codeCell && leadOf(codeCell);
      let itemCode: string | undefined = lead
        ? codeCell.text.slice(lead.word.text.length).trim()
        : (codeCell?.text ?? (codeNum ? codeNum.text : undefined));
      // a code cell that runs into the description ("A123 Name", no gap between the columns): the code only
      if (itemCode && desc && itemCode.length > desc.length && itemCode.endsWith(` ${desc}`))
        itemCode = itemCode.slice(0, -desc.length).trim();
      if (itemCode && desc.startsWith(itemCode)) desc = desc.slice(itemCode.length).trim();
      const bracket = /^(?:\[([^\]]{2,30})\]|\*([^*\s]{2,30})\*)\s+(.+)$/.exec(desc);
      if (bracket) {
        itemCode ??= bracket[1] ?? bracket[2];
        desc = bracket[3]!;
      }
      // "CODE - Name": a code set off from the name by a dash, whatever the columns
      const dashed = /^([A-Z0-9][A-Z0-9_\-./]{2,})\s+[-–—]\s+(.{3,})$/i.exec(desc);
      if (!itemCode && dashed && /\d/.test(dashed[1]!)) {
        itemCode = dashed[1];
        desc = dashed[2]!;
      }
      // a leading token with digits is the article number where no column holds one: no code column, or one
      // whose cell in this row is the unit's barcode (the supplier's number then stands above the name); an EAN
      // (its check digit right) is the unit's barcode, and an article number may follow it or stand alone, the
      // name on the line under it ("5439644679535 | X1939280" over "Installatiewerkzaamheden")
      let leadingGtin: string | undefined;
      if (!cols.some((c) => c.kind === 'code') || (barcode && itemCode === undefined)) {
        const lead = /^(\d{8,14})\s+(.+)$/.exec(desc);
        if (!barcode && lead && isGtin(lead[1]!)) {
          leadingGtin = lead[1];
          desc = lead[2]!;
        }
        const m = /^([A-Z0-9][A-Z0-9_\-./]{2,})\s+(.{3,})$/i.exec(desc);
        if (m && /\d/.test(m[1]!) && !/^\d{1,3}$/.test(m[1]!)) {
          itemCode = m[1];
          desc = m[2]!;
        }
      }
      desc = desc.replace(/^\d{1,3}\s+(?=\S)/, (x) =>
        cols!.some((c) => c.kind === 'pos') || /^\d{1,3}\s+[A-Za-z]/.test(desc) ? '' : x,
      );
      // the separator left after a code cut off the front ("- Name")
      desc = desc.replace(/^[-–—:|]\s+(?=\S)/, '');
      const fromAbove = pendingDesc.length > 0 && !desc && !stacked;
      // text above the row that the row does not take: it belongs to this item or the one before, not to none
      // text set apart by a blank line from the item above and from this row's cell is a note (an e-invoice
      // line's note, "Anzahl Packstücke: 1"): it heads no cell and continues none, so it leaves no doubt
      const note = blankBetween(lastItemLine, pendingTop) && blankBetween(pendingEnd, cellTop);
      const leftOver = pendingDesc.length > 0 && !fromAbove && !note;
      if (fromAbove) desc = pendingDesc.join(' ');
      if (leftOver && evidence.length) evidence[evidence.length - 1]!.leftOver = true;
      pendingDesc = [];
      desc = desc
        .replace(/\b[A-Z][A-Z_]{1,10}:\s*\S+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      nameOnly = false;
      if (descCol && NAME_AND_DESC.test(descCol.label)) {
        const n = nameOf(desc);
        desc = n.name;
        nameOnly = n.cut;
      }
      // the row's quantity read into its description from a column whose heading OCR lost: not the name's
      if (
        apart &&
        s.qty !== undefined &&
        parseNumber(apart.text, ctx.decimal) === s.qty &&
        desc.endsWith(` ${apart.text}`)
      )
        desc = desc.slice(0, -apart.text.length).trim();
      // more values than headings ("Détail" over the name and its price "10 554"): a number of its own at the end
      // of the description's text that times the quantity is the amount is the row's price, not the name's; and a
      // quantity the description runs into ("verzinkt 14 carton") is the row's quantity
      const price = (r: RowNum) =>
        looksNumeric(r.text) &&
        !!s.qty &&
        s.amount !== undefined &&
        Math.abs(r.value * s.qty - Math.abs(s.amount)) <= (ctx.wholeUnits ? 0.5 : 0.011);
      // (the run-on quantity is a part of the description's cell, never a cell of its own: "Espresso beans 1 kg"
      // keeps its "1 kg" beside a quantity of 1)
      const runOn = (r: RowNum) =>
        r.value === s.qty && QTY_WITH_UNIT.test(r.text) && !!r.cell && !line.cells.includes(r.cell);
      const cutOf = (r: RowNum) => {
        if (r.pct || r.kind === 'amount') return undefined;
        if (desc.endsWith(` ${r.text}`) && (price(r) || runOn(r))) return r.text;
        // (a run-on quantity whose unit the row's unit took already: "… 88" left of "… 88 Karton")
        const number = r.cell?.words[0]?.text;
        return number && runOn(r) && desc.endsWith(` ${number}`) ? number : undefined;
      };
      const tail = rowNums.map(cutOf).find((t) => t !== undefined);
      if (!ctx.ocr && tail) desc = desc.slice(0, -tail.length).trim();
      const it: TItem = { itemDesc: desc.trim() };
      if (itemCode) it.itemCode = itemCode.trim();
      if (barcode ?? leadingGtin) it.unitBarcode = barcode?.text.trim() ?? leadingGtin;
      if (taxCode && /^[^\s%]{1,8}$/.test(taxCode.text.trim())) it.vatCode = taxCode.text.trim();
      if (s.qty !== undefined) it.itemQty = s.qty;
      if (s.price !== undefined) it.price = s.price;
      // a table without a unit-price column: the net unit price is the amount over the quantity, to the cent
      // where a price to the cent multiplies back to the amount (31,75 × 47,01 = 1.492,57, not 47,0101)
      else if (s.qty && s.amount !== undefined && !cols.some((c) => c.kind === 'price')) {
        const cents = round2(s.amount / s.qty);
        it.price = Math.abs(round2(cents * s.qty) - s.amount) <= 0.005 ? cents : round4(s.amount / s.qty);
      }
      // a table of amounts alone, with no quantity or price column (fees, services): each row is one unit
      // at its amount
      else if (
        s.qty === undefined &&
        s.amount !== undefined &&
        s.discount === undefined &&
        !cols.some((c) => c.kind === 'qty' || c.kind === 'price')
      ) {
        it.itemQty = 1;
        it.price = s.amount;
      }
      if (s.amount !== undefined) it.amount = s.amount;
      if (s.vat !== undefined) it.vat = s.vat;
      if (s.discount !== undefined && s.discount !== 0) it.discount = Math.abs(s.discount);
      const unitCell = line.cells.find((c) => columnFor(cols!, c)?.kind === 'unit' && !looksNumeric(c.text));
      if (unitCell) it.unitOfMeasure = unitOf(unitCell.text, it.itemQty, ctx);
      items.push(it);
      rowLines.push(line);
      lastRow = {
        item: it,
        at: confs.length,
        qtys: [
          ...rowNums.filter((r) => r.kind === 'qty'),
          ...rowNums.filter((r) => !r.pct && r.kind !== 'qty' && r.kind !== 'price' && r.kind !== 'amount'),
        ].map((r) => r.value),
        gross: rowNums.find((r) => r.kind === 'price')?.value,
        grossX1: nums.find((x) => columnFor(cols!, x.cell)?.kind === 'price')?.cell.x1,
        others: cols.some((c) => c.kind === 'price')
          ? []
          : nums
              .filter((x) => {
                const kind = columnFor(cols!, x.cell)?.kind;
                return (
                  !x.pct && kind !== 'qty' && kind !== 'amount' && isMoneyText(x.cell.text, ctx.wholeUnits)
                );
              })
              .map((x) => ({ value: x.value, x1: x.cell.x1 })),
        unitOff: 0,
        allow: 0,
        charge: 0,
      };
      confs.push(s.conf);
      const cut = descRange !== undefined && cellCutAtDesc(line, cols, descRange);
      const nameBeside = codeShaped(it.itemDesc) && nameLeftOver(line, cols, it);
      evidence.push({
        solvedIn: solvedIn(rowNums, cols, s),
        arithmetic: s.conf,
        aligned: rowNums.some((r) => r.kind === 'amount' && r.value === s.amount),
        // (a discount makes the price a net one; a quantity printed rounded is still the one used)
        offLabels:
          s.discount === undefined &&
          rowNums.some(
            (r) =>
              (r.kind === 'qty' && s.qty !== undefined && Math.abs(r.value - s.qty) >= 0.5) ||
              (r.kind === 'price' && s.price !== undefined && Math.abs(r.value - s.price) > 0.011),
          ),
        descFrom: fromAbove ? 'above' : twoBaselines || cellHead ? 'joined' : 'row',
        leftOver: leftOver || headByPitch,
        linesJoined,
        detailSkipped,
        detailJoined,
        descCut: cut,
        nameBeside,
      });
      boxes.push(boxOf(line));
      lastItemLine = line;
      lastTextLine = line;
      continue;
    }
    // text only: a wrapped description line belongs to the item above when close to it
    const contText = descText;
    if (rowNums.some((r) => r.kind === 'qty' || r.kind === 'price')) {
      partial = { nums: rowNums, desc: descText, line };
      continue;
    }
    // a totals or tax block header ends the table even without amounts on its line, wherever its labels are
    if (
      summaryLike &&
      (contText || lastItemLine) &&
      line.cells.length >= 2 &&
      !hasQty &&
      line.cells.some((c) => startsSummary(c.text))
    ) {
      inTable = false;
      continue;
    }
    // words right of the description close under an item row (an allowance's label over two lines) keep the
    // row open for the signed amounts under them
    if (
      !contText &&
      descRange &&
      line.cells.every((c) => c.x0 >= descRange.x1) &&
      lastRow &&
      lastItemLine?.page === line.page &&
      line.y0 - lastItemLine.y1 < (line.y1 - line.y0) * 1.5
    ) {
      lastItemLine = line;
      continue;
    }
    if (!contText || (CHARGE_ROW.test(n) && !lastItemLine)) continue;
    if (/^(?:page|seite|pagina)\b/.test(n)) continue;
    // (a date on the whole line too: one the description's column cut off, "Lieferschein LS024068 vom 11. Oktober"
    // with "2026" under the next heading, still makes the line a detail)
    const detail = notDescription(contText) || findDates(line.text).length > 0;
    // a line that starts with a position number starts an item: its text is that item's description
    const first = line.cells[0];
    if (first && /^\d{1,4}$/.test(first.text) && columnFor(cols, first)?.kind === 'pos') {
      pendingDesc = detail ? [] : [contText];
      pendingTop = line;
      pendingEnd = line;
      down = [];
      continue;
    }
    // a text line clearly nearer the line below than the line above (rows set apart by more than their
    // lines) opens the next row's cell; the lines after it follow it while no wider gap comes between
    const h = line.y1 - line.y0;
    if (i > downTo && !stacked) {
      downHow.byPitch = false;
      downTo = headOfNextRow(ctx, i, descRange?.x1 ?? 0.5, headsSeen, !lastItemLine, downHow);
    }
    if (i <= downTo) {
      down.push({ text: contText, detail, line });
      continue;
    }
    down = [];
    // detail lines (periods, dates, "Label: value" notes, bullets) are not part of the description
    if (detail) {
      const ev = evidence[evidence.length - 1];
      if (ev && lastItemLine?.page === line.page && line.y0 - lastItemLine.y1 < h * 1.2)
        ev.detailSkipped = true;
      continue;
    }
    const prev = items[items.length - 1];
    const gap = lastItemLine ? line.y0 - lastItemLine.y1 : Infinity;
    const textGap = lastTextLine?.page === line.page ? line.y0 - lastTextLine.y1 : gap;
    if (prev && lastItemLine && lastItemLine.page === line.page && gap < h * 1.2 && textGap < h * 1.2) {
      // a stacked header has one description line per item; what follows are notes
      const full = stacked && prev.itemDesc;
      // a code printed above the name ("ART6575526" on the amount row, the name under it) is the item's code
      const ev = evidence[evidence.length - 1];
      if (codeAbove(prev)) {
        prev.itemCode = prev.itemDesc;
        prev.itemDesc = contText;
        if (ev) ev.descFrom = 'joined';
      } else if (!nameOnly && !full) {
        if (ev && prev.itemDesc && namePlusDetail([prev.itemDesc, contText])) ev.detailJoined = true;
        prev.itemDesc = `${prev.itemDesc ?? ''} ${contText}`.trim();
        if (ev && ev.descFrom === 'row') ev.descFrom = 'joined';
        if (ev) ev.linesJoined = true;
        // a row about as near under the line as the row above it: the line may head that row's cell instead
        const next = ctx.lines[i + 1];
        const rowNext =
          next?.page === line.page &&
          lineNumbers(next, ctx.decimal).some((x) => x.cell.x0 >= (descRange?.x1 ?? 0.5));
        if (ev && rowNext && next.y0 - line.y1 < gap * 1.25) ev.leftOver = true;
      }
      lastItemLine = line;
      lastTextLine = line;
    } else {
      if (!pendingDesc.length) pendingTop = line;
      pendingEnd = line;
      pendingDesc.push(contText);
    }
    if (pendingDesc.length > 3) pendingDesc.shift();
  }
  // a row re-solved with its adjustment lines keeps that arithmetic (its printed price is a gross one)
  evidence.forEach((e, i) => {
    if (confs[i] !== e.arithmetic)
      Object.assign(e, { arithmetic: confs[i], offLabels: false, solvedIn: undefined });
  });
  // a scan's code column whose heading was lost: the codes read into the descriptions are the items' codes
  if (ctx.ocr) codesFromOwnColumn(items, rowLines);
  return { items, evidence, boxes, docDiscounts, open: openRows() };
}
