import { describe, expect, it } from 'vitest';
import { itemsOf, ocrRow as row } from './__tests__/scan-words.js';

describe('a scan’s quantity whose decimal separator OCR lost', () => {
  /** a table under a heading; the second row's quantity as OCR read it */
  const page = (qty: string, price = '629,32') => [
    ...row(0.1, [[0.08, 0.3, 'Rechnung 2023-64751']]),
    ...row(0.28, [
      [0.09, 0.25, 'Beschreibung'],
      [0.55, 0.6, 'Menge'],
      [0.68, 0.78, 'Einzelpreis'],
      [0.85, 0.9, 'Betrag'],
    ]),
    ...row(0.3, [
      [0.09, 0.25, 'Verlengsnoer 5 m'],
      [0.57, 0.6, '109'],
      [0.73, 0.78, '42,97'],
      [0.84, 0.9, '4.683,73'],
    ]),
    ...row(0.32, [
      [0.09, 0.28, 'Installatiewerkzaamheden'],
      [0.56, 0.6, qty],
      [0.72, 0.78, price],
      [0.83, 0.9, '16.519,65'],
    ]),
    ...row(0.36, [
      [0.6, 0.75, 'Summe netto'],
      [0.83, 0.9, '21.203,38'],
    ]),
  ];

  it('reads "2625" as 26,25 where only that multiplies by the price to the amount', () => {
    expect(itemsOf(page('2625')).map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Verlengsnoer 5 m', 109, 42.97, 4683.73],
      ['Installatiewerkzaamheden', 26.25, 629.32, 16519.65],
    ]);
  });

  it('reads "2625 x" so, its unit beside the digits, with the price also read without its comma', () => {
    expect(itemsOf(page('2625 x', '62932')).map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [109, 42.97, 4683.73],
      [26.25, 629.32, 16519.65],
    ]);
  });

  it('keeps a quantity as printed', () => {
    expect(itemsOf(page('26,25')).map((i) => i.itemQty)).toEqual([109, 26.25]);
  });
});
