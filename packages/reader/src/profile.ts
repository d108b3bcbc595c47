import fs from 'node:fs/promises';
import path from 'node:path';
import { STRAIGHT_THROUGH } from './calibrate.js';
import { linesAddUp, multipliesOut } from './checks.js';
import { boxOf, type ExtractContext, isMoneyText, lineNumbers } from './context.js';
import { DETAIL_LINE } from './items.js';
import { DISCOUNT_ROW, SUMMARY_ROW, TOTAL_LABELS, type TotalField } from './labels.js';
import { type Cell, type Line, xOverlap } from './layout.js';
import {
  compact,
  type DateOrder,
  type DecimalStyle,
  editDistance,
  findDates,
  norm,
  ocrDateText,
  round2,
} from './parse.js';
import type { TBox, TItem, TParty, TReaderResult } from './types.js';

/** Version 2: fields carry validated anchors and whether the generic reading already got them right. */
export const PROFILE_VERSION = 2;

type FieldKind = 'id' | 'date' | 'money' | 'name';

/** Where a value sits relative to a printed label. */
export interface Anchor {
  /** normalised label text (digits removed) */
  label: string;
  /** value position relative to the label's top-left corner, in page fractions */
  dx: number;
  dy: number;
  /** which occurrence of the label on the page (0 = first), for labels printed several times ("Name:") */
  nth?: number;
}

export interface LearnedField {
  kind: FieldKind;
  /** anchors that re-read the corrected value on the learned document, best first */
  anchors?: Anchor[];
  /** where the value was on the page */
  box: TBox;
  /** the value itself for fields that do not change between documents (supplier name, VAT number) */
  constant?: string;
  /** character shape of an identifier ("A-9" for "AB-123456"), to pick it out of a longer cell */
  shape?: string;
  /** a date's printed form ("99/99/9999" for 22/04/2022), to read it on a scan whose OCR took a separator for a digit */
  printed?: string;
  /** the generic reading got this field right on the learned documents: the layout needs no help there */
  generic?: boolean;
  /** the printed amount has the opposite sign of the corrected one (credit notes printed positive) */
  flip?: boolean;
  /** not printed as such: the corrected value was the sum of the line amounts */
  derived?: 'lineSum';
}

/** The shape of an identifier: letters → A, digits → 9, runs collapsed ("RE24000817" → "A9"). */
export function shapeOf(v: string): string {
  return v
    .replace(/\p{L}+/gu, 'A')
    .replace(/\d+/g, '9')
    .replace(/\s+/g, ' ');
}

/**
 * The first token of a text with the learned identifier shape; else the text's only token with a digit: the
 * shape learned from one document does not hold for every identifier (a buyer's order numbers change shape
 * from one order to the next), a lone identifier where the learned one stood does.
 */
function tokenWithShape(text: string, shape: string): string | undefined {
  const tokens = text
    .split(/\s+/)
    .map((t) => t.replace(/^[:#(]+|[),;:.]+$/g, ''))
    .filter(Boolean);
  return (
    tokens.find((t) => shapeOf(t) === shape && /\d/.test(t)) ??
    (tokens.length === 1 && /\d/.test(tokens[0]!) ? tokens[0] : undefined)
  );
}

/** An identifier OCR read one letter or digit off, or without its two-letter country prefix. */
function slipOf(read: string, learned: string): boolean {
  const a = compact(read);
  const b = compact(learned);
  if (a === b) return false;
  if (/^[a-z]{2}\d/.test(b) && a === b.slice(2)) return true;
  return a.length === b.length && editDistance(a, b) === 1;
}

/** The printed form of the date `want` in a cell: its digits as 9, its separators as printed. */
function datePrinted(text: string, want: string, order: DateOrder): string | undefined {
  for (const m of text.matchAll(/\d{1,4}[./-]\d{1,2}[./-]\d{2,4}/g))
    if (findDates(m[0], order)[0]?.iso === want) return m[0].replace(/\d/g, '9');
  return undefined;
}

/**
 * A scanned date in its learned printed form where OCR took a separator for a digit or a stroke ("1171012019" for
 * 11/10/2019) or lost it ("1507/23" for 15/07/23): a token of the form's length with digits at its digit places,
 * or one of digits and separators with as many digits as the form; read with the form's separators.
 */
function dateInForm(text: string, form: string, order: DateOrder): string | undefined {
  const places = [...form].filter((f) => f === '9').length;
  for (const token of text.split(/\s+/)) {
    const t = token.replace(/^[:#(]+|[),;:]+$/g, '');
    let digits: string[] | undefined;
    if (
      t.length === form.length &&
      [...form].every((f, i) => (f === '9' ? /\d/ : /[\d/.\-lI|!]/).test(t[i]!))
    )
      digits = [...form].flatMap((f, i) => (f === '9' ? [t[i]!] : []));
    else if (/^[\d/.-]+$/.test(t) && t.replace(/\D/g, '').length === places)
      digits = [...t.replace(/\D/g, '')];
    if (!digits) continue;
    let k = 0;
    const iso = findDates([...form].map((f) => (f === '9' ? digits[k++] : f)).join(''), order)[0]?.iso;
    if (iso) return iso;
  }
  return undefined;
}

export interface LearnedColumn {
  kind: 'qty' | 'price' | 'amount' | 'desc' | 'code';
  /** on the learned document: a number's right edge, the description's left edge (page fractions); read
   * relative to the table's heading row, which may stand elsewhere on another document */
  x: number;
}

/** A cell of the item table's heading row on the learned document: its label and left edge. */
export interface HeadCell {
  label: string;
  x0: number;
}

/** A supplier's learned layout: plain JSON, versioned, a few kilobytes. */
export interface SupplierProfile {
  version: number;
  supplierKey: string;
  learnedFrom: number;
  updatedAt: string;
  vendor?: TParty;
  decimal?: DecimalStyle;
  dateOrder?: DateOrder;
  fields: Record<string, LearnedField>;
  /** item columns that re-read the corrected lines on a learned document; used only where they read the
   * table better than the generic reading by its arithmetic (applyProfile) */
  columns?: LearnedColumn[];
  /** the item table's heading row the columns are positioned against; without it the columns are not used */
  tableHead?: HeadCell[];
}

/** Where the caller keeps profiles (the API keeps them in its database; the CLI in a folder). */
export interface ProfileStore {
  get(supplierKey: string): Promise<SupplierProfile | undefined>;
  put(supplierKey: string, profile: SupplierProfile): Promise<void>;
}

/** A ProfileStore keeping one JSON file per supplier in a folder. */
export function createFileProfileStore(dir: string): ProfileStore {
  const file = (k: string) => path.join(dir, `${k.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  return {
    async get(k) {
      try {
        const p = JSON.parse(await fs.readFile(file(k), 'utf8')) as SupplierProfile;
        return p.version === PROFILE_VERSION ? p : undefined;
      } catch {
        return undefined;
      }
    },
    async put(k, p) {
      await fs.mkdir(dir, { recursive: true });
      const tmp = `${file(k)}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(p, null, 1));
      await fs.rename(tmp, file(k));
    },
  };
}

/** An in-memory ProfileStore (tests, short-lived callers). */
export function createMemoryProfileStore(): ProfileStore & { all: Map<string, SupplierProfile> } {
  const all = new Map<string, SupplierProfile>();
  return { all, get: async (k) => all.get(k), put: async (k, p) => void all.set(k, structuredClone(p)) };
}

const labelText = (s: string) =>
  norm(s)
    .replace(/[0-9]+/g, '')
    .replace(/[^a-z%]+/g, ' ')
    .trim();

const FIELD_KINDS: Record<string, FieldKind> = {
  'headers.invoiceNum': 'id',
  'headers.orderNum': 'id',
  'headers.shopAccount': 'id',
  'headers.reference': 'id',
  'headers.invoiceDate': 'date',
  'headers.orderDate': 'date',
  'headers.dueDate': 'date',
  'totals.subtotal': 'money',
  'totals.net': 'money',
  'totals.vat': 'money',
  'totals.invoiceTotal': 'money',
  'totals.discount': 'money',
  'vendor.name': 'name',
  'vendor.vatNumber': 'id',
  'invoiceTo.name': 'name',
  'recipient.name': 'name',
};
const CONSTANT = new Set(['vendor.name', 'vendor.vatNumber']);

function get(o: unknown, p: string): unknown {
  return p
    .split('.')
    .reduce<unknown>(
      (x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined),
      o,
    );
}

/** The value a cell holds for a field kind; amounts keep their printed sign. */
function valueIn(
  lf: LearnedField,
  cellText: string,
  ctx: ExtractContext,
  line: Line,
  cell: Cell,
): string | number | undefined {
  switch (lf.kind) {
    case 'date':
      return (
        findDates(ctx.ocr ? ocrDateText(cellText) : cellText, ctx.dateOrder)[0]?.iso ??
        (ctx.ocr && lf.printed ? dateInForm(cellText, lf.printed, ctx.dateOrder) : undefined)
      );
    case 'money': {
      const nums = lineNumbers({ ...line, cells: [{ ...cell, text: cellText }] }, ctx.decimal).filter(
        (n) => !n.pct,
      );
      return nums[nums.length - 1]?.value;
    }
    case 'id': {
      const t = cellText.replace(/^[\s:#]+/, '').trim();
      return /\d/.test(t) ? t.split(/\s{2,}/)[0] : undefined;
    }
    default:
      // a sender line ("Name · Street · Town") holds the name in its first part: no name has such a separator
      return cellText.split(/\s+[·•|]\s+/)[0]!.trim() || undefined;
  }
}

/** Whether a value read from the page is the corrected one (amounts compared without their sign). */
function sameValue(kind: FieldKind, got: unknown, want: unknown): boolean {
  if (got === undefined || got === null || got === '') return false;
  if (kind === 'money') return Math.abs(Math.abs(Number(got)) - Math.abs(Number(want))) < 0.006;
  if (kind === 'date') return got === want;
  if (kind === 'id') return compact(String(got)) === compact(String(want));
  return norm(String(got)) === norm(String(want));
}

function matches(
  kind: FieldKind,
  want: unknown,
  cellText: string,
  ctx: ExtractContext,
  line: Line,
  cell: Cell,
): boolean {
  if (want === undefined || want === null || want === '') return false;
  if (kind === 'date') return findDates(cellText, ctx.dateOrder).some((d) => d.iso === want);
  if (kind === 'money')
    return (
      isMoneyText(cellText, ctx.wholeUnits) &&
      lineNumbers({ ...line, cells: [cell] }, ctx.decimal).some(
        (n) => Math.abs(Math.abs(n.value) - Math.abs(Number(want))) < 0.006,
      )
    );
  if (kind === 'id')
    return compact(cellText).includes(compact(String(want))) && compact(String(want)).length > 0;
  const a = norm(cellText);
  const b = norm(String(want));
  return a === b || (b.length > 3 && a.includes(b));
}

/** A cell that can be a label: a short text with a word, no digits (digits make it another field's value). */
const labelLike = (c: Cell) => {
  const t = labelText(c.text);
  return /[a-z]{3}/.test(t) && t.length <= 40 && !/\d/.test(c.text);
};
/** A cell printing the label; spaces do not count (OCR joins or splits words: "TOTALTTC"). */
const isLabel = (c: Cell, label: string) =>
  labelText(c.text).replace(/ /g, '').startsWith(label.replace(/ /g, ''));

/**
 * The labels a value may be read by, nearest first: the text before it in its cell, cells on its left,
 * cells above it in its column (a block heading such as "Adresse du client" several lines up).
 */
function labelCandidates(
  ctx: ExtractContext,
  line: Line,
  cell: Cell,
  want: unknown,
  kind: FieldKind,
): { text: string; box: Cell }[] {
  const out: { text: string; box: Cell }[] = [];
  if (kind !== 'name') {
    const t = norm(cell.text);
    const w = kind === 'money' || kind === 'date' ? undefined : norm(String(want));
    const idx = w ? t.indexOf(w) : t.search(/[-(]?\d/);
    const before = idx > 0 ? labelText(t.slice(0, idx)) : '';
    if (before.length >= 2) out.push({ text: before, box: cell });
  }
  const ci = line.cells.indexOf(cell);
  for (let i = ci - 1; i >= Math.max(0, ci - 2); i--) {
    const c = line.cells[i]!;
    if (labelLike(c)) out.push({ text: labelText(c.text), box: c });
  }
  for (let li = line.index - 1; li >= Math.max(0, line.index - 6); li--) {
    const above = ctx.lines[li]!;
    if (above.page !== line.page) break;
    for (const c of above.cells)
      if ((xOverlap(c, cell) > 0 || Math.abs(c.x0 - cell.x0) < 0.03) && labelLike(c))
        out.push({ text: labelText(c.text), box: c });
  }
  return out;
}

/** The anchor of a value by a label cell: the offset, and which occurrence of the label text it is. */
function anchorOf(ctx: ExtractContext, label: { text: string; box: Cell }, value: Cell): Anchor {
  let nth = 0;
  outer: for (const l of ctx.lines)
    for (const c of l.cells) {
      if (c === label.box) break outer;
      if (isLabel(c, label.text)) nth++;
    }
  const a: Anchor = {
    label: label.text,
    dx: round4(value.x0 - label.box.x0),
    dy: round4(value.y0 - label.box.y0),
  };
  if (nth) a.nth = nth;
  return a;
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/** How strongly a label says "this total" (the generic total labels' priority), for choosing between places. */
function totalLabelRank(field: string, label: string): number {
  const labels = TOTAL_LABELS[field.replace('totals.', '') as TotalField] ?? [];
  return Math.max(0, ...labels.filter(([re]) => re.test(label)).map(([, rank]) => rank));
}

const MAX_ANCHORS = 3;

/** Anchors that re-read the corrected value on this document, best first. */
function learnAnchors(ctx: ExtractContext, field: string, lf: LearnedField, want: unknown): Anchor[] {
  const candidates: { anchor: Anchor; rank: number; order: number }[] = [];
  let order = 0;
  for (const line of ctx.lines)
    for (const cell of line.cells) {
      if (!matches(lf.kind, want, cell.text, ctx, line, cell)) continue;
      order++;
      for (const label of labelCandidates(ctx, line, cell, want, lf.kind)) {
        const anchor = anchorOf(ctx, label, cell);
        // totals: the strongest total label first, then the label nearest its value; other values: the first
        // place on the page, nearest label first
        const rank = lf.kind === 'money' ? totalLabelRank(field, label.text) : 0;
        const near = Math.abs(anchor.dx) + Math.abs(anchor.dy);
        candidates.push({ anchor, rank, order: lf.kind === 'money' ? near : order + near / 10 });
      }
    }
  candidates.sort((a, b) => b.rank - a.rank || a.order - b.order);
  const out: Anchor[] = [];
  for (const { anchor } of candidates) {
    if (out.length >= MAX_ANCHORS) break;
    if (out.some((a) => a.label === anchor.label && a.nth === anchor.nth)) continue;
    if (sameValue(lf.kind, readAnchor(ctx, lf, anchor)?.value, want)) out.push(anchor);
  }
  return out;
}

/** Whether the generic reading of the learned document already had this field right. */
function genericRight(kind: FieldKind, field: string, generic: TReaderResult | undefined, want: unknown) {
  if (!generic) return false;
  const got = get(generic, field) ?? (field === 'invoiceTo.name' ? generic.recipient?.name : undefined);
  return kind === 'name'
    ? !!got && norm(String(got)) === norm(String(want))
    : sameValue(kind, got, want) && (kind !== 'money' || Math.sign(Number(got)) === Math.sign(Number(want)));
}

const sum = (xs: (number | undefined)[]) => round2(xs.reduce<number>((a, x) => a + (x ?? 0), 0));

/**
 * Records where the corrected values sit on the document and what the generic reading (`generic`, the reader's
 * own result for this document) already got right; merges into an existing profile.
 */
export function learnFromContext(
  ctx: ExtractContext,
  supplierKey: string,
  corrected: Partial<TReaderResult>,
  previous?: SupplierProfile,
  generic?: TReaderResult,
): SupplierProfile {
  const p: SupplierProfile =
    previous?.version === PROFILE_VERSION
      ? structuredClone(previous)
      : {
          version: PROFILE_VERSION,
          supplierKey,
          learnedFrom: previous?.learnedFrom ?? 0,
          updatedAt: '',
          fields: {},
        };
  p.learnedFrom++;
  p.updatedAt = new Date().toISOString();
  p.decimal = ctx.decimal;
  p.dateOrder ??= ctx.dateOrder;
  if (corrected.vendor?.name) p.vendor = { ...corrected.vendor };
  // the supplier's date order, from where the corrected dates are printed
  const text = ctx.lines.map((l) => l.text).join('\n');
  for (const f of ['headers.invoiceDate', 'headers.dueDate', 'headers.orderDate']) {
    const want = get(corrected, f);
    if (typeof want !== 'string') continue;
    const dmy = findDates(text, 'dmy').some((d) => d.iso === want);
    const mdy = findDates(text, 'mdy').some((d) => d.iso === want);
    if (mdy && !dmy) p.dateOrder = 'mdy';
    else if (dmy && !mdy) p.dateOrder = 'dmy';
  }
  ctx = { ...ctx, dateOrder: p.dateOrder ?? ctx.dateOrder };
  for (const [field, kind] of Object.entries(FIELD_KINDS)) {
    const want = get(corrected, field);
    if (want === undefined || want === null || want === '') {
      delete p.fields[field];
      continue;
    }
    const before = p.fields[field];
    const lf: LearnedField = { kind, box: { page: 1, x: 0, y: 0, w: 0, h: 0 } };
    if (kind === 'id') lf.shape = shapeOf(String(want));
    if (CONSTANT.has(field)) lf.constant = String(want);
    lf.generic = genericRight(kind, field, generic, want) && before?.generic !== false;
    const boxed = firstMatch(ctx, kind, want);
    if (boxed) lf.box = boxOf(boxed.cell);
    if (kind === 'date' && boxed) lf.printed = datePrinted(boxed.cell.text, String(want), ctx.dateOrder);
    const anchors = learnAnchors(ctx, field, lf, want);
    if (anchors.length) lf.anchors = anchors;
    const read = readLearned(ctx, lf);
    if (
      kind === 'money' &&
      read &&
      typeof read.value === 'number' &&
      Math.sign(read.value) * Math.sign(Number(want)) < 0
    )
      lf.flip = true;
    const items = corrected.items ?? [];
    if (
      field === 'totals.subtotal' &&
      !anchors.length &&
      items.length &&
      Math.abs(sum(items.map((it) => it.amount)) - Number(want)) < 0.011
    )
      lf.derived = 'lineSum';
    if (!anchors.length && !boxed && !lf.constant && !lf.derived) continue;
    p.fields[field] = lf;
  }
  learnColumns(p, ctx, corrected);
  return p;
}

/** The first cell holding the value (totals: the last one, as they close the page). */
function firstMatch(
  ctx: ExtractContext,
  kind: FieldKind,
  want: unknown,
): { line: Line; cell: Cell } | undefined {
  const lines = kind === 'money' ? ctx.lines.slice().reverse() : ctx.lines;
  for (const line of lines)
    for (const cell of line.cells) if (matches(kind, want, cell.text, ctx, line, cell)) return { line, cell };
  return undefined;
}

/**
 * Item columns and the table's heading row they stand under, when they re-read the corrected lines on this
 * document (whether or not the generic reading got them right: which reading a later document keeps is
 * decided there, by its arithmetic).
 */
function learnColumns(p: SupplierProfile, ctx: ExtractContext, corrected: Partial<TReaderResult>) {
  const want = (corrected.items ?? []).map((it) => it.amount).filter((a) => a !== undefined);
  delete p.columns;
  delete p.tableHead;
  if (!want.length) return;
  const sameAmounts = (items: TItem[]) =>
    items.length === want.length && items.every((it, i) => Math.abs((it.amount ?? NaN) - want[i]!) < 0.006);
  const cols: Record<string, number[]> = {};
  let firstRow: Line | undefined;
  let from = 0;
  for (const it of corrected.items ?? []) {
    if (it.amount === undefined) continue;
    for (let li = from; li < ctx.lines.length; li++) {
      const line = ctx.lines[li]!;
      const nums = lineNumbers(line, ctx.decimal);
      const a = nums.filter((n) => Math.abs(n.value - it.amount!) < 0.006).pop();
      if (!a) continue;
      from = li + 1;
      firstRow ??= line;
      push(cols, 'amount', a.cell.x1);
      const q = nums.find(
        (n) => n !== a && it.itemQty !== undefined && Math.abs(n.value - it.itemQty) < 0.0001,
      );
      if (q) push(cols, 'qty', q.cell.x1);
      const pr = nums.find(
        (n) => n !== a && n !== q && it.price !== undefined && Math.abs(n.value - it.price) < 0.006,
      );
      if (pr) push(cols, 'price', pr.cell.x1);
      // the description column: where the corrected description starts on the amount's line
      const want = compact(it.itemDesc ?? '');
      const d =
        want && line.cells.find((c) => compact(c.text).length > 2 && want.startsWith(compact(c.text)));
      if (d) push(cols, 'desc', d.x0);
      break;
    }
  }
  const head = firstRow && headingAbove(ctx, firstRow);
  if (!head) return;
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const learned: LearnedColumn[] = [];
  for (const k of ['qty', 'price', 'amount', 'desc'] as const)
    if (cols[k]?.length) learned.push({ kind: k, x: round4(avg(cols[k])) });
  const tableHead = head.cells.filter(labelLike).map((c) => ({ label: labelText(c.text), x0: round4(c.x0) }));
  if (learned.length && sameAmounts(itemsByColumns(ctx, learned, tableHead))) {
    p.columns = learned;
    p.tableHead = tableHead;
  }
}

/** The item table's heading row: the nearest line above the first item row with two label cells and no amount. */
function headingAbove(ctx: ExtractContext, row: Line): Line | undefined {
  for (let li = row.index - 1; li >= Math.max(0, row.index - 8); li--) {
    const l = ctx.lines[li]!;
    if (l.page !== row.page) return undefined;
    if (l.cells.filter(labelLike).length >= 2 && !l.cells.some((c) => isMoneyText(c.text))) return l;
  }
  return undefined;
}

function push(m: Record<string, number[]>, k: string, v: number) {
  m[k] ??= [];
  m[k].push(v);
}

/** The value at an anchor: in the label's own cell, or in the cell at the learned offset from the label. */
function readAnchor(
  ctx: ExtractContext,
  lf: LearnedField,
  anchor: Anchor,
): { value: string | number; cell: Cell } | undefined {
  let seen = 0;
  for (const line of ctx.lines) {
    for (const cell of line.cells) {
      if (!isLabel(cell, anchor.label)) continue;
      if (seen++ < (anchor.nth ?? 0)) continue;
      if (Math.abs(anchor.dx) < 0.002 && Math.abs(anchor.dy) < 0.002)
        return inLabelCell(ctx, lf, anchor, line, cell);
      const ex = cell.x0 + anchor.dx;
      const ey = cell.y0 + anchor.dy;
      let best: { line: Line; cell: Cell; d: number } | undefined;
      for (const l of ctx.lines) {
        if (l.page !== line.page || Math.abs(l.y0 - ey) > 0.02) continue;
        for (const c of l.cells) {
          if (c === cell) continue;
          const d = Math.abs(c.x0 - ex) + Math.abs(c.y0 - ey) * 2;
          const right = Math.abs(c.x1 - (ex + lf.box.w));
          const dd = Math.min(d, right + Math.abs(c.y0 - ey) * 2);
          if (dd < 0.06 && (!best || dd < best.d)) best = { line: l, cell: c, d: dd };
        }
      }
      if (!best) return undefined;
      const v =
        lf.kind === 'id' && lf.shape
          ? tokenWithShape(best.cell.text, lf.shape)
          : valueIn(lf, best.cell.text, ctx, best.line, best.cell);
      return v === undefined ? undefined : { value: v, cell: best.cell };
    }
  }
  return undefined;
}

/** The value printed after its label in the same cell ("Invoice no: 123"). */
function inLabelCell(
  ctx: ExtractContext,
  lf: LearnedField,
  anchor: Anchor,
  line: Line,
  cell: Cell,
): { value: string | number; cell: Cell } | undefined {
  if (lf.kind === 'id' && lf.shape) {
    const rest = cell.text.slice(Math.min(cell.text.length, anchor.label.length));
    const v = tokenWithShape(rest, lf.shape);
    return v ? { value: v, cell } : undefined;
  }
  // drop the label: up to its colon or '#' when it has one (values such as "BETA-1" keep their letters)
  const after = /[:#]/.test(cell.text)
    ? cell.text.replace(/^[^:#]*[:#]\s*/, '')
    : cell.text.replace(/^[^\d]*?(?=[-(]?\d)/, '');
  const v = valueIn(lf, after, ctx, line, cell);
  return v === undefined ? undefined : { value: v, cell };
}

function findByBox(
  ctx: ExtractContext,
  lf: LearnedField,
): { value: string | number; cell: Cell } | undefined {
  if (!lf.box.w) return undefined;
  for (const line of ctx.lines) {
    if (line.page !== lf.box.page) continue;
    for (const cell of line.cells) {
      const ox = Math.min(cell.x1, lf.box.x + lf.box.w) - Math.max(cell.x0, lf.box.x);
      const oy = Math.min(cell.y1, lf.box.y + lf.box.h) - Math.max(cell.y0, lf.box.y);
      if (ox > 0 && oy > 0) {
        const v =
          lf.kind === 'id' && lf.shape
            ? tokenWithShape(cell.text, lf.shape)
            : valueIn(lf, cell.text, ctx, line, cell);
        if (v !== undefined) return { value: v, cell };
      }
    }
  }
  return undefined;
}

/** A learned field's value on a document: by its anchors in order, else at its learned box. */
function readLearned(
  ctx: ExtractContext,
  lf: LearnedField,
): { value: string | number; cell: Cell } | undefined {
  for (const a of lf.anchors ?? []) {
    const hit = readAnchor(ctx, lf, a);
    if (hit) return hit;
  }
  return findByBox(ctx, lf);
}

function set(o: Record<string, unknown>, p: string, v: unknown) {
  const ks = p.split('.');
  let x = o;
  for (const k of ks.slice(0, -1)) {
    x[k] ??= {};
    x = x[k] as Record<string, unknown>;
  }
  x[ks[ks.length - 1]!] = v;
}

/**
 * Re-reads the fields a profile knows, at their learned places: a field the generic reading already got right
 * on the learned documents keeps the generic value; the others are read where the layout prints them.
 */
export function applyProfile(r: TReaderResult, ctx0: ExtractContext, p: SupplierProfile): TReaderResult {
  const ctx: ExtractContext = {
    ...ctx0,
    dateOrder: p.dateOrder ?? ctx0.dateOrder,
    decimal: p.decimal ?? ctx0.decimal,
  };
  const out = structuredClone(r);
  out.profileUsed = p.supplierKey;
  out.inTraining = p.learnedFrom < 1;
  // an embedded e-invoice is authoritative; a profile of an older version waits to be re-learned
  if (r.source === 'embedded-xml' || p.version !== PROFILE_VERSION) return out;
  // remembered supplier values only where this document shows them (same layout, other supplier otherwise)
  const pageText = compact(ctx.lines.map((l) => l.text).join(' '));
  const shows = (v?: string) => !!v && compact(v).length >= 3 && pageText.includes(compact(v));
  const vendor = out.vendor as Record<string, string | undefined>;
  for (const [k, v] of Object.entries(p.vendor ?? {}))
    if (k !== 'name' && k !== 'vatNumber' && !vendor[k] && typeof v === 'string' && shows(v)) vendor[k] = v;
  const t = out.totals;
  const totalsAddUp =
    t.net !== undefined &&
    t.vat !== undefined &&
    t.invoiceTotal !== undefined &&
    Math.abs(t.net + t.vat - t.invoiceTotal) < 0.011;
  const lineSum = sum(out.items.map((it) => it.amount));
  const derived: string[] = [];
  for (const [field, lf] of Object.entries(p.fields)) {
    const current = get(out, field);
    if (lf.generic && current !== undefined && current !== '') {
      // the generic value stays; the layout makes it sure (as sure as a document needs to go through) when its
      // learned place reads the same
      const learned =
        lf.constant !== undefined && shows(lf.constant) ? lf.constant : readLearned(ctx, lf)?.value;
      if (learned !== undefined && compact(String(learned)) === compact(String(current)))
        out.confidence.fields[field] = Math.max(out.confidence.fields[field] ?? 0, STRAIGHT_THROUGH);
      continue;
    }
    // totals that add up on this document, and a subtotal equal to its lines, are not replaced
    if (field.startsWith('totals.') && current !== undefined) {
      if (field !== 'totals.subtotal' && totalsAddUp) continue;
      if (field === 'totals.subtotal' && Math.abs(lineSum - Number(current)) < 0.011) continue;
    }
    if (lf.derived === 'lineSum') {
      // set after the item table is chosen; it is no evidence for that choice
      if (current === undefined) derived.push(field);
      continue;
    }
    if (lf.constant !== undefined && shows(lf.constant)) {
      set(out as unknown as Record<string, unknown>, field, lf.constant);
      out.confidence.fields[field] = STRAIGHT_THROUGH;
      continue;
    }
    const hit = readLearned(ctx, lf);
    if (!hit) continue;
    let v = hit.value;
    // a party name is never a "Label: value" row
    if (lf.kind === 'name' && typeof v === 'string' && /^[\p{L} .-]{2,30}:\s*\S/u.test(v)) continue;
    if (lf.kind === 'id' && typeof v === 'string') v = v.split(/\s+/)[0]!.replace(/[,;]$/, '');
    if (typeof v === 'number' && lf.flip) v = -v;
    // a document discount only where it explains the step from the subtotal to the net
    if (field === 'totals.discount' && !discountFits(out.totals, Number(v))) continue;
    set(out as unknown as Record<string, unknown>, field, v);
    // a date read in its learned form, not as printed, rests on OCR'd digits alone: a person looks at it
    const repaired = lf.kind === 'date' && !findDates(hit.cell.text, ctx.dateOrder).some((d) => d.iso === v);
    out.confidence.fields[field] = repaired ? 0.9 : STRAIGHT_THROUGH;
    out.boxes[field] = boxOf(hit.cell);
  }
  // the supplier's VAT id as a scan's OCR slipped on it, read generically or at its place: the learned one, for
  // a person to confirm
  const vat = p.fields['vendor.vatNumber']?.constant;
  if (ctx.ocr && vat && out.vendor.vatNumber && slipOf(out.vendor.vatNumber, vat)) {
    out.vendor.vatNumber = vat;
    out.confidence.fields['vendor.vatNumber'] = 0.9;
  }
  // items: the learned columns' reading replaces the generic one only when its arithmetic proves it and the
  // generic one's does not; a page that shows neither the learned supplier's name nor its VAT id is another
  // seller's document on the same template, whose columns may stand elsewhere
  const seller = [p.vendor?.name, p.vendor?.vatNumber, p.fields['vendor.vatNumber']?.constant];
  const sameSeller = !seller.some(Boolean) || seller.some((v) => shows(v));
  const printed = out.totals;
  const genericProven = linesProven(out.items, printed, out.source);
  if (p.columns?.length && p.tableHead?.length && sameSeller) {
    const learned = itemsByColumns(ctx, p.columns, p.tableHead);
    const learnedProven = linesProven(learned, printed, out.source);
    if (learnedProven && !genericProven) {
      out.items = learned;
      for (const k of Object.keys(out.confidence.fields))
        if (k.startsWith('items.')) delete out.confidence.fields[k];
      // the arithmetic proves the numbers, not which text lines make each description: a person looks
      learned.forEach((_, i) => {
        out.confidence.fields[`items.${i}`] = 0.9;
      });
    }
  }
  // a document read with a learned layout goes through without a person only when its lines are proven
  if (!linesProven(out.items, printed, out.source))
    for (const k of Object.keys(out.confidence.fields))
      if (k.startsWith('items.')) out.confidence.fields[k] = Math.min(out.confidence.fields[k]!, 0.9);
  const lineTotal = sum(out.items.map((it) => it.amount));
  for (const field of derived)
    if (out.items.length) set(out as unknown as Record<string, unknown>, field, lineTotal);
  return out;
}

/**
 * Item rows proven by arithmetic: every row multiplies out, has a description, and the rows add up to a total
 * printed on the page (the subtotal, the net after discounts and charges, or the total).
 */
export function linesProven(
  items: TItem[],
  totals: TReaderResult['totals'],
  source?: TReaderResult['source'],
): boolean {
  return (
    items.length > 0 &&
    items.every((it) => multipliesOut(it, source) && /\p{L}{2}/u.test(it.itemDesc ?? '')) &&
    linesAddUp({ items, totals } as TReaderResult)
  );
}

function discountFits(t: TReaderResult['totals'], discount: number): boolean {
  return (
    t.subtotal !== undefined &&
    t.net !== undefined &&
    Math.abs(t.subtotal - Math.abs(discount) - t.net) < 0.011
  );
}

/**
 * The learned table's heading rows on a document (one per page the table runs over): lines printing most of
 * the learned heading labels, with how far the row stands right of where it stood on the learned document.
 */
function headingRows(ctx: ExtractContext, head: HeadCell[]): { line: Line; shift: number }[] {
  const key = (t: string) => t.replace(/ /g, '');
  const need = Math.max(2, Math.ceil(head.length / 2));
  const out: { line: Line; shift: number }[] = [];
  for (const line of ctx.lines) {
    const shifts: number[] = [];
    for (const h of head) {
      const c = line.cells.find((c) => labelLike(c) && key(labelText(c.text)) === key(h.label));
      if (c) shifts.push(c.x0 - h.x0);
    }
    if (shifts.length < need) continue;
    shifts.sort((a, b) => a - b);
    out.push({ line, shift: shifts[Math.floor(shifts.length / 2)]! });
  }
  return out;
}

/** A line that closes the item table: a total, tax or discount row. */
const closesTable = (line: Line) => {
  const words = norm(line.text.replace(/[-\d.,%()]+/g, ' '))
    .split(/\s+/)
    .filter(Boolean);
  return SUMMARY_ROW.test(words.slice(0, 3).join(' ')) || DISCOUNT_ROW.test(words.slice(0, 2).join(' '));
};

/**
 * The item rows read by learned columns, positioned relative to the table's heading row: a row has a number
 * in the amount column and in the quantity or price column; its description is the text in the description
 * column, with the text lines under it before the next row (a description over several lines). Only lines
 * between a heading row and the row that closes the table count.
 */
export function itemsByColumns(ctx: ExtractContext, cols: LearnedColumn[], head: HeadCell[]): TItem[] {
  const items: TItem[] = [];
  const col = (k: LearnedColumn['kind']) => cols.find((c) => c.kind === k)?.x;
  if (col('amount') === undefined || !head.length) return items;
  const heads = headingRows(ctx, head);
  for (const [hi, { line: h, shift }] of heads.entries()) {
    const at = (x: number | undefined, nums: ReturnType<typeof lineNumbers>) =>
      x === undefined ? undefined : nums.find((n) => Math.abs(n.cell.x1 - (x + shift)) < 0.015);
    const descX = col('desc');
    const inDesc = (c: Cell) =>
      descX !== undefined && Math.abs(c.x0 - (descX + shift)) < 0.02 && /\p{L}/u.test(c.text);
    const end = heads[hi + 1]?.line.index ?? ctx.lines.length;
    let last: { item: TItem; line: Line } | undefined;
    let pending: string[] = [];
    for (let li = h.index + 1; li < end; li++) {
      const line = ctx.lines[li]!;
      if (line.page !== h.page || closesTable(line)) break;
      const nums = lineNumbers(line, ctx.decimal);
      const a = at(col('amount'), nums);
      const q = a && at(col('qty'), nums);
      const pr = a && at(col('price'), nums);
      if (a && (q || pr)) {
        // the learned description column (a table may print the quantity first), else the text before the numbers
        const desc = line.cells
          .filter((c) =>
            descX !== undefined
              ? inDesc(c)
              : c.x1 < Math.min(...nums.map((n) => n.cell.x0)) + 0.001 && !/^\d+$/.test(c.text),
          )
          .map((c) => c.text)
          .join(' ');
        // a row without its own description takes the text printed just above it (a name over its numbers)
        const it: TItem = { itemDesc: desc || pending.join(' '), amount: a.value };
        if (desc && pending.length && last)
          last.item.itemDesc = `${last.item.itemDesc} ${pending.join(' ')}`.trim();
        pending = [];
        if (q) it.itemQty = q.value;
        if (pr) it.price = pr.value;
        items.push(it);
        last = { item: it, line };
        continue;
      }
      // a text line in the description column: the next lines of a description, unless a detail ("Label: x")
      const text = line.cells.filter(inDesc).map((c) => c.text);
      if (nums.some((n) => isMoneyText(n.cell.text)) || !text.length || DETAIL_LINE.test(text.join(' ')))
        continue;
      pending.push(...text);
    }
    if (pending.length && last) last.item.itemDesc = `${last.item.itemDesc} ${pending.join(' ')}`.trim();
  }
  return items;
}

/**
 * Finds the learned supplier a document comes from, by its VAT number or its remembered name and address
 * (for callers that do not know the supplier yet, e.g. mail-in). Returns the supplier key or undefined.
 */
export function recogniseSupplier(
  r: Pick<TReaderResult, 'vendor'>,
  profiles: SupplierProfile[],
): string | undefined {
  const vat = compact(r.vendor.vatNumber ?? '');
  if (vat) {
    const hit = profiles.find(
      (p) => compact(p.vendor?.vatNumber ?? p.fields['vendor.vatNumber']?.constant ?? '') === vat,
    );
    if (hit) return hit.supplierKey;
  }
  const name = compact(r.vendor.name ?? '');
  if (name.length < 4) return undefined;
  const byName = profiles.filter((p) => compact(p.vendor?.name ?? '') === name);
  if (byName.length === 1) return byName[0]!.supplierKey;
  // several suppliers with one name: the address decides
  const addr = compact(`${r.vendor.address ?? ''}${r.vendor.postCode ?? ''}`);
  return byName.find((p) => addr && compact(`${p.vendor?.address ?? ''}${p.vendor?.postCode ?? ''}`) === addr)
    ?.supplierKey;
}
