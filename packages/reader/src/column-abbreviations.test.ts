import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  type PlacedText as Text,
  tableTexts,
} from './__tests__/make-docs.js';

describe('column headings by their abbreviations', () => {
  it('reads "Bez." as the description beside an "Artikel" column of codes', async () => {
    const page: Text[] = [
      ...GERMAN_INVOICE_HEAD,
      ...tableTexts(
        220,
        [60, 230, 310, 350, 420, 490],
        [
          ['Bez.', 'Artikel', 'Stück', 'Einheit', 'Preis/Einh.', 'Wert'],
          ['Druckerpatrone schwarz', 'X7154462', '4', 'Stk', '32,50', '130,00'],
          ['LED-Panel 60 x 60 cm', 'A45060', '1', 'Karton', '67,38', '67,38'],
        ],
      ),
      [330, 280, 'Gesamt netto'],
      [490, 280, '197,38'],
      [330, 292, 'zzgl. 19% MwSt.'],
      [490, 292, '37,50'],
      [330, 304, 'Summe brutto'],
      [490, 304, '234,88'],
    ];
    const r = await read(page);
    expect(r.items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['X7154462', 'Druckerpatrone schwarz', 4, 32.5, 130],
      ['A45060', 'LED-Panel 60 x 60 cm', 1, 67.38, 67.38],
    ]);
  });
});
