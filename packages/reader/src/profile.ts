import fs from 'node:fs/promises';
import path from 'node:path';
import { boxOf, type ExtractContext, lineNumbers } from './context.js';
import type { Cell, Line } from './layout.js';
import { type DateOrder, type DecimalStyle, findDates, norm } from './parse.js';
import type { TBox, TItem, TParty, TReaderResult } from './types.js';

export const PROFILE_VERSION = 1;

type FieldKind = 'id' | 'date' | 'money' | 'name';

export interface LearnedField {
  kind: FieldKind;
  /** normalised label text printed next to the value (digits removed) */
  label?: string;
  /** value position relative to the label's top-left corner, in page fractions */
  dx?: number;
  dy?: number;
  /** where the value was on the page */
  box: TBox;
  /** the value itself for fields that do not change between documents (supplier name, VAT number) */
  constant?: string;
  /** which occurrence of the label on the page (0 = first), for labels printed several times ("Name:") */
  nth?: number;
  /** character shape of an identifier ("A-9" for "TX-471102"), to pick it out of a longer cell */
  shape?: string;
}

/** The shape of an identifier: letters → A, digits → 9, runs collapsed ("RK21012345" → "A9"). */
export function shapeOf(v: string): string {
  return v
    .replace(/\p{L}+/gu, 'A')
    .replace(/\d+/g, '9')
    .replace(/\s+/g, ' ');
}

/** The first token of a text with the learned identifier shape. */
function tokenWithShape(text: string, shape: string): string | undefined {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/^[:#(]+|[),;:.]+$/g, ''))
    .find((t) => t && shapeOf(t) === shape && /\d/.test(t));
}

export interface LearnedColumn {
  kind: 'qty' | 'price' | 'amount' | 'desc' | 'code';
  x: number;
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
  columns?: LearnedColumn[];
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

const compact = (s: string) => norm(s).replace(/[^a-z0-9]/g, '');
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

function valueIn(
  kind: FieldKind,
  cellText: string,
  ctx: ExtractContext,
  line: Line,
  cell: Cell,
): string | number | undefined {
  switch (kind) {
    case 'date':
      return findDates(cellText, ctx.dateOrder)[0]?.iso;
    case 'money': {
      const nums = lineNumbers({ ...line, cells: [cell] }, ctx.decimal).filter((n) => !n.pct);
      const v = nums[nums.length - 1]?.value;
      return v === undefined ? undefined : Math.abs(v);
    }
    case 'id': {
      const t = cellText.replace(/^[\s:#]+/, '').trim();
      return /\d/.test(t) ? t.split(/\s{2,}/)[0] : undefined;
    }
    default:
      return cellText.trim() || undefined;
  }
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
    return lineNumbers({ ...line, cells: [cell] }, ctx.decimal).some(
      (n) => Math.abs(Math.abs(n.value) - Math.abs(Number(want))) < 0.006,
    );
  if (kind === 'id')
    return compact(cellText).includes(compact(String(want))) && compact(String(want)).length > 0;
  const a = norm(cellText);
  const b = norm(String(want));
  return a === b || (b.length > 3 && a.includes(b));
}

/** The label of a value: the text before it in its cell, else the cell on its left, else the cell above. */
function labelOf(
  ctx: ExtractContext,
  line: Line,
  cell: Cell,
  want: unknown,
  kind: FieldKind,
): { text: string; box: Cell } | undefined {
  if (kind !== 'name') {
    const t = norm(cell.text);
    const w = kind === 'money' || kind === 'date' ? undefined : norm(String(want));
    const idx = w ? t.indexOf(w) : t.search(/[-(]?\d/);
    const before = idx > 0 ? labelText(t.slice(0, idx)) : '';
    if (before.length >= 2) return { text: before, box: cell };
  }
  const ci = line.cells.indexOf(cell);
  for (let i = ci - 1; i >= 0; i--) {
    const l = labelText(line.cells[i]!.text);
    if (l.length >= 2) return { text: l, box: line.cells[i]! };
  }
  const above = ctx.lines[line.index - 1];
  if (above && above.page === line.page) {
    const c = above.cells.find((c) => Math.min(c.x1, cell.x1) - Math.max(c.x0, cell.x0) > 0);
    if (c && labelText(c.text).length >= 2 && !/\d{3}/.test(c.text))
      return { text: labelText(c.text), box: c };
  }
  return undefined;
}

/** Records where the corrected values sit on the document; merges into an existing profile. */
export function learnFromContext(
  ctx: ExtractContext,
  supplierKey: string,
  corrected: Partial<TReaderResult>,
  previous?: SupplierProfile,
): SupplierProfile {
  const p: SupplierProfile = previous
    ? structuredClone(previous)
    : { version: PROFILE_VERSION, supplierKey, learnedFrom: 0, updatedAt: '', fields: {} };
  p.learnedFrom++;
  p.updatedAt = new Date().toISOString();
  p.decimal = ctx.decimal;
  p.dateOrder ??= ctx.dateOrder;
  if (corrected.vendor?.name) p.vendor = { ...corrected.vendor };
  // the supplier's date order, from where the corrected dates are printed
  for (const f of ['headers.invoiceDate', 'headers.dueDate', 'headers.orderDate']) {
    const want = get(corrected, f);
    if (typeof want !== 'string') continue;
    const text = ctx.lines.map((l) => l.text).join('\n');
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
    let found: { line: Line; cell: Cell } | undefined;
    // totals are usually the last match on the page; other values the first
    const lines = kind === 'money' ? ctx.lines.slice().reverse() : ctx.lines;
    outer: for (const line of lines)
      for (const cell of line.cells)
        if (matches(kind, want, cell.text, ctx, line, cell)) {
          found = { line, cell };
          break outer;
        }
    const lf: LearnedField = found
      ? { kind, box: boxOf(found.cell) }
      : { kind, box: { page: 1, x: 0, y: 0, w: 0, h: 0 } };
    if (CONSTANT.has(field)) lf.constant = String(want);
    if (found) {
      const lab = labelOf(ctx, found.line, found.cell, want, kind);
      if (lab) {
        lf.label = lab.text;
        lf.dx = found.cell.x0 - lab.box.x0;
        lf.dy = found.cell.y0 - lab.box.y0;
        let nth = 0;
        for (const l of ctx.lines)
          for (const c of l.cells) {
            if (c === lab.box) break;
            if (
              l.index < found.line.index + 2 &&
              c.y0 < lab.box.y0 - 0.0005 &&
              labelText(c.text).startsWith(lab.text)
            )
              nth++;
          }
        if (nth) lf.nth = nth;
      }
      if (kind === 'id') lf.shape = shapeOf(String(want));
    } else if (!lf.constant) continue;
    p.fields[field] = lf;
  }
  // table column positions, from rows whose numbers match the corrected items
  const cols: Record<string, number[]> = {};
  for (const it of corrected.items ?? []) {
    if (it.amount === undefined) continue;
    for (const line of ctx.lines) {
      const nums = lineNumbers(line, ctx.decimal);
      const a = nums.filter((n) => Math.abs(n.value - it.amount!) < 0.006).pop();
      if (!a) continue;
      push(cols, 'amount', a.cell.x1);
      const q = nums.find(
        (n) => n !== a && it.itemQty !== undefined && Math.abs(n.value - it.itemQty) < 0.0001,
      );
      if (q) push(cols, 'qty', q.cell.x1);
      const pr = nums.find(
        (n) => n !== a && n !== q && it.price !== undefined && Math.abs(n.value - it.price) < 0.006,
      );
      if (pr) push(cols, 'price', pr.cell.x1);
      break;
    }
  }
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const learned: LearnedColumn[] = [];
  for (const k of ['qty', 'price', 'amount'] as const)
    if (cols[k]?.length) learned.push({ kind: k, x: Math.round(avg(cols[k]) * 10000) / 10000 });
  if (learned.length) p.columns = learned;
  return p;
}

function push(m: Record<string, number[]>, k: string, v: number) {
  m[k] ??= [];
  m[k].push(v);
}

function findByLabel(
  ctx: ExtractContext,
  lf: LearnedField,
): { value: string | number; cell: Cell } | undefined {
  if (!lf.label) return undefined;
  let seen = 0;
  for (const line of ctx.lines) {
    for (const cell of line.cells) {
      const lt = labelText(cell.text);
      if (!lt.startsWith(lf.label) && lt !== lf.label) continue;
      if (seen++ < (lf.nth ?? 0)) continue;
      if (lf.kind === 'id' && lf.shape) {
        // the identifier in the label's cell or the cells right of it, by its learned shape
        const rest = cell.text.slice(Math.min(cell.text.length, lf.label.length));
        // same shape first; another supplier on the same layout may number differently
        const same =
          tokenWithShape(rest, lf.shape) ??
          rest
            .split(/\s+/)
            .find((t) => /\d{3,}/.test(t) && !/^\(/.test(t) && !findDates(t).length)
            ?.replace(/[),;:.]+$/, '');
        if (same && Math.abs(lf.dx ?? 0) < 0.002) return { value: same, cell };
      }
      // the value in the same cell after the label
      if (lf.dx !== undefined && Math.abs(lf.dx) < 0.002 && Math.abs(lf.dy ?? 0) < 0.002) {
        // Drop the label: up to its colon or '#' when it has one (values such as "BETA-1" keep their letters).
        const after = /[:#]/.test(cell.text)
          ? cell.text.replace(/^[^:#]*[:#]\s*/, '')
          : cell.text.replace(/^[^\d]*?(?=[-(]?\d)/, '');
        const v = valueIn(lf.kind, after, ctx, line, cell);
        if (v !== undefined) return { value: v, cell };
      }
      // the cell at the learned offset from the label
      const ex = cell.x0 + (lf.dx ?? 0);
      const ey = cell.y0 + (lf.dy ?? 0);
      let best: { line: Line; cell: Cell; d: number } | undefined;
      for (const l of ctx.lines) {
        if (l.page !== line.page || Math.abs(l.y0 - ey) > 0.02) continue;
        for (const c of l.cells) {
          const d = Math.abs(c.x0 - ex) + Math.abs(c.y0 - ey) * 2;
          const right = Math.abs(c.x1 - (ex + lf.box.w));
          const dd = Math.min(d, right + Math.abs(c.y0 - ey) * 2);
          if (dd < 0.06 && (!best || dd < best.d)) best = { line: l, cell: c, d: dd };
        }
      }
      if (best) {
        const v =
          lf.kind === 'id' && lf.shape
            ? tokenWithShape(best.cell.text, lf.shape)
            : valueIn(lf.kind, best.cell.text, ctx, best.line, best.cell);
        if (v !== undefined) return { value: v, cell: best.cell };
      }
    }
  }
  return undefined;
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
            : valueIn(lf.kind, cell.text, ctx, line, cell);
        if (v !== undefined) return { value: v, cell };
      }
    }
  }
  return undefined;
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

/** Re-reads the fields a profile knows, at their learned places; the generic reading fills the rest. */
export function applyProfile(r: TReaderResult, ctx0: ExtractContext, p: SupplierProfile): TReaderResult {
  const ctx: ExtractContext = {
    ...ctx0,
    dateOrder: p.dateOrder ?? ctx0.dateOrder,
    decimal: p.decimal ?? ctx0.decimal,
  };
  const out = structuredClone(r);
  out.profileUsed = p.supplierKey;
  out.inTraining = p.learnedFrom < 1;
  // remembered supplier values only where this document shows them (same layout, other supplier otherwise)
  const pageText = compact(ctx.lines.map((l) => l.text).join(' '));
  const shows = (v?: string) => !!v && compact(v).length >= 3 && pageText.includes(compact(v));
  if (p.vendor?.name && shows(p.vendor.name)) out.vendor = { ...out.vendor, ...p.vendor };
  const t = out.totals;
  const totalsAddUp =
    t.net !== undefined &&
    t.vat !== undefined &&
    t.invoiceTotal !== undefined &&
    Math.abs(t.net + t.vat - t.invoiceTotal) < 0.011;
  for (const [field, lf] of Object.entries(p.fields)) {
    if (lf.constant !== undefined) {
      // a confident reading of this document wins over a remembered value that merely appears on it
      if (!shows(lf.constant) || (out.confidence.fields[field] ?? 0) >= 0.85) continue;
      set(out as unknown as Record<string, unknown>, field, lf.constant);
      out.confidence.fields[field] = 0.97;
      continue;
    }
    // totals that already add up on this document are not replaced
    if (field.startsWith('totals.') && field !== 'totals.subtotal' && totalsAddUp) continue;
    const lineSum = out.items.reduce((a, it) => a + (it.amount ?? 0), 0);
    if (field === 'totals.subtotal' && t.subtotal !== undefined && Math.abs(lineSum - t.subtotal) < 0.011)
      continue;
    const hit = findByLabel(ctx, lf) ?? findByBox(ctx, lf);
    if (!hit) continue;
    let v = hit.value;
    // a party name is never a "Label: value" row
    if (lf.kind === 'name' && typeof v === 'string' && /^[\p{L} .-]{2,30}:\s*\S/u.test(v)) continue;
    if (lf.kind === 'id' && typeof v === 'string') v = v.split(/\s+/)[0]!.replace(/[,;]$/, '');
    set(out as unknown as Record<string, unknown>, field, v);
    out.confidence.fields[field] = 0.97;
    out.boxes[field] = boxOf(hit.cell);
  }
  // items: learned numeric columns when the generic table reading fails its arithmetic
  if (p.columns?.length) {
    const bad = out.items.some(
      (it) =>
        it.itemQty === undefined ||
        it.price === undefined ||
        Math.abs((it.itemQty ?? 0) * (it.price ?? 0) - (it.amount ?? 0)) > 0.011 + Math.abs(it.discount ?? 0),
    );
    if (bad || !out.items.length) {
      const items = itemsByColumns(ctx, p.columns);
      if (items.length) {
        out.items = items;
        for (const k of Object.keys(out.confidence.fields))
          if (k.startsWith('items.')) delete out.confidence.fields[k];
        items.forEach((_, i) => {
          out.confidence.fields[`items.${i}`] = 0.9;
        });
      }
    }
  }
  return out;
}

function itemsByColumns(ctx: ExtractContext, cols: LearnedColumn[]): TItem[] {
  const items: TItem[] = [];
  const amountX = cols.find((c) => c.kind === 'amount')?.x;
  if (amountX === undefined) return items;
  for (const line of ctx.lines) {
    const nums = lineNumbers(line, ctx.decimal);
    const at = (x: number | undefined) =>
      x === undefined ? undefined : nums.find((n) => Math.abs(n.cell.x1 - x) < 0.015);
    const a = at(amountX);
    if (!a) continue;
    const q = at(cols.find((c) => c.kind === 'qty')?.x);
    const pr = at(cols.find((c) => c.kind === 'price')?.x);
    if (!q && !pr) continue;
    const desc = line.cells
      .filter((c) => c.x1 < Math.min(...nums.map((n) => n.cell.x0)) + 0.001 && !/^\d+$/.test(c.text))
      .map((c) => c.text)
      .join(' ');
    const it: TItem = { itemDesc: desc, amount: a.value };
    if (q) it.itemQty = q.value;
    if (pr) it.price = pr.value;
    items.push(it);
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
