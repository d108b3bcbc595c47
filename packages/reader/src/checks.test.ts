import { describe, expect, it } from 'vitest';
import { linesAddUp, runChecks } from './checks.js';
import { linesProven } from './profile.js';
import { emptyResult, type TItem, type TReaderResult } from './types.js';

const invoice = (items: TItem[], totals: TReaderResult['totals']): TReaderResult => ({
  ...emptyResult('t.pdf'),
  documentType: 'invoice',
  vendor: { name: 'Northwind Supplies Ltd' },
  headers: { invoiceNum: 'INV-1', invoiceDate: '2024-03-14' },
  items,
  totals,
});
const line = (itemQty: number, price: number, amount: number): TItem => ({
  itemDesc: 'Bolts',
  itemQty,
  price,
  amount,
});
const descriptions = (r: TReaderResult) =>
  runChecks(r, { now: new Date('2024-04-01') }).map((i) => i.description);

describe('checks', () => {
  it('asks for no quantity of a service line printed with its amount alone, on a text layer whose lines add up', () => {
    const service: TItem = { itemDesc: 'Monthly leasing fee', amount: 49 };
    const totals = { net: 69, vat: 13.8, invoiceTotal: 82.8 };
    const text = { ...invoice([line(2, 10, 20), service], totals), source: 'text' as const };
    expect(descriptions(text)).toEqual([]);
    // lines that do not add up may have lost a quantity, and so may a scan, whose OCR drops numbers
    const short = { ...text, totals: { net: 79, vat: 15.8, invoiceTotal: 94.8 } };
    expect(descriptions(short)).toContain('The line has no quantity or unit price');
    expect(descriptions({ ...text, source: 'ocr' })).toEqual(['The line has no quantity or unit price']);
  });

  it('accepts a document whose lines and totals add up', () => {
    expect(
      descriptions(
        invoice([line(2, 10, 20), line(1, 5.5, 5.5)], { net: 25.5, vat: 5.1, invoiceTotal: 30.6 }),
      ),
    ).toEqual([]);
  });

  it('accepts a unit price rounded to the cent (20 × 2.773 printed as 2.77)', () => {
    expect(
      descriptions(invoice([line(20, 2.77, 55.46)], { net: 55.46, vat: 0, invoiceTotal: 55.46 })),
    ).toEqual([]);
  });

  it('accepts a price for 100 units on a text layer (250 × 18.40 per 100 = 46.00), not in OCR text', () => {
    const doc = invoice([line(250, 18.4, 46)], { net: 46, vat: 0, invoiceTotal: 46 });
    expect(descriptions({ ...doc, source: 'text' })).toEqual([]);
    expect(descriptions({ ...doc, source: 'ocr' })).toEqual([
      'Quantity × price − discount is 4600.00 but the line says 46.00',
    ]);
  });

  it('proves learned lines by the same arithmetic that checks a line (rounded prices yes, unexplained gaps no)', () => {
    const totals = (net: number) => ({ net, vat: 0, invoiceTotal: net });
    // 300 × 1.1133 printed as 1.11: the half cent per unit the check forgives
    const rounded = [line(300, 1.11, 334)];
    expect(descriptions(invoice(rounded, totals(334)))).toEqual([]);
    expect(linesProven(rounded, totals(334))).toBe(true);
    // a discount of 5.00 on 2 × 10.00 gives 15.00, not 18.00: flagged, so not proven either
    const gap = [{ ...line(2, 10, 18), discount: 5 }];
    expect(descriptions(invoice(gap, totals(18)))).toEqual([
      'Quantity × price − discount is 15.00 but the line says 18.00',
    ]);
    expect(linesProven(gap, totals(18))).toBe(false);
    // a price per 100 units proves a line of a text layer only
    const per100 = [line(250, 18.4, 46)];
    expect(linesProven(per100, totals(46), 'text')).toBe(true);
    expect(linesProven(per100, totals(46), 'ocr')).toBe(false);
  });

  it('accepts document charges and discounts between the subtotal and the net, also on a credit note', () => {
    const totals = { subtotal: 55, discount: 3, charges: 8, net: 60, vat: 12, invoiceTotal: 72 };
    const lines = [line(2, 20, 40), line(1, 15, 15)];
    expect(descriptions(invoice(lines, totals))).toEqual([]);
    const credit = invoice(
      lines.map((l) => ({ ...l, itemQty: -l.itemQty!, amount: -l.amount! })),
      { subtotal: -55, discount: 3, charges: 8, net: -60, vat: -12, invoiceTotal: -72 },
    );
    expect(descriptions(credit)).toEqual([]);
    expect(linesAddUp(credit)).toBe(true);
    expect(descriptions(invoice(lines, { ...totals, charges: 18 }))).toEqual([
      'Subtotal 55.00 − discount 3.00 + charges 18.00 does not give the net total 60.00',
    ]);
  });

  it('flags a line whose amount is off by more than rounding explains', () => {
    expect(descriptions(invoice([line(2, 10, 21)], { net: 21, vat: 0, invoiceTotal: 21 }))).toEqual([
      'Quantity × price − discount is 20.00 but the line says 21.00',
    ]);
  });

  it('accepts lines priced with VAT included that add up to the total', () => {
    expect(
      descriptions(invoice([line(1, 49.99, 49.99)], { net: 41.31, vat: 8.68, invoiceTotal: 49.99 })),
    ).toEqual([]);
  });

  it('flags lines that add up to neither the net nor the total', () => {
    expect(descriptions(invoice([line(1, 40, 40)], { net: 41.31, vat: 8.68, invoiceTotal: 49.99 }))).toEqual([
      'Line amounts add up to 40.00 but the net total says 41.31',
    ]);
  });

  it('flags totals that do not add up and a missing table', () => {
    expect(descriptions(invoice([], { net: 100, vat: 20, invoiceTotal: 130 }))).toEqual([
      'Net 100.00 + VAT 20.00 is 120.00 but the total says 130.00',
      'No line items found',
    ]);
  });

  it('knows whether the lines add up to a printed total, which a table that lost a row does not', () => {
    const full = invoice([line(2, 10, 20), line(1, 5.5, 5.5)], { net: 25.5, vat: 5.1, invoiceTotal: 30.6 });
    expect(linesAddUp(full)).toBe(true);
    // with a document discount and no subtotal no check fails, but nothing confirms the lines either
    const lost = invoice([line(2, 10, 20)], { discount: 1, net: 24.5, vat: 4.9, invoiceTotal: 29.4 });
    expect(descriptions(lost)).toEqual([]);
    expect(linesAddUp(lost)).toBe(false);
  });
});
