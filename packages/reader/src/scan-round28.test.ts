import { describe, expect, it } from 'vitest';
import { itemsOf, ocrRow as row } from './__tests__/scan-words.js';
import { eszettRead } from './items.js';
import { swapsFromOther } from './page-passes.js';
import { emptyResult, type TReaderResult } from './types.js';

describe('a scanned description’s ß that the English model read as B', () => {
  it('reads the B back as ß at a word’s end or before e, en, er, t; not capitals of words run together', () => {
    expect(eszettRead('Arbeitsjacke Farbe: weiB, GroBe 52')).toBe('Arbeitsjacke Farbe: weiß, Große 52');
    expect(eszettRead('Dichtung groBer Ring, Pinsel weiB')).toBe('Dichtung großer Ring, Pinsel weiß');
    // (capitals of words run together, abbreviations and single letters are left as read)
    for (const t of ['PowerBank 10000 mAh', 'MacBook Air 13', 'USB-Kabel 2 m', 'Bohrer B 12', 'eBay Gebühr'])
      expect(eszettRead(t)).toBe(t);
  });

  /** a heading, one row whose description OCR read with a B for the ß, and the totals */
  const page = (desc: string) => [
    ...row(0.28, [
      [0.09, 0.25, 'Beschreibung'],
      [0.55, 0.6, 'Menge'],
      [0.68, 0.78, 'Einzelpreis'],
      [0.85, 0.9, 'Betrag'],
    ]),
    ...row(0.3, [
      [0.09, 0.35, desc],
      [0.57, 0.6, '12'],
      [0.73, 0.78, '8,50'],
      [0.85, 0.9, '102,00'],
    ]),
    ...row(0.34, [
      [0.6, 0.75, 'Summe netto'],
      [0.85, 0.9, '102,00'],
    ]),
  ];

  it('mends the item rows of a scan', () => {
    expect(itemsOf(page('Arbeitshose GroBe 52')).map((i) => i.itemDesc)).toEqual(['Arbeitshose Große 52']);
  });
});

describe('a scan’s quantities printed with decimals under a heading the labels do not know', () => {
  /** Pos | Text | (a quantity heading OCR garbled) | Summe: no unit price printed, quarter quantities */
  const page = [
    ...row(0.28, [
      [0.08, 0.11, 'Pos'],
      [0.2, 0.26, 'Text'],
      [0.66, 0.71, 'Stick'],
      [0.8, 0.86, 'Summe'],
    ]),
    ...row(0.3, [
      [0.09, 0.1, '1'],
      [0.2, 0.4, 'Kabelbinder schwarz'],
      [0.68, 0.71, '1'],
      [0.8, 0.86, '2.213,55'],
    ]),
    ...row(0.32, [
      [0.09, 0.1, '2'],
      [0.2, 0.4, 'Montagearbeiten'],
      [0.66, 0.71, '17,25'],
      [0.82, 0.86, '623,59'],
    ]),
    ...row(0.34, [
      [0.09, 0.1, '3'],
      [0.2, 0.4, 'Wartungsstunden'],
      [0.66, 0.71, '13,25'],
      [0.8, 0.86, '17.056,33'],
    ]),
    ...row(0.36, [
      [0.09, 0.1, '4'],
      [0.2, 0.4, 'Leasingrate Kopierer'],
      [0.66, 0.71, '84,75'],
      [0.8, 0.86, '4.095,12'],
    ]),
    ...row(0.4, [
      [0.6, 0.75, 'Summe netto'],
      [0.8, 0.86, '23.988,59'],
    ]),
  ];

  it('reads them as quantities, not as unit prices with quantities of 36,15', () => {
    expect(itemsOf(page).map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 2213.55, 2213.55],
      [17.25, 36.15, 623.59],
      [13.25, 1287.27, 17056.33],
      [84.75, 48.32, 4095.12],
    ]);
  });
});

describe('a scan’s barcode that a reading set under the quantity heading', () => {
  /** Menge over a GTIN (the segmentation moved the barcode into the quantity's place), no quantity printed */
  const page = [
    ...row(0.28, [
      [0.09, 0.25, 'Beschreibung'],
      [0.5, 0.55, 'Menge'],
      [0.68, 0.78, 'Einzelpreis'],
      [0.85, 0.9, 'Betrag'],
    ]),
    ...row(0.3, [
      [0.09, 0.3, 'Wartungsvertrag'],
      [0.45, 0.6, '4006381333931'],
      [0.84, 0.9, '1.953,71'],
    ]),
    ...row(0.32, [
      [0.09, 0.3, 'Kopierpapier A4'],
      [0.57, 0.6, '12'],
      [0.73, 0.78, '4,50'],
      [0.86, 0.9, '54,00'],
    ]),
    ...row(0.36, [
      [0.6, 0.75, 'Summe netto'],
      [0.84, 0.9, '2.007,71'],
    ]),
  ];

  it('is no quantity', () => {
    expect(itemsOf(page).map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Wartungsvertrag', undefined, 1953.71],
      ['Kopierpapier A4', 12, 54],
    ]);
  });

  it('leaves an amount of eight digits whose separator OCR lost, though its last digit checks as a GTIN-8’s', () => {
    const amountLost = [
      ...page.slice(0, 4),
      ...row(0.3, [
        [0.09, 0.3, 'Hydraulikpresse'],
        [0.57, 0.6, '2'],
        [0.72, 0.78, '61.728,09'],
        [0.84, 0.9, '12345618'],
      ]),
      ...row(0.36, [
        [0.6, 0.75, 'Summe netto'],
        [0.82, 0.9, '123.456,18'],
      ]),
    ];
    expect(itemsOf(amountLost).map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [2, 61728.09, 123456.18],
    ]);
  });
});

describe('a row whose two readings swapped its quantity and unit price', () => {
  const reading = (items: TReaderResult['items']) => {
    const r = emptyResult('x');
    r.items = items;
    return r;
  };

  it('takes the roles where the quantity is the rounder number', () => {
    const kept = reading([
      { itemDesc: 'Steel bracket 40 mm', itemQty: 862.65, price: 27, amount: 23291.55 },
      { itemDesc: 'Glass cleaner 5 l', itemQty: 12, price: 879.4, amount: 10552.8 },
    ]);
    const other = reading([
      { itemDesc: 'Steel bracket 40 mm', itemQty: 27, price: 862.65, amount: 23291.55 },
      { itemDesc: 'Glass cleaner 5 l', itemQty: 12, price: 879.4, amount: 10552.8 },
    ]);
    expect(swapsFromOther(kept, other)).toBe(1);
    expect(kept.items.map((i) => [i.itemQty, i.price])).toEqual([
      [27, 862.65],
      [12, 879.4],
    ]);
    // on a tie, and where the kept quantity is the rounder already, the kept reading's roles stay
    const kept2 = reading([
      { itemDesc: 'Hours', itemQty: 12, price: 85, amount: 1020 },
      { itemDesc: 'Paper A4', itemQty: 29, price: 2148.64, amount: 62310.56 },
    ]);
    const other2 = reading([
      { itemDesc: 'Hours', itemQty: 85, price: 12, amount: 1020 },
      { itemDesc: 'Paper A4', itemQty: 2148.64, price: 29, amount: 62310.56 },
    ]);
    expect(swapsFromOther(kept2, other2)).toBe(0);
    expect(kept2.items.map((i) => [i.itemQty, i.price])).toEqual([
      [12, 85],
      [29, 2148.64],
    ]);
  });
});
