import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { extractHeaders } from './extract.js';
import { extractItems } from './items.js';
import { extractParties } from './parties.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

/** A line of cells at height `y` (page fractions), `h` tall; each cell is [x0, x1, text], one word per space. */
const row = (y: number, cells: [number, number, string][], h = 0.01) => ocrLine(y, y + h, cells);

const itemsOf = (words: Word[]) => extractItems(contextOf(onePage(words))).items;

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

/** A scanned invoice's head: letterhead initials, title, the buyer's block, its delivery block, the header fields. */
const head = (): Word[] => [
  ...row(0.05, [[0.07, 0.11, 'KS']], 0.02),
  ...row(0.12, [[0.78, 0.9, 'Tax Invoice']], 0.015),
  ...row(0.16, [
    [0.12, 0.25, 'Greenfield Hardware plc'],
    [0.55, 0.62, 'Invoice #:'],
    [0.73, 0.8, 'FA-19.3257'],
  ]),
  ...row(0.173, [
    [0.12, 0.18, '8 Mill Lane'],
    [0.55, 0.63, 'Date of issue:'],
    [0.73, 0.8, '27-Oct-2024'],
  ]),
  ...row(0.186, [[0.12, 0.22, 'London EC1A 1BB']]),
  ...row(0.199, [[0.12, 0.14, 'GB']]),
  ...row(0.225, [[0.12, 0.17, 'Deliver to:']]),
  ...row(0.238, [[0.12, 0.25, 'Greenfield Hardware plc']]),
  ...row(0.251, [[0.12, 0.18, '8 Mill Lane']]),
  ...row(0.264, [[0.12, 0.23, 'Edinburgh EH1 1YZ']]),
];

/** A footer: the issuer's address, its VAT id and register number, its bank over `account` (the IBAN's line). */
const footer = (account: string): Word[] => [
  ...row(
    0.925,
    [
      [0.08, 0.16, 'Kestrel Supplies plc'],
      [0.36, 0.47, 'VAT reg. no. GB523211632'],
      [0.64, 0.72, 'Barclays Bank plc'],
    ],
    0.007,
  ),
  ...row(
    0.934,
    [
      [0.08, 0.14, '14 High Street'],
      [0.36, 0.46, 'Company No. 34519481'],
      [0.64, 0.8, account],
    ],
    0.007,
  ),
  ...row(0.943, [[0.08, 0.16, 'London EC1A 1BB']], 0.007),
];

describe("a scan's footer bank whose IBAN label OCR lost whole", () => {
  it('is no vendor: the account number alone under its name, a check digit read as a letter too', () => {
    for (const account of ['GB85 6972 3821 7308 1915 83', 'GBY5 6972 3821 7308 1915 83']) {
      const p = extractParties(contextOf(onePage([...head(), ...footer(account)])));
      expect(p.vendor.name).toBe('Kestrel Supplies plc');
    }
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
