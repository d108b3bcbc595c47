import { describe, expect, it } from 'vitest';
import { en, pdfOf } from './__tests__/make-docs.js';
import { learnProfile } from './learn.js';
import { applyProfile, itemsByColumns, linesProven, type SupplierProfile } from './profile.js';
import { contextOf, readDocument, readWords } from './read.js';
import type { TItem, TReaderResult } from './types.js';

/** Item rows of a made-up timber merchant: two descriptions run over a second line. */
const ROWS = [
  ['Oak board planed', 'grade A, 18 mm', 3, 42.5],
  ['Birch plywood', 'sheet 2440 x 1220', 5, 31.2],
  ['Wood glue', '', 2, 7.95],
] as const;
const NET = ROWS.reduce((a, [, , q, p]) => a + q * p, 0);

/**
 * An invoice whose item table stands `dx`/`dy` points off its usual place; `swap` prints the unit price where
 * the quantity usually stands and the other way round (another seller's filling of the same template).
 */
function tablePdf(n: number, dx = 0, dy = 0, seller = 'Timberline Ltd', swap = false): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    doc.fontSize(10);
    const at = (t: string, x: number, y: number) => doc.text(t, x, y, { lineBreak: false });
    at(seller, 40, 50);
    at('Invoice no:', 330, 50);
    at(`T-${800 + n}`, 450, 50);
    at('Date:', 330, 64);
    at(`0${n + 1}/06/2024`, 450, 64);
    at('Bill to', 40, 110);
    at('Carpentry Works Ltd', 40, 124);
    const x = (v: number) => v + dx;
    // numbers and their column labels stand right-aligned at the columns' right edges
    const right = (t: string, edge: number, y: number) => at(t, x(edge) - doc.widthOfString(t), y);
    const [qtyX, priceX] = swap ? [420, 320] : [320, 420];
    const amountX = 520;
    let y = 200 + dy;
    at('Article', x(40), y);
    right('Pcs', qtyX, y);
    right('Each', priceX, y);
    right('Line value', amountX, y);
    y += 20;
    for (const [name, more, q, p] of ROWS) {
      at(name, x(40), y);
      right(String(q), qtyX, y);
      right(en(p), priceX, y);
      right(en(q * p), amountX, y);
      y += 14;
      if (more) {
        at(more, x(40), y);
        y += 14;
      }
    }
    y += 10;
    at('Subtotal', 330, y);
    at(en(NET), 470, y);
    at('VAT 20 %', 330, y + 16);
    at(en(NET * 0.2), 470, y + 16);
    at('Total', 330, y + 32);
    at(en(NET * 1.2), 470, y + 32);
  });
}

const corrected: Partial<TReaderResult> = {
  vendor: { name: 'Timberline Ltd' },
  totals: { subtotal: NET, vat: round(NET * 0.2), invoiceTotal: round(NET * 1.2) },
  items: ROWS.map(([name, more, q, p]) => ({
    itemDesc: more ? `${name} ${more}` : name,
    itemQty: q,
    price: p,
    amount: round(q * p),
  })),
};
function round(n: number) {
  return Math.round(n * 100) / 100;
}
const learned = async () => learnProfile('timberline', await tablePdf(0), corrected, undefined);
const contextFor = async (bytes: Uint8Array) => contextOf(await readWords(bytes, {}));
const amounts = (items: TItem[]) => items.map((it) => it.amount);

describe('learned item tables', () => {
  it('learns the columns under the table heading row and reads them where the table stands on the next page', async () => {
    const p = await learned();
    expect(p.tableHead?.map((h) => h.label)).toEqual(['article', 'pcs', 'each', 'line value']);
    // the next document prints its table 30 pt further right and 60 pt lower
    const items = itemsByColumns(await contextFor(await tablePdf(1, 30, 60)), p.columns!, p.tableHead!);
    expect(amounts(items)).toEqual([127.5, 156, 15.9]);
    expect(items.map((it) => it.itemQty)).toEqual([3, 5, 2]);
  });

  it('reads a description over two lines in the learned description column', async () => {
    const p = await learned();
    const items = itemsByColumns(await contextFor(await tablePdf(1)), p.columns!, p.tableHead!);
    expect(items.map((it) => it.itemDesc)).toEqual([
      'Oak board planed grade A, 18 mm',
      'Birch plywood sheet 2440 x 1220',
      'Wood glue',
    ]);
  });

  it('replaces a generic reading that lost a row by learned rows that add up to the printed subtotal', async () => {
    const p = await learned();
    const bytes = await tablePdf(1, 10, 20);
    const r = await readDocument(bytes, { fileName: 'b.pdf' });
    // the generic reading as if it had missed the second row: its rows no longer add up
    const lost = { ...r, items: [r.items[0]!, r.items[2]!] };
    expect(linesProven(lost.items, lost.totals)).toBe(false);
    const out = applyProfile(lost, await contextFor(bytes), p);
    expect(amounts(out.items)).toEqual([127.5, 156, 15.9]);
    expect(linesProven(out.items, out.totals)).toBe(true);
  });

  it("keeps another seller's generic rows on the same template: the learned columns are not theirs", async () => {
    const p = await learned();
    const bytes = await tablePdf(1, 0, 0, 'Forest Goods Ltd', true);
    const r = await readDocument(bytes, { fileName: 'c.pdf' });
    expect(r.items.map((it) => it.itemQty)).toEqual([3, 5, 2]);
    // a generic reading with a quantity it missed (its rows cannot be proven), the others right
    const missed: TReaderResult = {
      ...r,
      items: r.items.map((it, i) => (i ? it : { ...it, itemQty: undefined })),
    };
    // the learned columns would read this seller's prices as quantities (and still multiply out)
    const out = applyProfile(missed, await contextFor(bytes), p);
    expect(out.items.map((it) => it.itemQty)).toEqual([undefined, 5, 2]);
  });

  it('keeps a proven generic reading: the learned columns do not re-join its descriptions', async () => {
    const p = await learned();
    const bytes = await tablePdf(1);
    const r = await readDocument(bytes, { fileName: 'e.pdf' });
    const cut: TReaderResult = {
      ...r,
      items: r.items.map((it) => ({ ...it, itemDesc: it.itemDesc?.split(/ (?=grade|sheet)/)[0] })),
    };
    expect(linesProven(cut.items, cut.totals)).toBe(true);
    const out = applyProfile(cut, await contextFor(bytes), p);
    expect(out.items).toEqual(cut.items);
  });

  it('sends learned rows that replaced the generic ones to a person', async () => {
    const p = await learned();
    const bytes = await tablePdf(1);
    const r = await readDocument(bytes, { fileName: 'g.pdf' });
    const lost = { ...r, items: [r.items[0]!, r.items[2]!] };
    const out = applyProfile(lost, await contextFor(bytes), p);
    expect(out.items).toHaveLength(3);
    expect(Math.max(...out.items.map((_, i) => out.confidence.fields[`items.${i}`] ?? 1))).toBeLessThan(0.97);
  });

  it('sends a document read with a learned layout to a person when its lines are not proven by arithmetic', async () => {
    const bytes = await tablePdf(1);
    const r = await readDocument(bytes, { fileName: 'd.pdf' });
    const lost: TReaderResult = {
      ...r,
      items: [r.items[0]!, r.items[2]!],
      totals: { vat: r.totals.vat, invoiceTotal: r.totals.invoiceTotal },
      confidence: { ...r.confidence, fields: { ...r.confidence.fields, 'items.0': 0.99, 'items.1': 0.99 } },
    };
    // a profile that fills the subtotal with the sum of the lines: that sum proves nothing about them
    const p: SupplierProfile = {
      version: 2,
      supplierKey: 'timberline',
      learnedFrom: 1,
      updatedAt: '',
      fields: {
        'totals.subtotal': { kind: 'money', box: { page: 1, x: 0, y: 0, w: 0, h: 0 }, derived: 'lineSum' },
      },
    };
    const out = applyProfile(lost, await contextFor(bytes), p);
    expect(out.totals.subtotal).toBe(143.4);
    expect(out.confidence.fields['items.0']).toBeLessThanOrEqual(0.9);
    expect(out.confidence.fields['items.1']).toBeLessThanOrEqual(0.9);
  });
});
