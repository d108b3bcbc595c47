import { describe, expect, it } from 'vitest';
import { type DocItem, enInvoice, makePdf, pdfOf, scannedPdf } from './__tests__/make-docs.js';
import { renderPdfPage, toPng } from './image.js';
import { completeTotals, pickReading, rowsFromOther, totalFromNetAndVat } from './page-passes.js';
import { readDocument } from './read.js';
import { emptyResult, type TReaderResult } from './types.js';

/**
 * An invoice whose item rows are tall, grey-shaded, ruled cells: a bold italic number beside a description
 * of two lines, as ERP layouts print them. Amounts with a decimal comma.
 */
function shadedInvoice(): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('INVOICE', 40, 40);
    doc.font('Helvetica').fontSize(9);
    doc.text('Harbour Tools Ltd, 3 Quay Street, Bristol BS1 4DJ', 40, 70);
    doc.text('Invoice No: HT-5521', 380, 70).text('Date: 02/03/2024', 380, 84);
    doc.text('Bill to: Corner Shop Ltd, 9 High Street, Bath BA1 1AA', 40, 110);
    const cols = [40, 70, 300, 360, 400, 450, 510, 555];
    const head = ['#', 'Description', 'Unit price', 'Unit', 'Qty', 'Amount', 'VAT'];
    const rows = [
      ['1', 'Claw hammer 16oz', '12,50', 'PCE', '4,00', '50,00', '20,00%'],
      ['2', 'Chisel set', '30,00', 'PCE', '2,00', '60,00', '20,00%'],
      ['3', 'Tape measure 5m', '7,25', 'PCE', '8,00', '58,00', '20,00%'],
    ];
    const top = 160;
    const headH = 40;
    const rowH = 50;
    const rowTop = (r: number) => (r === 0 ? top : top + headH + (r - 1) * rowH);
    [head, ...rows].forEach((cells, r) => {
      const y = rowTop(r);
      const h = r === 0 ? headH : rowH;
      if (r > 0) doc.rect(cols[0]!, y, cols[7]! - cols[0]!, h).fill('#e6e6e6');
      cells.forEach((t, c) => {
        doc.fillColor('black').font(r ? 'Helvetica-BoldOblique' : 'Helvetica-Bold');
        doc.text(t, cols[c]! + 4, y + h / 2 - 5, {
          width: cols[c + 1]! - cols[c]! - 8,
          align: c >= 2 ? 'right' : 'left',
        });
        if (r && c === 1)
          doc
            .font('Helvetica-Oblique')
            .fillColor('#555555')
            .text('Period 01/02/2024 to 29/02/2024', 74, y + h / 2 + 6);
      });
    });
    doc.lineWidth(1.2).strokeColor('black');
    const bottom = rowTop(rows.length + 1);
    for (let r = 0; r <= rows.length + 1; r++) doc.moveTo(cols[0]!, rowTop(r)).lineTo(cols[7]!, rowTop(r));
    for (const x of cols) doc.moveTo(x, top).lineTo(x, bottom);
    doc.stroke();
    doc.fillColor('black').font('Helvetica');
    doc.text('Subtotal: 168,00', 400, bottom + 30).text('VAT 20%: 33,60', 400, bottom + 44);
    doc.text('Total: 201,60', 400, bottom + 58);
  });
}

function reading(items: TReaderResult['items'], net: number) {
  const r = emptyResult('x');
  Object.assign(r.headers, { invoiceNum: 'A-1', invoiceDate: '2024-03-02' });
  r.vendor.name = 'Supplier';
  Object.assign(r.totals, { net, vat: 0, invoiceTotal: net });
  r.items = items;
  return { r, ctx: { lines: [], decimal: 'dot' as const, dateOrder: 'dmy' as const, isReceipt: false } };
}

describe('page images read again when the table does not add up', () => {
  // the same page image read as it is, and as the only content of a PDF (a scanner's or phone app's output)
  it.each([
    ['a 150 dpi page image', 'shaded.png', async (png: Uint8Array) => png],
    ['a scanned one-page PDF, as a page image', 'scan.pdf', (png: Uint8Array) => scannedPdf([png])],
  ])('reads every price of tall, shaded, ruled item rows of %s', async (_, fileName, asFile) => {
    const png = await toPng(await renderPdfPage(await shadedInvoice(), 1, 150, 40_000_000));
    const r = await readDocument(await asFile(png), { fileName });
    expect(r.source).toBe('ocr');
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [4, 12.5, 50],
      [2, 30, 60],
      [8, 7.25, 58],
    ]);
    expect(r.totals.invoiceTotal).toBe(201.6);
    expect(r.issues).toEqual([]);
  });

  it('reads a scanned two-page PDF whose item table continues on the second page', async () => {
    const items: DocItem[] = Array.from({ length: 8 }, (_, i) => ({
      code: `K-${310 + i}`,
      desc: [`Cable ties ${100 + 50 * i} mm`],
      qty: i + 2,
      price: 3.5,
      amount: (i + 2) * 3.5,
    }));
    const subtotal = items.reduce((a, i) => a + i.amount, 0);
    const vat = Math.round(subtotal * 20) / 100;
    const text = await makePdf(
      enInvoice(3, { items, subtotal, net: subtotal, vat, total: subtotal + vat, rowsPerPage: 5 }),
    );
    const pngs = [
      await toPng(await renderPdfPage(text, 1, 150, 40_000_000)),
      await toPng(await renderPdfPage(text, 2, 150, 40_000_000)),
    ];
    const r = await readDocument(await scannedPdf(pngs), { fileName: 'scan.pdf' });
    expect(r.source).toBe('ocr');
    expect(r.pages).toBe(2);
    expect(r.items.map((i) => [i.itemCode, i.itemQty, i.amount])).toEqual(
      items.map((i) => [i.code, i.qty, i.amount]),
    );
    expect(r.totals).toMatchObject({ subtotal, vat, invoiceTotal: subtotal + vat });
    expect(r.issues).toEqual([]);
  });

  it('prefers the reading whose rows multiply out, and one that found the rows over one that lost them', () => {
    const good = reading([{ itemDesc: 'Bolt', itemQty: 2, price: 5, amount: 10 }], 10);
    const slip = reading([{ itemDesc: 'Bolt', itemQty: 200, price: 5, amount: 10 }], 10);
    const none = reading([], 10);
    expect(pickReading([slip, good])).toBe(good);
    expect(pickReading([none, slip])).toBe(slip);
    expect(pickReading([good, slip])).toBe(good);
  });

  it('prefers a reading whose rows do not carry their own prices in their descriptions, though its lines miss the subtotal', () => {
    const rows = (merged: boolean): TReaderResult['items'] => [
      merged
        ? { itemDesc: 'Steel bracket 40 mm 101 1,661.74', itemQty: 1, price: 1, amount: 1.01 }
        : { itemDesc: 'Steel bracket 40 mm', itemQty: 101, price: 1661.74, amount: 167835.74 },
      { itemDesc: merged ? '1,189.62 Labour' : 'Labour', itemQty: 119, price: 1189.62, amount: 141564.78 },
      {
        itemDesc: merged ? 'Packing tape 1,695.84' : 'Packing tape',
        itemQty: 1,
        price: 1695.84,
        amount: 1695.84,
      },
      { itemDesc: 'Cable 2,50 m', itemQty: 5, price: 6.75, amount: 33.75 },
    ];
    // the first reading's last row is wrong, so its lines miss the subtotal; the other reading found no subtotal
    const first = reading(rows(false), 311130);
    first.r.totals.subtotal = 311200;
    const second = reading(rows(true), 311130);
    expect(pickReading([first, second])).toBe(first);
    expect(pickReading([second, first])).toBe(first);
  });
});

describe("a reading's rows completed from the other reading of the page", () => {
  it('takes the quantity and price of a row the kept reading gave one unit at its amount, where the other multiplies out', () => {
    const kept = reading(
      [
        { itemDesc: 'Service fee 01/2025', itemQty: 1, price: 865.34, amount: 865.34 },
        { itemDesc: 'Ink cartridge cyan', itemQty: 1, price: 6910.5, amount: 6910.5 },
        { itemDesc: 'Glass cleaner 5 l', amount: 976.13 },
        { itemDesc: 'Coffee beans 1 kg', itemQty: 1, price: 72.18, amount: 72.18 },
      ],
      8824.15,
    );
    const other = reading(
      [
        { itemDesc: 'Service fee 01/2025', amount: 865.34 },
        // the net unit price printed rounded (57,59 for 57,5875): 120 × 57,59 is 30 cents off
        { itemDesc: 'Ink cartridge cyan', itemQty: 120, price: 57.59, amount: 6910.5 },
        { itemDesc: 'Glass cleaner 51', itemQty: 13, price: 75.0869, amount: 976.13 },
        // a quantity that does not multiply out is no evidence
        { itemDesc: 'Coffee beans 1 kg', itemQty: 7, price: 8.02, amount: 72.18 },
      ],
      8824.15,
    );
    expect(rowsFromOther(kept.r, other.r)).toBe(2);
    expect(kept.r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 865.34, 865.34],
      [120, 57.59, 6910.5],
      [13, 75.0869, 976.13],
      [1, 72.18, 72.18],
    ]);
  });

  it('leaves a row whose other reading is its own numbers in swapped roles (the amount as quantity, price 1)', () => {
    const kept = reading(
      [
        { itemDesc: 'Service fee', itemQty: 1, price: 98.96, amount: 98.96 },
        { itemDesc: 'Paper A4', itemQty: 104, price: 14.5, amount: 1508 },
      ],
      1606.96,
    );
    const other = reading(
      [
        { itemDesc: 'Service fee', itemQty: 98.96, price: 1, amount: 98.96 },
        { itemDesc: 'Paper A4', itemQty: 104, price: 14.5, amount: 1508 },
      ],
      1606.96,
    );
    expect(rowsFromOther(kept.r, other.r)).toBe(0);
    expect(kept.r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 98.96, 98.96],
      [104, 14.5, 1508],
    ]);
  });
});

describe("a reading's totals completed from the other reading of the page", () => {
  const box = (y: number) => ({ page: 1, x: 0.8, y, w: 0.1, h: 0.01 });
  function totals(t: TReaderResult['totals'], items: number[] = []) {
    const r = emptyResult('x');
    r.totals = { ...t };
    r.items = items.map((amount, i) => ({ itemDesc: `Item ${i}`, itemQty: 1, price: amount, amount }));
    const ys = { net: 0.5, vat: 0.52, invoiceTotal: 0.54 } as Record<string, number>;
    for (const k of Object.keys(t)) if (ys[k]) r.boxes[`totals.${k}`] = box(ys[k]!);
    return r;
  }

  it('takes the total one reading lost from the other where net + VAT = total holds', () => {
    const kept = totals({ net: 16127.92, vat: 3225.58, subtotal: 16127.92 }, [16127.92]);
    const other = totals({ net: 16127.92, vat: 3225.58, invoiceTotal: 19353.5 });
    expect(completeTotals(kept, other)).toBe(true);
    expect(kept.totals).toEqual({ net: 16127.92, vat: 3225.58, subtotal: 16127.92, invoiceTotal: 19353.5 });
    expect(kept.boxes['totals.invoiceTotal']).toEqual(box(0.54));
  });

  it("replaces the one amount that breaks the kept reading's arithmetic", () => {
    const kept = totals({ net: 129097.39, vat: 11621.77, invoiceTotal: 5.25 });
    const other = totals({ net: 129097.39, vat: 214, invoiceTotal: 140719.16 });
    expect(completeTotals(kept, other)).toBe(true);
    expect(kept.totals).toEqual({ net: 129097.39, vat: 11621.77, invoiceTotal: 140719.16 });
  });

  it('takes nothing that does not add up, breaks the lines that added up, or fills two roles from one amount', () => {
    const wrong = totals({ net: 100, vat: 20 });
    expect(completeTotals(wrong, totals({ net: 100, vat: 20, invoiceTotal: 130 }))).toBe(false);
    expect(wrong.totals.invoiceTotal).toBeUndefined();
    // the kept lines add up to the net: a net from the other reading that does not is no completion
    const lines = totals({ vat: 30, invoiceTotal: 120 }, [60, 40]);
    expect(completeTotals(lines, totals({ net: 90, vat: 20, invoiceTotal: 110 }))).toBe(false);
    // the net printed once and read as the total too (a "Net total" line): not two amounts
    const once = totals({ net: -89.79, vat: 0 });
    const other = totals({ net: -89.79, vat: 0, invoiceTotal: -89.79 });
    other.boxes['totals.invoiceTotal'] = box(0.5);
    expect(completeTotals(once, other)).toBe(false);
    // totals that add up are kept as they are
    const fine = totals({ net: 100, vat: 20, invoiceTotal: 120 });
    expect(completeTotals(fine, totals({ net: 100, vat: 25, invoiceTotal: 125 }))).toBe(false);
  });

  it('makes up a total lost in both readings from the net and VAT when the lines add up to the net and the VAT is one rate of it', () => {
    const lost = totals({ net: 250, vat: 47.5 }, [100, 150]);
    expect(totalFromNetAndVat(lost)).toBe(true);
    expect(lost.totals.invoiceTotal).toBe(297.5);
    expect(lost.confidence.fields['totals.invoiceTotal']).toBe(0.6);
    // the lines do not add up to the net, or the VAT is no rate of it, or no lines: nothing made up
    for (const r of [
      totals({ net: 250, vat: 47.5 }, [100, 140]),
      totals({ net: 250, vat: 47.3 }, [100, 150]),
      totals({ net: 250, vat: 47.5 }),
    ]) {
      expect(totalFromNetAndVat(r)).toBe(false);
      expect(r.totals.invoiceTotal).toBeUndefined();
    }
    // a printed total stays
    const printed = totals({ net: 250, vat: 47.5, invoiceTotal: 290 }, [100, 150]);
    expect(totalFromNetAndVat(printed)).toBe(false);
    expect(printed.totals.invoiceTotal).toBe(290);
  });
});
