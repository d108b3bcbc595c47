import { describe, expect, it } from 'vitest';
import { extractHeaders } from './extract.js';
import { contextOf, type DocumentWords } from './read.js';
import type { Word } from './types.js';

/** Words at height `y` (page fractions): each [x0, x1, text] spread evenly over its words. */
function row(y: number, cells: [number, number, string][]): Word[] {
  return cells.flatMap(([x0, x1, text]) => {
    const parts = text.split(' ');
    const w = (x1 - x0) / parts.length;
    return parts.map((t, i) => ({
      text: t,
      page: 1,
      x0: x0 + i * w,
      x1: x0 + (i + 1) * w - 0.002,
      y0: y,
      y1: y + 0.01,
      conf: 0.9,
    }));
  });
}

function scanOf(words: Word[]): DocumentWords {
  return {
    pages: [{ page: 1, width: 1654, height: 2339, words, source: 'ocr', grainy: true }],
    numPages: 1,
    source: 'ocr',
    attachments: [],
    kind: 'png',
  };
}

describe('a band of header labels OCR ran together', () => {
  // "Invoice no." and "Date" stand under two letter heights apart (one cell on a grainy scan),
  // as do "Print date" and "Your VAT no."; each starts where its value does on the line under it
  const words = [
    ...row(0.05, [[0.1, 0.3, 'Nordwind Supplies Ltd']]),
    ...row(0.28, [
      [0.095, 0.22, 'Invoice no.'],
      [0.235, 0.265, 'Date'],
      [0.375, 0.46, 'Order date'],
      [0.515, 0.64, 'Print date'],
      [0.655, 0.75, 'Your VAT no.'],
    ]),
    ...row(0.295, [
      [0.095, 0.192, 'QX 7731-50'],
      [0.235, 0.324, '17.03.2025'],
      [0.375, 0.464, '11.03.2025'],
      [0.516, 0.6, '20.03.2025'],
      [0.655, 0.753, 'GB123456789'],
    ]),
  ];

  it('gives each label the value under it', () => {
    const h = extractHeaders(contextOf(scanOf(words)));
    expect(h.invoiceNum?.value).toBe('QX 7731-50');
    // read under its label (not the page's first date, taken when no label is found)
    expect(h.invoiceDate).toMatchObject({ value: '2025-03-17', box: { x: 0.235 } });
    expect(h.orderDate?.value).toBe('2025-03-11');
  });
});
