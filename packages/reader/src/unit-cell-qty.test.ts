import { describe, expect, it } from 'vitest';
import { ocrRow, onePage } from './__tests__/scan-words.js';
import { extractItems } from './items.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

const itemsOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
  extractItems(contextOf(onePage(words, source))).items.map((i) => [
    i.itemDesc,
    i.itemQty,
    i.price,
    i.unitOfMeasure,
    i.amount,
  ]);

/**
 * A German table with quantity and unit columns but no unit price, as a scan reads it: in two rows OCR ran the
 * narrow quantity "1" into the unit cell beside it ("1 Karton" standing under "Einheit").
 */
const table: Word[] = [
  ...ocrRow(0.3, [
    [0.08, 0.19, 'Artikelbezeichnung'],
    [0.64, 0.68, 'Menge'],
    [0.7, 0.74, 'Einheit'],
    [0.82, 0.87, 'Gesamt'],
  ]),
  ...ocrRow(0.32, [
    [0.08, 0.19, 'Monthly leasing fee'],
    [0.672, 0.675, '1'],
    [0.7, 0.735, 'Karton'],
    [0.83, 0.868, '32,04'],
  ]),
  ...ocrRow(0.34, [
    [0.08, 0.2, 'LED panel 60 x 60 cm'],
    [0.672, 0.735, '1 Karton'],
    [0.816, 0.865, '2.316,98'],
  ]),
  ...ocrRow(0.36, [
    [0.08, 0.2, 'Safety gloves size 9'],
    [0.664, 0.677, '19'],
    [0.7, 0.71, 'kg'],
    [0.827, 0.865, '743,66'],
  ]),
  ...ocrRow(0.38, [
    [0.08, 0.2, 'Cable tie black'],
    [0.672, 0.716, '1 Std'],
    [0.834, 0.865, '74,76'],
  ]),
];

describe("a scan's quantity run into the unit cell", () => {
  it('reads the number that starts a unit cell as the quantity where the row has none under the quantity heading', () => {
    expect(itemsOf(table)).toEqual([
      ['Monthly leasing fee', 1, 32.04, 'Karton', 32.04],
      ['LED panel 60 x 60 cm', 1, 2316.98, 'Karton', 2316.98],
      ['Safety gloves size 9', 19, 39.14, 'kg', 743.66],
      ['Cable tie black', 1, 74.76, 'Std', 74.76],
    ]);
  });
});
