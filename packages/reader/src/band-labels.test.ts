import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { extractHeaders } from './extract.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

const scanOf = (words: Word[]) => onePage(words, 'ocr', { grainy: true });

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
