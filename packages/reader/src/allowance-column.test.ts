import { describe, expect, it } from 'vitest';
import { GERMAN_INVOICE_HEAD, readTextPage as read, rightAligned as right } from './__tests__/make-docs.js';
import { STRAIGHT_THROUGH } from './calibrate.js';

/**
 * An item table with a column of line allowances under a heading that names them in general (`head`): a row
 * with an allowance prints a word in that column and the amount off on the line under it; quantity × price −
 * allowance = amount.
 */
const withAllowances = (head: string) =>
  read([
    ...GERMAN_INVOICE_HEAD,
    [60, 230, 'Bezeichnung'],
    [250, 230, 'Menge'],
    [300, 230, 'Einzelpreis'],
    [380, 230, head],
    [490, 230, 'Betrag'],
    [60, 246, 'Gummiband rot 50 mm'],
    right(280, 246, '1'),
    right(360, 246, '10,00'),
    [380, 246, 'Rabatt:'],
    right(530, 246, '8,00'),
    right(460, 258, '- 2,00'),
    [60, 274, 'Heftklammer blau klein'],
    right(280, 274, '3'),
    right(360, 274, '5,00'),
    right(530, 274, '15,00'),
    [60, 290, 'Kartonage braun lang'],
    right(280, 290, '4'),
    right(360, 290, '12,50'),
    [380, 290, 'Staffel'],
    [380, 302, 'Rabatt:'],
    right(530, 290, '45,00'),
    right(460, 314, '- 5,00'),
    [330, 340, 'Nettobetrag'],
    right(530, 340, '68,00'),
    [330, 354, 'USt. 19 %'],
    right(530, 354, '12,92'),
    [330, 368, 'Endbetrag'],
    right(530, 368, '80,92'),
    [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
  ]);

describe('a column of line allowances named in general', () => {
  for (const head of ['Abzüge', 'Rabatte / Aufschläge', 'Adjustments', 'Aanpassingen', 'Ajustements'])
    it(`reads the amount under a row's word in the "${head}" column as that row's allowance`, async () => {
      const r = await withAllowances(head);
      expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount, i.discount])).toEqual([
        ['Gummiband rot 50 mm', 1, 10, 8, 2],
        ['Heftklammer blau klein', 3, 5, 15, undefined],
        ['Kartonage braun lang', 4, 12.5, 45, 5],
      ]);
    });
});

describe('an amount taken off under a row, under a heading the labels do not know', () => {
  it('holds the document for review rather than read the printed quantity as amount ÷ price', async () => {
    const r = await withAllowances('Konditionen');
    // (what the row prints does not settle whether "1" is a quantity rounded or one less an allowance)
    expect(r.confidence.fields['items.0']).toBeLessThan(STRAIGHT_THROUGH);
    expect(r.pendingReview).toBe(true);
  });
});

describe("an item row's allowance word among the totals' labels", () => {
  it('takes neither the last row with its own allowance for a document discount nor its word for an allowance row', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [60, 230, 'Bezeichnung'],
      [250, 230, 'Menge'],
      [300, 230, 'Einzelpreis'],
      [380, 230, 'Rabatte'],
      [490, 230, 'Betrag'],
      [60, 246, 'Heftklammer blau klein'],
      right(280, 246, '3'),
      right(360, 246, '5,00'),
      right(530, 246, '15,00'),
      [60, 262, 'Gummiband rot 50 mm'],
      right(280, 262, '1'),
      right(360, 262, '10,00'),
      [380, 262, 'Rabatt:'],
      right(530, 262, '8,00'),
      right(460, 274, '- 2,00'),
      [60, 290, 'Versandkosten'],
      right(530, 290, '4,95'),
      [330, 316, 'Nettobetrag'],
      right(530, 316, '27,95'),
      [330, 330, 'USt. 19 %'],
      right(530, 330, '5,31'),
      [330, 344, 'Endbetrag'],
      right(530, 344, '33,26'),
      [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
    ]);
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount, i.discount])).toEqual([
      ['Heftklammer blau klein', 3, 5, 15, undefined],
      ['Gummiband rot 50 mm', 1, 10, 8, 2],
    ]);
    expect(r.totals.discount).toBeUndefined();
    expect(r.totals).toMatchObject({ subtotal: 23, charges: 4.95, net: 27.95 });
    expect(r.issues).toEqual([]);
  });
});

describe('an allowance word wrapped onto a second line under its row', () => {
  it('is the row’s word, no discount of the document, though the amount under it is the last of the table', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [60, 230, 'Bezeichnung'],
      [250, 230, 'Menge'],
      [320, 230, 'Preis'],
      [490, 230, 'Betrag'],
      [60, 246, 'Glasreiniger 5 l'],
      right(280, 246, '1'),
      right(360, 246, '428,62'),
      right(530, 246, '428,62'),
      [60, 262, 'Bürostuhl schwarz'],
      right(280, 262, '1'),
      right(360, 262, '748,98'),
      [375, 262, 'Staffel'],
      right(530, 262, '636,63'),
      [375, 274, 'korting:'],
      right(460, 286, '- 112,35'),
      [330, 310, 'Nettobetrag'],
      right(530, 310, '1.065,25'),
      [330, 324, 'USt. 19 %'],
      right(530, 324, '202,40'),
      [330, 338, 'Endbetrag'],
      right(530, 338, '1.267,65'),
    ]);
    expect(r.totals.discount).toBeUndefined();
    expect(r.totals).toMatchObject({ net: 1065.25, invoiceTotal: 1267.65 });
    expect(r.items.map((i) => i.amount)).toEqual([428.62, 636.63]);
  });
});
