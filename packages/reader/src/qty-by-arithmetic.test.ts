import { describe, expect, it } from 'vitest';
import {
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

/** An English purchase order whose quantities stand left of the text under a "No." heading. */
const order = (rows: [qty: string, desc: string, price: string, amount: string][], net: string): Text[] => [
  [60, 45, 'Nordlicht Papeterie LLC', 16, 'Helvetica-Bold'],
  [60, 62, '90 Station Road, Edinburgh EH1 1YZ'],
  [400, 100, 'Purchase Order', 16],
  [60, 130, 'Supplier:'],
  [60, 142, 'Rheinland Technik AG'],
  [60, 154, 'Am Markt 3'],
  [60, 166, '04109 Leipzig'],
  [60, 190, 'PO Number'],
  [300, 190, 'Order date'],
  [60, 202, 'F2026-46689'],
  [300, 202, '23 July 2021'],
  [75, 230, 'No.'],
  [110, 230, 'Article / service'],
  [420, 230, 'Price/unit'],
  [490, 230, 'Ext. price'],
  ...rows.flatMap(([q, desc, price, amount], i): Text[] => [
    right(92, 246 + i * 16, q),
    [110, 246 + i * 16, desc],
    right(470, 246 + i * 16, price),
    right(545, 246 + i * 16, amount),
  ]),
  [380, 246 + rows.length * 16 + 10, 'Total'],
  right(545, 246 + rows.length * 16 + 10, net),
];

describe('the quantity column settled by the rows', () => {
  it('takes a column headed "No." left of the text for the quantities where they multiply out with the prices', async () => {
    const r = await read(
      order(
        [
          ['72', 'Espresso beans 1 kg', '1,202.37', '86,570.64'],
          ['60.75', 'Safety gloves size 9', '2,433.53', '147,836.95'],
          ['8', 'Organic coffee beans', '1,438.78', '11,510.24'],
          ['1', 'Steel bracket 40 mm', '84.57', '84.57'],
        ],
        '246,002.40',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Espresso beans 1 kg', 72, 1202.37, 86570.64],
      ['Safety gloves size 9', 60.75, 2433.53, 147836.95],
      ['Organic coffee beans', 8, 1438.78, 11510.24],
      ['Steel bracket 40 mm', 1, 84.57, 84.57],
    ]);
  });

  it('keeps positions that count 1, 2, 3 under "No." as positions', async () => {
    const r = await read(
      order(
        [
          ['1', 'Espresso beans 1 kg', '1,202.37', '1,202.37'],
          ['2', 'Safety gloves size 9', '2,433.53', '2,433.53'],
          ['3', 'Organic coffee beans', '1,438.78', '1,438.78'],
        ],
        '5,074.68',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Espresso beans 1 kg', 1202.37],
      ['Safety gloves size 9', 2433.53],
      ['Organic coffee beans', 1438.78],
    ]);
    expect(r.items.every((i) => i.itemQty !== 2 && i.itemQty !== 3)).toBe(true);
  });

  it('takes the "No." column for the quantity of a table of one row too', async () => {
    const r = await read(order([['55', 'Office chair black', '298.74', '16,430.70']], '16,430.70'));
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Office chair black', 55, 298.74, 16430.7],
    ]);
  });
});
