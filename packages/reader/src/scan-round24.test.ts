import { describe, expect, it } from 'vitest';
import { itemsOf, onePage, ocrRow as row } from './__tests__/scan-words.js';
import { extractHeaders } from './extract.js';
import { contextOf } from './read.js';

describe('a scan’s table without a heading: service lines among goods rows', () => {
  /** amount-only service lines and one goods row, no heading; the totals block under them (`sum` its first amount) */
  const page = (sum: string) => [
    ...row(0.1, [[0.08, 0.3, 'Factuur 2023-64751']]),
    ...row(0.3, [
      [0.09, 0.3, 'Forfait maintenance 08/2024'],
      [0.86, 0.9, '811,81'],
    ]),
    ...row(0.32, [
      [0.09, 0.25, 'Servicekosten 12/2021'],
      [0.86, 0.9, '227,44'],
    ]),
    ...row(0.34, [
      [0.09, 0.28, 'Abonnement logiciel 02/2023'],
      [0.86, 0.9, '123,92'],
    ]),
    ...row(0.36, [
      [0.09, 0.25, 'Safety gloves size 9'],
      [0.6, 0.65, '93 kg'],
      [0.74, 0.79, '1.794,28'],
      [0.84, 0.9, '166.868,04'],
    ]),
    ...row(0.4, [
      [0.54, 0.65, 'Totaal excl. BTW'],
      [0.84, 0.9, sum],
    ]),
    ...row(0.42, [
      [0.54, 0.6, 'BTW 21%'],
      [0.85, 0.9, '35.286,55'],
    ]),
    ...row(0.44, [
      [0.54, 0.6, 'Te betalen'],
      [0.84, 0.9, '203.317,76'],
    ]),
  ];

  it('is read where one row multiplies out and the amounts add up to the totals row under them', () => {
    expect(itemsOf(page('168.031,21')).map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Forfait maintenance 08/2024', undefined, undefined, 811.81],
      ['Servicekosten 12/2021', undefined, undefined, 227.44],
      ['Abonnement logiciel 02/2023', undefined, undefined, 123.92],
      ['Safety gloves size 9', 93, 1794.28, 166868.04],
    ]);
  });

  it('is no table where the amounts do not add up to it (one goods row among three lines proves nothing)', () => {
    expect(itemsOf(page('168.931,21'))).toEqual([]);
  });
});

describe('a scan’s label whose capital I OCR read as a small l', () => {
  const headersOf = (label: string) =>
    Object.fromEntries(
      Object.entries(
        extractHeaders(
          contextOf(
            onePage(
              row(0.34, [
                [0.1, 0.22, label],
                [0.25, 0.33, 'BE 202555'],
              ]),
            ),
          ),
        ),
      ).map(([k, v]) => [k, v.value]),
    );

  it('reads "lhre Bestellung:" as "Ihre Bestellung:", the order number under it', () => {
    expect(headersOf('lhre Bestellung:')).toEqual({ orderNum: 'BE 202555' });
    expect(headersOf('Ihre Bestellung:')).toEqual({ orderNum: 'BE 202555' });
  });
});
