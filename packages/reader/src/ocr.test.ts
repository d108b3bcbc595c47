import { describe, expect, it } from 'vitest';
import { enInvoice, makePdf, pdfOf } from './__tests__/make-docs.js';
import { crop, estimateSkew, renderPdfPage, rotate, toPng } from './image.js';
import { blankRowNearMiddle, closeOcr, nativeTesseractLangs, ocrImage, ocrPage } from './ocr.js';
import { readDocument } from './read.js';

describe('images and scanned pages', () => {
  it('reads an invoice rendered to a PNG (OCR, no text layer)', async () => {
    const spec = enInvoice(7);
    const page = await renderPdfPage(await makePdf(spec), 1, 200, 40_000_000);
    const r = await readDocument(await toPng(page), { fileName: 'scan.png' });
    expect(r.source).toBe('ocr');
    expect(r.headers.invoiceNum).toBe('INV-2024-0007');
    expect(r.headers.invoiceDate).toBe('2024-03-14');
    expect(r.totals.invoiceTotal).toBe(spec.total);
    expect(r.items.length).toBe(2);
  });

  it('reads the small print of a page image scanned at 150 dpi', async () => {
    const spec = enInvoice(11, { font: 6 });
    const page = await renderPdfPage(await makePdf(spec), 1, 150, 40_000_000);
    const r = await readDocument(await toPng(page), { fileName: 'small-print.png' });
    expect(r.documentType).toBe('invoice');
    expect(r.headers.invoiceNum).toBe('INV-2024-0011');
    expect(r.totals.invoiceTotal).toBe(spec.total);
    expect(r.items.map((i) => i.amount)).toEqual(spec.items.map((i) => i.amount));
  });

  it('OCRs a PDF page that has no text layer', async () => {
    const spec = enInvoice(8);
    const png = await toPng(await renderPdfPage(await makePdf(spec), 1, 200, 40_000_000));
    const pdf = await pdfOf({ size: [595, 842], margin: 20 }, (d) =>
      d.image(Buffer.from(png), 0, 0, { width: 595 }),
    );
    const r = await readDocument(pdf, { fileName: 'image-only.pdf' });
    expect(r.source).toBe('ocr');
    expect(r.headers.invoiceNum).toBe('INV-2024-0008');
    expect(r.totals.invoiceTotal).toBe(spec.total);
  });

  it('finds and corrects the skew of a scan', async () => {
    const page = await renderPdfPage(await makePdf(enInvoice(9)), 1, 100, 40_000_000);
    const skewed = rotate(page, 3);
    const est = estimateSkew(skewed);
    expect(Math.abs(Math.abs(est) - 3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(estimateSkew(rotate(skewed, -est)))).toBeLessThanOrEqual(0.5);
  });

  it('leaves a straight scan straight, whatever the parity of its height', async () => {
    const page = await renderPdfPage(await makePdf(enInvoice(9)), 1, 100, 40_000_000);
    for (const rows of [page.height - (page.height % 2), page.height - (page.height % 2) - 1])
      expect(Math.abs(estimateSkew(crop(page, 0, 0, 1, rows / page.height)))).toBeLessThanOrEqual(0.5);
  });

  it('runs tesseract.js offline with the npm traineddata (no native binary needed)', async () => {
    const pdf = await pdfOf({ size: [420, 130], margin: 20 }, (d) => {
      d.font('Helvetica').fontSize(28).text('Invoice No: INV-42', 20, 20);
      d.text('Total: 1,234.56', 20, 70);
    });
    const img = await renderPdfPage(pdf, 1, 150, 10_000_000);
    const words = await ocrImage(img, 1, { psm: 6, engine: 'wasm', langs: ['eng'] });
    const text = words.map((w) => w.text).join(' ');
    expect(text).toContain('INV-42');
    expect(text).toContain('1,234.56');
    expect(words[0]!.x0).toBeGreaterThanOrEqual(0);
    await closeOcr();
  });

  it('cuts a page for its two halves between blocks of text, never through a line', async () => {
    // letterhead at the top, a block of lines around the middle with small gaps, a wide gap, then more lines
    const pdf = await pdfOf({ size: [420, 600], margin: 20 }, (d) => {
      d.font('Helvetica').fontSize(12);
      for (let i = 0; i < 12; i++) d.text(`Line ${i} of the first block`, 20, 150 + i * 14);
      for (let i = 0; i < 8; i++) d.text(`Line ${i} of the second block`, 20, 360 + i * 14);
    });
    const img = await renderPdfPage(pdf, 1, 150, 10_000_000);
    const cut = blankRowNearMiddle(img)!;
    // the widest blank band of the middle third lies between the blocks (points 318–360 at 150 dpi)
    expect(cut / img.height).toBeGreaterThan(318 / 600);
    expect(cut / img.height).toBeLessThan(360 / 600);
    expect(blankRowNearMiddle({ width: 10, height: 90, data: new Uint8Array(900) })).toBeNull();
  });

  it('reads a page as two halves at once, each word where it stands on the page', async () => {
    const pdf = await pdfOf({ size: [420, 600], margin: 20 }, (d) => {
      d.font('Helvetica').fontSize(20).text('Invoice No: INV-42', 20, 60);
      d.text('Total: 1,234.56', 20, 480);
    });
    const img = await renderPdfPage(pdf, 1, 150, 10_000_000);
    const whole = await ocrImage(img, 1, { psm: 3, engine: 'wasm', langs: ['eng'] });
    const halves = await ocrPage(img, 1, { psm: 3, engine: 'wasm', langs: ['eng'] });
    const at = (ws: typeof whole, t: string) => ws.find((w) => w.text === t)!;
    for (const t of ['INV-42', '1,234.56']) {
      expect(at(halves, t).y0).toBeCloseTo(at(whole, t).y0, 3);
      expect(at(halves, t).x0).toBeCloseTo(at(whole, t).x0, 3);
    }
    await closeOcr();
  });

  it('says whether native tesseract is installed', () => {
    const langs = nativeTesseractLangs();
    expect(langs === null || Array.isArray(langs)).toBe(true);
  });
});
