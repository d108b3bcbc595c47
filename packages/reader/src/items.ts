import { boxOf, type ExtractContext, isMoneyText, lineNumbers } from './context.js';
import {
  CHARGE_ROW,
  COLUMN_LABELS,
  COLUMN_PHRASE,
  type ColumnKind,
  DISCOUNT_ROW,
  SUMMARY_ROW,
} from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import { findDates, looksNumeric, norm, round2 } from './parse.js';
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
  const cols: Column[] = [];
  const seen = new Set<ColumnKind>();
  const unknown: Cell[] = [];
  for (const c of splitHeaderCells(line.cells)) {
    const n = norm(c.text);
    if (n.length > 40) return undefined;
    const hit = COLUMN_LABELS.find(([, re]) => re.test(n));
    if (!hit) {
      if (n.length <= 25 && /[a-z]{3}/.test(n) && !/\d/.test(n)) unknown.push(c);
      continue;
    }
    let kind = hit[0];
    // "Total HT" in a header row is the line amount column
    if (kind === 'vat' && /\b(?:total|amount|betrag|montant)\b/.test(n)) kind = 'amount';
    if (seen.has(kind) && kind !== 'other') kind = kind === 'amount' || kind === 'price' ? 'other' : kind;
    seen.add(kind);
    cols.push({ kind, x0: c.x0, x1: c.x1, label: n });
  }
  // a heading the labels do not know, left of the numbers, over the widest text column: the description of
  // a table with quantities (a VAT or payment table has none)
  const firstNumber = Math.min(
    ...cols.filter((c) => ['qty', 'price', 'amount'].includes(c.kind)).map((c) => c.x0),
  );
  if (!seen.has('desc') && seen.has('qty') && unknown.length) {
    const xs = [...cols.map((c) => c.x0), ...unknown.map((c) => c.x0)].sort((a, b) => a - b);
    const span = (c: Cell) => (xs.find((x) => x > c.x0) ?? 1) - c.x0;
    const best = unknown.filter((c) => c.x1 < firstNumber).sort((a, b) => span(b) - span(a))[0];
    if (best) {
      cols.push({ kind: 'desc', x0: best.x0, x1: best.x1, label: norm(best.text) });
      cols.sort((a, b) => a.x0 - b.x0);
      seen.add('desc');
    }
  }
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
  const others = unknown.filter((u) => u.x1 < firstNumber && !cols.some((c) => xOverlap(c, u) > 0));
  if (!others.length) return cols;
  return [
    ...cols,
    ...others.map((u) => ({ kind: 'other' as const, x0: u.x0, x1: u.x1, label: norm(u.text) })),
  ].sort((a, b) => a.x0 - b.x0);
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
      // a lone "%" qualifies the label before it ("Korting %", "MwSt. %")
      if (!last || (kindOf(w.text) && /\p{L}/u.test(w.text))) pieces.push([w]);
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
    const extra = findHeaderLoose(l);
    if (!extra) break;
    for (const e of extra) {
      const same = all.find((c) => xOverlap(c, e) > 0.3);
      if (same) {
        if (same.kind === 'other' || (same.kind === 'desc' && e.kind !== 'desc')) same.kind = e.kind;
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
  // "Artikel | Omschrijving", "Item | Description": beside a description column, the article column holds codes
  const descs = all.filter((c) => c.kind === 'desc');
  if (descs.length >= 2)
    for (const c of descs)
      if (/^(?:artikel|article|item|product|produkt|produit)$/.test(c.label)) c.kind = 'code';
  return { cols: all, last };
}

function findHeaderLoose(line: Line): Column[] | undefined {
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
  // a percentage under a discount label is the discount rate, any other one the VAT rate
  const vat = nums.find((n) => n.kind === 'vat' || (n.pct && n.kind !== 'discount'));
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
  for (let a = vals.length - 1; a >= 0; a--) {
    // a value under the amount label is the amount: another product in the row is a coincidence
    if (amount !== undefined && plain[a]!.kind !== 'amount') continue;
    if (vals[a] === 0) continue;
    // of several pairs that multiply to the amount, the one under the quantity and price labels
    let best: [number, number] | undefined;
    for (let i = 0; i < vals.length; i++)
      for (let j = 0; j < vals.length; j++) {
        if (i === j || i === a || j === a || !ok(vals[i], vals[j], vals[a])) continue;
        if (!best || labelled(i) + labelled(j) > labelled(best[0]) + labelled(best[1])) best = [i, j];
      }
    if (!best) continue;
    const [i, j] = best;
    // the quantity is the one the labels say (two numbers under one label say nothing: OCR lost a heading),
    // else the rounder number, else the left one
    const says = (x: RowNum, y: RowNum) => x.kind === 'qty' || (y.kind === 'price' && x.kind !== 'price');
    const [iQty, jQty] = [says(plain[i]!, plain[j]!), says(plain[j]!, plain[i]!)];
    const swap = iQty !== jQty ? jQty : plain[i]!.money !== plain[j]!.money ? plain[i]!.money : i > j;
    const [q, p] = swap ? [vals[j]!, vals[i]!] : [vals[i]!, vals[j]!];
    return { qty: q, price: p, amount: vals[a], vat: vat?.value, discount, conf: 0.9 };
  }
  // a price for several units ("per 100"): q × p / base = a
  if (
    base &&
    qty !== undefined &&
    price !== undefined &&
    amount !== undefined &&
    ok(qty, price / base, amount)
  )
    return { qty, price, amount, vat: vat?.value, discount, conf: 0.9 };
  // with a discount column: q × p − d = a, or a discount in percent
  if (qty !== undefined && price !== undefined && amount !== undefined && discount !== undefined) {
    if (!pctDiscount && Math.abs(round2(qty * price - Math.abs(discount)) - amount) <= 0.011 && qty !== 0)
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
  // exact arithmetic on the printed price and amount, as sure as a row found by the search above
  const implied = impliedQty(plain, price, amount);
  if (implied !== undefined) return { qty: implied, price, amount, vat: vat?.value, discount, conf: 0.9 };
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

/** A description column announced as "name & description": the cell holds "Name - long description". */
const NAME_AND_DESC =
  /\b(?:nom|name|naam|bezeichnung|designation)\b.*\b(?:designation|description|omschrijving|beschreibung|libelle)\b/;

/** The item name of a "Name - long description" cell: the long description is not the item's name. */
function nameOf(desc: string): { name: string; cut: boolean } {
  const m = /^(.+?\S)\s+[-–]\s+\S/.exec(desc);
  return m ? { name: m[1]!, cut: true } : { name: desc, cut: false };
}

/** A cell that starts with a totals label ("Total HT", "MwSt 19 %"), not one that mentions tax in its text. */
const startsSummary = (text: string) => SUMMARY_ROW.test(norm(text).split(/\s+/).slice(0, 2).join(' '));

const DETAIL_LINE = /^[•·▪]|^[\p{L}\s._-]{2,25}\s?:\s*\S|^\(?(?:gtin|ean|se_id|by_id|art-?nr|ref)\b/iu;

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
  // the last item's description was cut to its name: what follows is its long description
  let nameOnly = false;
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = withoutRules(ctx.lines[i]!);
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
        money: isMoneyText(x.cell.text, ctx.wholeUnits),
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
      if (cols.some((c) => c.kind === 'amount') && !rowNums.some((r) => r.kind === 'amount' && !r.pct)) {
        // quantity and price without the amount: the amount may follow on the next baseline
        if (rowNums.some((r) => r.kind === 'qty' || r.kind === 'price'))
          partial = { nums: rowNums, desc: descText, line };
        continue;
      }
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
      let desc = stacked ? '' : rowDesc;
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
      if (pendingDesc.length && !desc && !stacked) desc = pendingDesc.join(' ');
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
    if (!contText || (CHARGE_ROW.test(n) && !lastItemLine)) continue;
    if (/^(?:page|seite|pagina)\b/.test(n)) continue;
    const detail = DETAIL_LINE.test(contText) || findDates(contText).length > 0;
    // a line that starts with a position number starts an item: its text is that item's description
    const first = line.cells[0];
    if (first && /^\d{1,4}$/.test(first.text) && columnFor(cols, first)?.kind === 'pos') {
      pendingDesc = detail ? [] : [contText];
      continue;
    }
    // detail lines (periods, dates, "Label: value" notes, bullets) are not part of the description
    if (detail) continue;
    const prev = items[items.length - 1];
    const gap = lastItemLine ? line.y0 - lastItemLine.y1 : Infinity;
    const h = line.y1 - line.y0;
    if (prev && lastItemLine && lastItemLine.page === line.page && gap < h * 1.2) {
      // a stacked header has one description line per item; what follows are notes
      const full = stacked && prev.itemDesc;
      if (!nameOnly && !full) prev.itemDesc = `${prev.itemDesc ?? ''} ${contText}`.trim();
      lastItemLine = line;
    } else pendingDesc.push(contText);
    if (pendingDesc.length > 3) pendingDesc.shift();
  }
  return { items, conf: confs, boxes, docDiscounts };
}
