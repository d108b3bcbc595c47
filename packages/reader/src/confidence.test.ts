import { describe, expect, it } from 'vitest';
import { EN_LABELS, enInvoice, makePdf, pdfOf } from './__tests__/make-docs.js';
import { calibrate, capByOcr, STRAIGHT_THROUGH } from './calibrate.js';
import { CALIBRATION } from './calibration-table.js';
import { agreeRows, type RowEvidence, rowConfidence } from './item-confidence.js';
import { finish, readDocument } from './read.js';
import { emptyResult } from './types.js';

type Text = [x: number, y: number, text: string, size?: number];
function pagePdf(texts: Text[]): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    for (const [x, y, text, size] of texts)
      doc
        .font('Helvetica')
        .fontSize(size ?? 9)
        .text(text, x, y, { lineBreak: false });
  });
}

/** Totals under the plain invoice's head and two rows of 18.00 and 24.00 (below y 330). */
const TOTALS_42: Text[] = [
  [330, 380, 'Net total'],
  [480, 380, '42.00'],
  [330, 396, 'VAT 20%'],
  [480, 396, '8.40'],
  [330, 412, 'Total due'],
  [480, 412, '50.40'],
];

/** A plain invoice: supplier letterhead with its VAT id, a labelled buyer, one line that adds up. */
const invoice = (headerRows: [string, string][]): Text[] => [
  [60, 50, 'Harbour Lane Supplies Ltd', 14],
  [60, 70, '3 Quay Street, Bristol BS1 4DJ'],
  [60, 82, 'VAT No. GB987654321'],
  [60, 140, 'Bill to:'],
  [60, 152, 'Copperfield Cafe Ltd'],
  [60, 164, '22 Hill Road'],
  [60, 176, 'Bath BA1 2AB'],
  ...headerRows.flatMap(([k, v], i): Text[] => [
    [360, 140 + i * 12, `${k}:`],
    [460, 140 + i * 12, v],
  ]),
  [60, 250, 'INVOICE', 16],
  [60, 290, 'Description'],
  [330, 290, 'Qty'],
  [400, 290, 'Price'],
  [480, 290, 'Amount'],
  [60, 306, 'Oat milk 1 l'],
  [330, 306, '12'],
  [400, 306, '1.50'],
  [480, 306, '18.00'],
  [330, 340, 'Net total'],
  [480, 340, '18.00'],
  [330, 356, 'VAT 20%'],
  [480, 356, '3.60'],
  [330, 372, 'Total due'],
  [480, 372, '21.60'],
];

describe('how sure the reader is', () => {
  it('sends a page with a value under a label it does not know to a person, with its guess and the label', async () => {
    const bytes = await pagePdf(
      invoice([
        ['Invoice No.', 'HL-20931'],
        ['Invoice date', '14/03/2025'],
        ['Bestellreferenz', 'KT-88120'],
      ]),
    );
    const r = await readDocument(bytes, { fileName: 'unknown-label.pdf' });
    expect(r.headers.invoiceNum).toBe('HL-20931');
    // "Bestell…": the order number, a guess a person confirms
    expect(r.headers.orderNum).toBe('KT-88120');
    expect(r.confidence.fields['headers.orderNum']).toBeLessThan(0.5);
    expect(r.pendingReview).toBe(true);
    expect(r.issues.map((i) => i.description).join(' ')).toContain('Bestellreferenz: KT-88120');
  });

  it('does not count contact, bank or delivery values as fields it missed', async () => {
    const bytes = await pagePdf(
      invoice([
        ['Invoice No.', 'HL-20932'],
        ['Invoice date', '14/03/2025'],
        ['Delivery date', '12/03/2025'],
        ['Tel', '0117 496 0000'],
      ]),
    );
    const r = await readDocument(bytes, { fileName: 'known-labels.pdf' });
    expect(r.issues.filter((i) => i.description.startsWith('Printed but not read'))).toEqual([]);
  });

  it('reads a customer account printed under a plain "Account" label', async () => {
    const bytes = await pagePdf(
      invoice([
        ['Invoice No.', 'HL-20934'],
        ['Invoice date', '14/03/2025'],
        ['Account', 'D83659'],
      ]),
    );
    const r = await readDocument(bytes, { fileName: 'account.pdf' });
    expect(r.headers.shopAccount).toBe('D83659');
    expect(r.issues.filter((i) => i.description.startsWith('Printed but not read'))).toEqual([]);
  });

  it('does not take a customer number for the buyer', async () => {
    const texts = invoice([
      ['Invoice No.', 'HL-20933'],
      ['Invoice date', '14/03/2025'],
    ]).filter(([, , t]) => t !== 'Bill to:');
    texts.push([360, 164, 'N° client: C22741']);
    const r = await readDocument(await pagePdf(texts), { fileName: 'customer-number.pdf' });
    expect(r.invoiceTo.name).not.toBe('C22741');
  });

  it('doubts a field read from a word the OCR engine itself doubted', () => {
    const box = { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.02 };
    const word = (conf: number) => ({
      text: 'Hansa',
      page: 1,
      x0: 0.12,
      y0: 0.105,
      x1: 0.2,
      y1: 0.115,
      conf,
    });
    const read = (conf: number) =>
      capByOcr({ 'invoiceTo.name': 0.97 }, { 'invoiceTo.name': box }, [word(conf)])['invoiceTo.name']!;
    expect(read(0.95)).toBe(0.97);
    expect(read(0.4)).toBeLessThan(STRAIGHT_THROUGH);
  });

  it('sends a person an account number read from a sentence, though the field is optional', async () => {
    // a customer number found only in "Please quote your customer number … in all correspondence" is worth what
    // the calibration measured for values read from prose; an optional field counts at its own worth
    const header: [string, string][] = [
      ['Invoice No.', 'HL-20935'],
      ['Invoice date', '14/03/2025'],
    ];
    const plain = await readDocument(await pagePdf(invoice(header)), { fileName: 'plain.pdf' });
    expect(plain.pendingReview).toBe(false);
    const texts = invoice(header);
    texts.push([
      60,
      420,
      'Please quote your customer number 35040727 in all correspondence with us. Thank you.',
    ]);
    const r = await readDocument(await pagePdf(texts), { fileName: 'account-in-prose.pdf' });
    expect(r.headers.shopAccount).toBe('35040727');
    expect(r.confidence.fields['headers.shopAccount']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.pendingReview).toBe(true);
  });

  it("reads the buyer's number printed in an address window without a heading", async () => {
    const texts = invoice([
      ['Invoice No.', 'HL-20936'],
      ['Invoice date', '14/03/2025'],
    ]).filter(([, , t]) => t !== 'Bill to:');
    texts.push([60, 188, 'Nummer: K-53021']);
    const r = await readDocument(await pagePdf(texts), { fileName: 'window-account.pdf' });
    expect(r.invoiceTo.name).toBe('Copperfield Cafe Ltd');
    expect(r.headers.shopAccount).toBe('K-53021');
    // read from the block, not guessed from a label the reader does not know
    expect(r.issues).toEqual([]);
  });

  it('is sure of a service line that prints its amount alone, and asks for nothing the page does not print', async () => {
    const header: [string, string][] = [
      ['Invoice No.', 'HL-20938'],
      ['Invoice date', '14/03/2025'],
    ];
    const texts = invoice(header)
      .filter(([, , t]) => t !== '12' && t !== '1.50')
      .map(([x, y, t, size]): Text => [x, y, t === 'Oat milk 1 l' ? 'Monthly leasing fee' : t, size]);
    const r = await readDocument(await pagePdf(texts), { fileName: 'service-line.pdf' });
    expect(r.items).toEqual([{ itemDesc: 'Monthly leasing fee', amount: 18 }]);
    expect(r.confidence.fields['items.0']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    expect(r.issues).toEqual([]);
    expect(r.pendingReview).toBe(false);
    // a number on the row that no column explains leaves the line unsure
    const odd = await readDocument(await pagePdf([...texts, [250, 306, '7']]), {
      fileName: 'service-number.pdf',
    });
    expect(odd.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
    expect(odd.pendingReview).toBe(true);
    // a service period at the name's end that starts under the quantity heading is the name's: no quantity
    const totals: Record<string, string> = { '3.60': '5.60', '21.60': '33.60' };
    const period: Text[] = [
      ...texts.map(([x, y, t, size]): Text => {
        if (t === 'Monthly leasing fee') return [120, y, 'Forfait maintenance annuel 11/2023', size];
        if (t === 'Description') return [120, y, t, size];
        if (y >= 340 && t === '18.00') return [x, y, '28.00', size];
        // "11/2023" starts at 234 pt
        return [t === 'Qty' ? 232 : x, y, totals[t] ?? t, size];
      }),
      // a row of goods whose quantity stands under the heading
      [120, 322, 'Copy paper A4'],
      [236, 322, '2'],
      [400, 322, '5.00'],
      [480, 322, '10.00'],
    ];
    const p = await readDocument(await pagePdf(period), { fileName: 'service-period.pdf' });
    expect(p.items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Forfait maintenance annuel 11/2023', undefined, 18],
      ['Copy paper A4', 2, 10],
    ]);
    expect(p.pendingReview).toBe(false);
  });

  it('does not send a scan straight through when the OCR engine doubted its order number, an optional field', async () => {
    // a scanned order number read "P0O832910" for "PO-832910", Tesseract unsure of the word: it went through as
    // auto-processed when finish counted an optional field 0.1 higher than its confidence
    const bytes = await pagePdf(
      invoice([
        ['Invoice No.', 'HL-20931'],
        ['Invoice date', '14/03/2025'],
        ['Your order', 'PO-832910'],
      ]),
    );
    const r = await readDocument(bytes, { fileName: 'doubted-order-number.pdf' });
    expect(r.headers.orderNum).toBe('PO-832910');
    expect(r.pendingReview).toBe(false);
    const b = r.boxes['headers.orderNum']!;
    const doubted = {
      text: r.headers.orderNum!,
      page: b.page,
      x0: b.x,
      y0: b.y,
      x1: b.x + b.w,
      y1: b.y + b.h,
      conf: 0.6,
    };
    const asScan = (conf: number) =>
      finish(
        {
          ...r,
          issues: [],
          confidence: {
            ...r.confidence,
            fields: capByOcr(r.confidence.fields, r.boxes, [{ ...doubted, conf }]),
          },
        },
        {},
      );
    expect(asScan(0.95).pendingReview).toBe(false);
    expect(asScan(0.6).pendingReview).toBe(true);
  });

  it('is sure of an item row only with evidence: arithmetic, its column, a name on its row, a total it adds up to', () => {
    const clean: RowEvidence = {
      arithmetic: 0.95,
      aligned: true,
      offLabels: false,
      descFrom: 'row',
      leftOver: false,
    };
    const oat = { itemDesc: 'Oat milk 1 l', itemQty: 12, price: 1.5, amount: 18 };
    const best = rowConfidence(clean, oat, true);
    // the quantity column's number read into the description
    expect(rowConfidence(clean, { ...oat, itemDesc: 'Oat milk 1 l 12' }, true)).toBeLessThan(best - 0.1);
    expect(rowConfidence(clean, oat, false)).toBeLessThan(best);
    expect(rowConfidence({ ...clean, arithmetic: 0.9 }, oat, true)).toBeLessThan(best);
    expect(rowConfidence({ ...clean, aligned: false }, oat, true)).toBeLessThan(best);
    // a quantity printed under its label that the arithmetic did not use
    expect(rowConfidence({ ...clean, offLabels: true }, oat, true)).toBeLessThan(best - 0.05);
    expect(rowConfidence({ ...clean, descFrom: 'above' }, oat, true)).toBeLessThan(best);
    expect(rowConfidence({ ...clean, leftOver: true }, oat, true)).toBeLessThan(best - 0.05);
    // a "Label: value" note or an amount is not an item's name
    expect(rowConfidence(clean, { ...oat, itemDesc: 'Lot: 2231' }, true)).toBeLessThan(best - 0.1);
    expect(rowConfidence(clean, { ...oat, itemDesc: 'Deposit 12.50' }, true)).toBeLessThan(best - 0.1);
    // a bracket cut from the cell next to it
    expect(rowConfidence(clean, { ...oat, itemDesc: 'Coffee beans 1 kg (1' }, true)).toBeLessThan(best - 0.1);
  });

  it('is surer of an OCR row that a second reading of the page also found, less of one it did not', () => {
    const reading = (items: { itemDesc: string; amount: number }[]) => {
      const r = emptyResult('scan.png');
      r.items = items;
      items.forEach((_, i) => {
        r.confidence.fields[`items.${i}`] = 0.9;
      });
      return r;
    };
    const kept = reading([
      { itemDesc: 'Oat milk 1 l', amount: 18 },
      { itemDesc: 'Espresso beans', amount: 24 },
    ]);
    agreeRows(
      kept,
      reading([
        { itemDesc: 'Oat  milk 1 l', amount: 18 },
        { itemDesc: 'Espresso beans', amount: 2.4 },
      ]),
    );
    expect(kept.confidence.fields['items.0']).toBeGreaterThan(0.9);
    expect(kept.confidence.fields['items.1']).toBeLessThan(0.9);
  });

  it('doubts an item whose name stands above its amount row, with a detail line on the row', async () => {
    const lines: Text[] = [
      [60, 330, 'Espresso beans 1 kg'],
      [60, 345, 'Lot: 2231'],
      [330, 345, '2'],
      [400, 345, '12.00'],
      [480, 345, '24.00'],
    ];
    const head = invoice([
      ['Invoice No.', 'HL-20935'],
      ['Invoice date', '14/03/2025'],
    ]).filter(([, y]) => y < 330);
    const r = await readDocument(await pagePdf([...head, ...lines, ...TOTALS_42]), {
      fileName: 'misjoin.pdf',
    });
    expect(r.items.map((it) => it.amount)).toEqual([18, 24]);
    expect(r.confidence.fields['items.1']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.pendingReview).toBe(true);
    // the same invoice with its one clean row goes through
    const plain = await readDocument(
      await pagePdf(
        invoice([
          ['Invoice No.', 'HL-20936'],
          ['Invoice date', '14/03/2025'],
        ]),
      ),
      { fileName: 'plain.pdf' },
    );
    expect(plain.confidence.fields['items.0']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    expect(plain.pendingReview).toBe(false);
  });

  it('is sure of a name with a "Label: value" note joined under it, not of a note with a name under it', async () => {
    const head = invoice([
      ['Invoice No.', 'HL-20937'],
      ['Invoice date', '14/03/2025'],
    ]).filter(([, y]) => y < 330);
    const row = (first: string, second: string): Text[] => [
      [60, 330, first],
      [330, 330, '2'],
      [400, 330, '12.00'],
      [480, 330, '24.00'],
      [60, 341, second],
    ];
    const read = async (first: string, second: string) =>
      readDocument(await pagePdf([...head, ...row(first, second), ...TOTALS_42]), { fileName: 'note.pdf' });
    const named = await read('Espresso beans dark', 'Size: 44');
    expect(named.items.map((it) => it.itemDesc)).toEqual(['Oat milk 1 l', 'Espresso beans dark Size: 44']);
    expect(named.confidence.fields['items.1']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    const noted = await read('Size: 44', 'Espresso beans dark');
    expect(noted.items[1]?.itemDesc).toBe('Size: 44 Espresso beans dark');
    expect(noted.confidence.fields['items.1']).toBeLessThan(STRAIGHT_THROUGH);
  });

  it("is as sure of an order's date under its label as of an invoice's (one rule, one table)", async () => {
    const invoice = await readDocument(await makePdf(enInvoice(3)), { fileName: 'invoice.pdf' });
    const order = await readDocument(
      await makePdf(
        enInvoice(3, {
          title: 'PURCHASE ORDER',
          labels: { ...EN_LABELS, number: 'Order No', date: 'Order Date' },
          order: undefined,
        }),
      ),
      { fileName: 'order.pdf' },
    );
    expect(order.documentType).toBe('order');
    expect(order.headers.orderDate).toBe(invoice.headers.invoiceDate);
    expect(order.confidence.fields['headers.orderDate']).toBe(
      invoice.confidence.fields['headers.invoiceDate'],
    );
    expect(order.confidence.fields['headers.orderDate']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('maps raw confidence to the measured share right, never lower for stronger evidence', () => {
    for (const bins of Object.values(CALIBRATION))
      for (let i = 1; i < bins.length; i++) expect(bins[i]![1]).toBeGreaterThanOrEqual(bins[i - 1]![1]);
    expect(calibrate({ 'no.such.field': 0.42 })).toEqual({ 'no.such.field': 0.42 });
  });

  it('never sends through a supplier name found by its place alone, however well such names were measured', () => {
    // raw 0.7: a company name chosen among rivals; 0.8: a company name at the top; 0.9: one the VAT id proves
    const placed = calibrate({ 'vendor.name': 0.7 })['vendor.name']!;
    expect(placed).toBeLessThan(STRAIGHT_THROUGH);
    expect(calibrate({ 'vendor.name': 0.8 })['vendor.name']).toBeLessThan(STRAIGHT_THROUGH);
    expect(placed).toBeGreaterThan(calibrate({ 'vendor.name': 0.45 })['vendor.name']!);
    expect(calibrate({ 'vendor.name': 0.9 })['vendor.name']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });
});
