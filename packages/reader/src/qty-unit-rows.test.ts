import { describe, expect, it } from 'vitest';
import {
  germanInvoicePage as page,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

describe('quantities with their unit first, allowance and charge rows among the items', () => {
  it('reads a quantity with its unit before the position number as the quantity of a table without headings', async () => {
    const rows = [
      ['90 kg', '1', 'Gummiband rot 50 mm', '900,00'],
      ['39 Stk', '2', 'Heftklammer blau klein', '195,00'],
      ['2 x', '3', 'Kartonage braun lang', '40,00'],
    ];
    const r = await read(
      page(
        rows.flatMap(([q, pos, desc, amount], i): Text[] => [
          right(100, 230 + i * 16, q!),
          right(125, 230 + i * 16, pos!),
          [140, 230 + i * 16, desc!],
          right(530, 230 + i * 16, amount!),
        ]),
        300,
        '1.135,00',
        '215,65',
        '1.350,65',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Gummiband rot 50 mm', 90, 10, 900],
      ['Heftklammer blau klein', 39, 5, 195],
      ['Kartonage braun lang', 2, 20, 40],
    ]);
  });

  /** Two items and, right under them, a freight row of an amount alone; the net given. */
  const withFreight = (net: string, vat: string, total: string) =>
    read(
      page(
        [
          [60, 230, 'Bezeichnung'],
          [330, 230, 'Menge'],
          [400, 230, 'Preis'],
          [490, 230, 'Betrag'],
          ...[
            ['Gummiband rot 50 mm', '3', '10,00', '30,00'],
            ['Heftklammer blau klein', '2', '5,00', '10,00'],
            ['Vrachtkosten', '', '', '15,00'],
          ].flatMap(([desc, qty, price, amount], i): Text[] => [
            [60, 246 + i * 16, desc!],
            ...(qty ? [right(360, 246 + i * 16, qty), right(440, 246 + i * 16, price!)] : []),
            right(530, 246 + i * 16, amount!),
          ]),
        ],
        310,
        net,
        vat,
        total,
      ),
    );

  it('takes a row of an amount alone that names a charge, and leads to the net with it, for a document charge', async () => {
    const r = await withFreight('55,00', '10,45', '65,45');
    expect(r.items.map((i) => i.itemDesc)).toEqual(['Gummiband rot 50 mm', 'Heftklammer blau klein']);
    expect(r.totals).toMatchObject({ subtotal: 40, charges: 15, net: 55 });
  });

  it('keeps such a row an item when the net does not come out with it as a charge', async () => {
    const r = await withFreight('70,00', '13,30', '83,30');
    expect(r.items.map((i) => i.itemDesc)).toContain('Vrachtkosten');
  });
});
