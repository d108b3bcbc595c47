import { describe, expect, it } from 'vitest';
import { readTextPage as read, type PlacedText as Text, tableTexts as table } from './__tests__/make-docs.js';

/** A purchase order: the buyer who wrote it in the letterhead, its supplier under a heading, a key–value block. */
const order = (customerRow: Text[]): Text[] => [
  [60, 40, 'Quayside Bakery Ltd', 14],
  [60, 56, '3 Quay Road'],
  [60, 68, 'Hull HU1 2AA'],
  [60, 110, 'PURCHASE ORDER', 14],
  [60, 140, 'Supplier:'],
  [60, 152, 'Northgate Packaging Ltd'],
  [60, 164, '12 Mill Street'],
  [60, 176, 'Derby DE1 3AB'],
  [60, 210, 'PO Number'],
  [160, 210, 'PO-73120'],
  ...customerRow,
  [60, 234, 'Order date'],
  [160, 234, '14/03/2025'],
  ...table(
    270,
    [60, 200, 330, 400, 480],
    [
      ['Service', 'Item code', 'Quantity', 'Rate', 'Amount'],
      ['Cake boxes, white', 'CB-2201', '10', '4.20', '42.00'],
    ],
  ),
  [330, 320, 'Net value'],
  [480, 320, '42.00'],
  [330, 334, 'VAT 20%'],
  [480, 334, '8.40'],
  [330, 348, 'Total'],
  [480, 348, '50.40'],
];

describe('party headings among key–value labels', () => {
  it('reads "Customer code | 56899" as a label with its value, not as the heading of a buyer block', async () => {
    for (const label of ['Customer code', 'Customer', 'Kunde']) {
      const r = await read(
        order([
          [60, 222, label],
          [160, 222, '56899'],
        ]),
      );
      // the block under such a "heading" is the next label and then the item table's first column heading
      expect(r.invoiceTo.name, label).toBe('Quayside Bakery Ltd');
      expect(r.vendor.name).toBe('Northgate Packaging Ltd');
    }
  });

  it('reads an account number label as one whose value stands a space apart ("KD 04466")', async () => {
    for (const label of ['Customer code', 'Customer account']) {
      const r = await read(
        order([
          [60, 222, label],
          [160, 222, 'KD 04466'],
        ]),
      );
      expect(r.headers.shopAccount, label).toBe('KD 04466');
      // not the table's "Quantity" heading under it, with the row's quantity as its address
      expect(r.invoiceTo.name, label).toBe('Quayside Bakery Ltd');
    }
  });
});
