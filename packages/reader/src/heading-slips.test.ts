import { describe, expect, it } from 'vitest';
import { ocrRow, onePage } from './__tests__/scan-words.js';
import { extractItems, mendHeadingSlips, oneSlipLabel } from './items.js';
import { cellOf } from './layout.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

const itemsOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
  extractItems(contextOf(onePage(words, source))).items.map((i) => [
    i.itemCode,
    i.itemDesc,
    i.itemQty,
    i.price,
    i.amount,
  ]);

/** A French table whose code column OCR headed "Coda article" ("Code article" a letter off). */
const codeTable = (code: string): Word[] => [
  ...ocrRow(0.3, [
    [0.1, 0.19, `${code} article`],
    [0.2, 0.28, 'Description'],
    [0.57, 0.63, 'Quantité'],
    [0.69, 0.74, 'P.U. HT'],
    [0.77, 0.81, 'TVA %'],
    [0.88, 0.93, 'Montant'],
  ]),
  ...ocrRow(0.32, [
    [0.1, 0.14, 'X6110'],
    [0.2, 0.36, 'Wall plug 8 mm (100 pcs)'],
    [0.62, 0.63, '1'],
    [0.7, 0.74, '76,65'],
    [0.78, 0.8, '10%'],
    [0.89, 0.93, '76,65'],
  ]),
  ...ocrRow(0.34, [
    [0.1, 0.14, 'P0773'],
    [0.2, 0.35, 'Kopierpapier A4 80 g'],
    [0.62, 0.63, '9'],
    [0.7, 0.74, '78,56'],
    [0.78, 0.8, '10%'],
    [0.88, 0.93, '707,04'],
  ]),
  ...ocrRow(0.36, [
    [0.2, 0.33, 'Office chair ergonomic'],
    [0.62, 0.63, '1'],
    [0.68, 0.74, '1.515,29'],
    [0.78, 0.8, '5,5%'],
    [0.87, 0.93, '1.515,29'],
  ]),
];

describe('heading words OCR read a letter off', () => {
  it('reads the codes and names of a scanned table whose "Code article" heading OCR read as "Coda article"', () => {
    const want = [
      ['X6110', 'Wall plug 8 mm (100 pcs)', 1, 76.65, 76.65],
      ['P0773', 'Kopierpapier A4 80 g', 9, 78.56, 707.04],
      [undefined, 'Office chair ergonomic', 1, 1515.29, 1515.29],
    ];
    expect(itemsOf(codeTable('Code'))).toEqual(want);
    expect(itemsOf(codeTable('Coda'))).toEqual(want);
  });

  it('takes a slip for a label only where one label is a letter off and the row names that column nowhere else', () => {
    expect(oneSlipLabel('Coda')).toEqual({ text: 'Code', kind: 'code' });
    expect(oneSlipLabel('Artikelnummar')).toEqual({ text: 'Artikelnummer', kind: 'code' });
    // a label read right, a word with a digit, and words of three letters, where a letter off is too often another
    // word ("Som", Dutch for the sum, is a letter off "UoM"; "USD" off "UST")
    expect(oneSlipLabel('Code')).toBeUndefined();
    expect(oneSlipLabel('C0da')).toBeUndefined();
    expect(oneSlipLabel('Som')).toBeUndefined();
    expect(oneSlipLabel('USD')).toBeUndefined();
    // "Mwst" is a label, "Mast" a letter off it; the row names its VAT column already: the heading keeps its word
    const rows = [
      ...ocrRow(0.3, [
        [0.1, 0.14, 'Mast'],
        [0.2, 0.28, 'Description'],
        [0.57, 0.63, 'Qty'],
        [0.69, 0.74, 'Price'],
        [0.77, 0.81, 'VAT'],
        [0.88, 0.93, 'Amount'],
      ]),
      ...ocrRow(0.32, [
        [0.1, 0.14, 'M-100'],
        [0.2, 0.36, 'Wall plug 8 mm'],
        [0.62, 0.63, '2'],
        [0.7, 0.74, '10.00'],
        [0.78, 0.8, '20%'],
        [0.89, 0.93, '20.00'],
      ]),
      ...ocrRow(0.34, [
        [0.1, 0.14, 'M-200'],
        [0.2, 0.35, 'Copy paper A4'],
        [0.62, 0.63, '3'],
        [0.7, 0.74, '5.00'],
        [0.78, 0.8, '20%'],
        [0.88, 0.93, '15.00'],
      ]),
    ];
    expect(itemsOf(rows).map((r) => [r[2], r[3], r[4]])).toEqual([
      [2, 10, 20],
      [3, 5, 15],
    ]);
  });

  it('leaves a footer line with digits as read, though two of its words are labels ("N°", "TVA")', () => {
    const cells = [
      cellOf(ocrRow(0.93, [[0.36, 0.55, 'N° TVA intracom. FR23012244406']])),
      cellOf(ocrRow(0.93, [[0.64, 0.76, 'Crédit Agricole SA']])),
    ];
    expect(mendHeadingSlips(cells).map((c) => c.text)).toEqual(cells.map((c) => c.text));
  });

  it('reads the unit of a cell where OCR ran the quantity into it ("43 pce" under "Unité")', () => {
    const words = [
      ...ocrRow(0.3, [
        [0.1, 0.3, 'Article'],
        [0.55, 0.57, 'Nb'],
        [0.6, 0.64, 'Unité'],
        [0.7, 0.73, 'PU'],
        [0.88, 0.93, 'Valeur'],
      ]),
      ...ocrRow(0.32, [
        [0.1, 0.3, 'Cable tie black 200 mm'],
        [0.555, 0.62, '43 pce'],
        [0.7, 0.74, '31,17'],
        [0.88, 0.93, '1 340,31'],
      ]),
      ...ocrRow(0.34, [
        [0.1, 0.3, 'Monthly leasing fee'],
        [0.565, 0.57, '1'],
        [0.6, 0.63, 'kg'],
        [0.7, 0.74, '1 636,61'],
        [0.88, 0.93, '1 636,61'],
      ]),
    ];
    const items = extractItems(contextOf(onePage(words))).items;
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.unitOfMeasure, i.price, i.amount])).toEqual([
      ['Cable tie black 200 mm', 43, 'pce', 31.17, 1340.31],
      ['Monthly leasing fee', 1, 'kg', 1636.61, 1636.61],
    ]);
  });
});
