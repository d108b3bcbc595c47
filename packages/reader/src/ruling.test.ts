import { describe, expect, it } from 'vitest';
import { pdfOf } from './__tests__/make-docs.js';
import { type Gray, renderPdfPage, toPng } from './image.js';
import { readDocument } from './read.js';
import { removeRulingLines } from './ruling.js';

/** An invoice whose item table has ruled, grey-shaded cells with bold italic numbers, as many ERPs print. */
function ruledInvoice(): Promise<Uint8Array> {
  return pdfOf({ size: 'A4', margin: 40 }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('INVOICE', 40, 40);
    doc.font('Helvetica').fontSize(9);
    doc.text('Harbour Tools Ltd, 3 Quay Street, Bristol BS1 4DJ', 40, 70);
    doc.text('Invoice No: HT-5521', 380, 70).text('Date: 02/03/2024', 380, 84);
    doc.text('Bill to: Corner Shop Ltd, 9 High Street, Bath BA1 1AA', 40, 110);
    const cols = [40, 90, 330, 400, 460, 555];
    const head = ['Line', 'Description', 'Unit price', 'Qty', 'Amount'];
    const rows = [
      ['1', 'Claw hammer 16oz', '12.50', '4.00', '50.00'],
      ['2', 'Chisel set', '30.00', '2.00', '60.00'],
      ['3', 'Tape measure 5m', '7.25', '8.00', '58.00'],
    ];
    const rowH = 38;
    const top = 160;
    [head, ...rows].forEach((cells, r) => {
      const y = top + r * rowH;
      if (r > 0) doc.rect(cols[0]!, y, cols[5]! - cols[0]!, rowH).fill('#e6e6e6');
      doc.fillColor('black').font(r ? 'Helvetica-BoldOblique' : 'Helvetica-Bold');
      cells.forEach((t, c) => {
        doc.text(t, cols[c]! + 4, y + 14, {
          width: cols[c + 1]! - cols[c]! - 8,
          align: c >= 2 ? 'right' : 'left',
        });
      });
    });
    doc.lineWidth(1.2);
    for (let r = 0; r <= rows.length + 1; r++)
      doc.moveTo(cols[0]!, top + r * rowH).lineTo(cols[5]!, top + r * rowH);
    for (const x of cols) doc.moveTo(x, top).lineTo(x, top + (rows.length + 1) * rowH);
    doc.stroke();
    doc.font('Helvetica').fontSize(9);
    doc.text('Subtotal: 168.00', 400, 340).text('VAT 20%: 33.60', 400, 354).text('Total: 201.60', 400, 368);
  });
}

describe('ruled tables in page images', () => {
  it('whitens long rules and keeps letter strokes', () => {
    const w = 200;
    const img: Gray = { width: w, height: 100, data: new Uint8Array(w * 100).fill(255) };
    for (let x = 10; x < 190; x++) img.data[50 * w + x] = 0; // a rule
    for (let y = 5; y < 95; y++) img.data[y * w + 100] = 0; // a border
    for (let y = 20; y < 30; y++) img.data[y * w + 20] = 0; // a letter stem
    const out = removeRulingLines(img, 40);
    expect(out.data[50 * w + 60]).toBe(255);
    expect(out.data[70 * w + 100]).toBe(255);
    expect(out.data[25 * w + 20]).toBe(0);
  });

  it('reads the numbers in ruled, shaded cells of a 150 dpi page image', async () => {
    const page = await renderPdfPage(await ruledInvoice(), 1, 150, 40_000_000);
    const r = await readDocument(await toPng(page), { fileName: 'ruled.png' });
    expect(r.headers.invoiceNum).toBe('HT-5521');
    expect(r.items.map((i) => i.amount)).toEqual([50, 60, 58]);
    expect(r.totals.invoiceTotal).toBe(201.6);
  });
});
