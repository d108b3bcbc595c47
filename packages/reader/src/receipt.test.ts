import { afterAll, describe, expect, it } from 'vitest';
import { pdfOf } from './__tests__/make-docs.js';
import { renderPdfPage, toPng } from './image.js';
import { closeOcr } from './ocr.js';
import { createReader } from './pool.js';
import { readDocument } from './read.js';
import { receiptAmounts, recogniseVendor } from './receipt.js';

/** A till receipt in a monospace font, scanned at 150 dpi; `onA4`: placed on an A4 page scanned at 600 dpi. */
async function receiptPng(lines: string[], onA4 = false): Promise<Uint8Array> {
  const size: [number, number] = onA4 ? [595, 842] : [230, 40 + lines.length * 14];
  const pdf = await pdfOf({ size, margin: 12 }, (doc) => {
    doc.font('Courier').fontSize(9);
    const x = onA4 ? 180 : 12;
    lines.forEach((l, i) => {
      doc.text(l, x, (onA4 ? 120 : 20) + i * 14, { lineBreak: false });
    });
  });
  return toPng(await renderPdfPage(pdf, 1, onA4 ? 600 : 150, 60_000_000));
}

const SHOP = [
  'SUNRISE BAKERY SDN BHD',
  '12 JALAN MAWAR 3',
  '47400 PETALING JAYA',
  'TEL 03-7788 1234',
  'DATE: 14/08/2019   10:42',
  'CASHIER: AMY',
  'BREAD LOAF      2   4.50   9.00',
  'BUTTER          1  12.40  12.40',
];

afterAll(closeOcr);

describe('receipt amounts with OCR slips', () => {
  it('repairs letters for digits, a space or colon for the point, and skips times and dates', () => {
    expect(receiptAmounts('TOTAL RM 65. 20').map((a) => a.value)).toEqual([65.2]);
    expect(receiptAmounts('Total 1O.5O').map((a) => a.value)).toEqual([10.5]);
    expect(receiptAmounts('TotalGST . 3:08').map((a) => a.value)).toEqual([3.08]);
    expect(receiptAmounts('Date 06/03/2018 12:06:00 PM')).toEqual([]);
  });

  it('keeps an amount whose decimal point was lost, marked as loose', () => {
    expect(receiptAmounts('Total Sales (Excluding GST) 6142')).toEqual([{ value: 61.42, loose: true }]);
    expect(receiptAmounts('Total Items: 3')).toEqual([]);
  });
});

describe('receipts', () => {
  it('reads the total, date and vendor of a receipt scan', async () => {
    const png = await receiptPng([
      ...SHOP,
      'TOTAL           21.40',
      'CASH            50.00',
      'CHANGE          28.60',
    ]);
    const r = await readDocument(png, { fileName: 'receipt.png' });
    expect(r.documentType).toBe('receipt');
    expect(r.totals.invoiceTotal).toBe(21.4);
    expect(r.headers.invoiceDate).toBe('2019-08-14');
    expect(r.vendor.name).toBe('SUNRISE BAKERY SDN BHD');
    // a vendor nobody confirmed before is checked by a person, however well the passes agree
    expect(r.pendingReview).toBe(true);
  });

  it('reads a receipt scanned on an A4 page at 600 dpi within a few seconds', async () => {
    const png = await receiptPng(
      [...SHOP, 'TOTAL           21.40', 'CASH            50.00', 'CHANGE          28.60'],
      true,
    );
    const started = performance.now();
    const r = await readDocument(png, { fileName: 'a4-scan.png' });
    expect(r.totals.invoiceTotal).toBe(21.4);
    expect(r.headers.invoiceDate).toBe('2019-08-14');
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('takes the total from cash − change when the total line shows no amount', async () => {
    const png = await receiptPng([...SHOP, 'TOTAL', '', 'CASH            50.00', 'CHANGE          28.60']);
    const r = await readDocument(png, { fileName: 'receipt.png' });
    expect(r.totals.invoiceTotal).toBe(21.4);
  });
});

describe('vendors seen before', () => {
  const known = [
    { name: 'SUNRISE BAKERY SDN BHD', address: '12 JALAN MAWAR 3, 47400 PETALING JAYA' },
    { name: 'MOONLIGHT HARDWARE TRADING' },
  ];

  it('recognises a misread name or address and leaves unknown vendors alone', () => {
    expect(recogniseVendor({ name: 'SUNRlSE BAKERV SON BHD' }, [], known)?.vendor.name).toBe(
      'SUNRISE BAKERY SDN BHD',
    );
    expect(
      recogniseVendor({ name: 'cece', address: '12 JALAN MAWAR 3. 47400 PETALlNG JAYA' }, [], known)?.vendor
        .name,
    ).toBe('SUNRISE BAKERY SDN BHD');
    expect(recogniseVendor({ name: 'SUNSET BAKERY SDN BHD' }, [], known)).toBeUndefined();
    expect(recogniseVendor({ name: 'MOONLIGHT TRADING' }, [], known)).toBeUndefined();
  });

  it('gives a receipt the remembered spelling of its vendor, through the worker pool', async () => {
    const png = await receiptPng([
      'SUNRISE BAKERV SDN BHD',
      ...SHOP.slice(1),
      'TOTAL           21.40',
      'CASH            50.00',
      'CHANGE          28.60',
    ]);
    const reader = createReader({ workers: 1, timeoutMs: 60_000 });
    try {
      const r = await reader.read(png, { fileName: 'receipt.png', knownVendors: known });
      expect(r.vendor.name).toBe('SUNRISE BAKERY SDN BHD');
      expect(r.vendor.address).toBe('12 JALAN MAWAR 3, 47400 PETALING JAYA');
      // a recognised vendor, a total the arithmetic confirms and a date: no person needed
      expect(r.pendingReview).toBe(false);
      const unknown = await reader.read(png, { fileName: 'receipt.png' });
      expect(unknown.vendor.name).not.toBe('SUNRISE BAKERY SDN BHD');
      expect(unknown.pendingReview).toBe(true);
    } finally {
      await reader.close();
    }
  });
});
