import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

/**
 * One item without a heading row, two lines of its description under it, then a document discount before the net:
 * the row is proven an item by the totals under it once the discount between them is taken off.
 */
const page = (discountLabel: string, discount: string, net: string): Text[] => [
  ...GERMAN_INVOICE_HEAD,
  [60, 230, 'P5133328'],
  [110, 230, 'Prestation de service'],
  right(345, 230, '1'),
  [350, 230, 'kg'],
  right(445, 230, '41,78'),
  right(530, 230, '41,78'),
  [110, 244, 'Farbe: grau, Größe 2'],
  [110, 258, 'Farbe: grau, Größe 2'],
  [110, 272, discountLabel],
  right(530, 272, discount),
  [330, 300, 'Gesamt netto'],
  right(530, 300, net),
  [330, 314, 'MwSt. 19 %'],
  right(530, 314, '7,78'),
  [330, 328, 'Rechnungsbetrag'],
  right(530, 328, '48,72'),
  [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
];

describe('an item table of one row without a heading', () => {
  it('is proven by the net under it after the document discount between them', async () => {
    const r = await read(page('Rabatt 2 %', '-0,84', '40,94'));
    expect(r.items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['P5133328', 'Prestation de service Farbe: grau, Größe 2 Farbe: grau, Größe 2', 1, 41.78, 41.78],
    ]);
    expect(r.totals).toMatchObject({ net: 40.94, discount: 0.84 });
  });

  it('is no table where the discount does not bring its amount to the net', async () => {
    const r = await read(page('Rabatt 2 %', '-0,84', '39,94'));
    expect(r.items).toEqual([]);
  });
});

/** One row with its own allowance: the word right of the price, the amount taken off on the line under it. */
const withAllowance = (net: string, word = 'Aktion Frühjahr:'): Text[] => [
  ...GERMAN_INVOICE_HEAD,
  [60, 230, 'LED-Panel 60 x 60 cm'],
  right(300, 230, '34'),
  right(360, 230, '50,87'),
  [370, 230, word],
  right(530, 230, '1.643,10'),
  [60, 244, 'inkl. Montagesatz'],
  right(450, 244, '- 86,48'),
  [330, 262, 'Versandkosten'],
  right(530, 262, '4,90'),
  [330, 276, 'Nettobetrag'],
  right(530, 276, net),
  [330, 290, 'MwSt. 19 %'],
  right(530, 290, '313,12'),
  [330, 304, 'Rechnungsbetrag'],
  right(530, 304, '1.961,12'),
  [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
];

describe('an item table of one row with its own allowance under it', () => {
  it('is proven by the net under the allowance and a charge', async () => {
    const r = await read(withAllowance('1.648,00'));
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([[34, 50.87, 1643.1]]);
  });

  it('is read where the allowance is named by a discount word ("Staffel korting:")', async () => {
    const r = await read(withAllowance('1.648,00', 'Staffel korting:'));
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([[34, 50.87, 1643.1]]);
  });

  it('is no table where nothing brings its amount to the net', async () => {
    const r = await read(withAllowance('1.700,00'));
    expect(r.items).toEqual([]);
  });
});
