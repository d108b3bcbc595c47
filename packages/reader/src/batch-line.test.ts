import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

/**
 * Two items, the second with its batch ("Charge 117") under its name and a discount per unit stacked under its
 * price ("- 8,68", "= 49,20"); then the goods total, a discount, packaging and the net.
 */
const page: Text[] = [
  ...GERMAN_INVOICE_HEAD,
  [60, 220, 'Artikelnummer'],
  [130, 220, 'Leistung'],
  [370, 220, 'Menge'],
  [430, 220, 'E-Preis'],
  [490, 220, 'Gesamtpreis'],
  [60, 236, 'ART526801'],
  [130, 236, 'Kaffeebohnen biologisch'],
  right(400, 236, '47'),
  right(470, 236, '41,00'),
  right(545, 236, '1.927,00'),
  [60, 252, 'X29217'],
  [130, 252, 'Dübel 8 mm (100 Stk)'],
  right(400, 252, '112'),
  right(470, 252, '57,88'),
  right(545, 252, '5.510,40'),
  [130, 266, 'Charge 117'],
  right(470, 266, '- 8,68'),
  right(470, 280, '= 49,20'),
  [360, 304, 'Gesamt'],
  right(545, 304, '7.437,40'),
  [360, 318, 'Rabatt'],
  right(545, 318, '-223,12'),
  [360, 332, 'Verpackung'],
  right(545, 332, '4,90'),
  [360, 346, 'Summe netto'],
  right(545, 346, '7.219,18'),
  [360, 360, 'MwSt. 19 %'],
  right(545, 360, '1.371,64'),
  [360, 374, 'Rechnungsbetrag'],
  right(545, 374, '8.590,82'),
];

describe('a batch under an item', () => {
  it('is no charge of the document: the goods total is the subtotal, the packaging the only charge', async () => {
    const r = await read(page);
    expect(r.items.map((i) => i.amount)).toEqual([1927, 5510.4]);
    expect(r.totals).toMatchObject({ subtotal: 7437.4, discount: 223.12, charges: 4.9, net: 7219.18 });
  });
});

describe('a batch in an item row of a table without a heading', () => {
  it('keeps the row an item row', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [130, 230, 'Schutzhandschuhe Größe 9'],
      [60, 244, '0524'],
      [130, 244, 'Charge 117'],
      right(370, 244, '1'),
      right(430, 244, '6,51'),
      [450, 244, '19%'],
      right(545, 244, '6,51'),
      [130, 258, 'Recyclingpapier A4'],
      right(370, 258, '43,25'),
      right(430, 258, '940,68'),
      [450, 258, '7%'],
      right(545, 258, '40.684,41'),
      [360, 282, 'Warenwert'],
      right(545, 282, '40.690,92'),
      [360, 296, 'Versandkosten'],
      right(545, 296, '4,90'),
      [360, 310, 'Summe netto'],
      right(545, 310, '40.695,82'),
      [360, 324, 'Endbetrag'],
      right(545, 324, '43.545,90'),
    ]);
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 6.51, 6.51],
      [43.25, 940.68, 40684.41],
    ]);
  });
});
