import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  rightAligned as right,
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

  /** A page around a table: the German head, the rows, net, VAT and total under them. */
  const around = (rows: Text[], net: string, vat: string, total: string): Text[] => [
    ...GERMAN_INVOICE_HEAD,
    ...rows,
    [330, 300, 'Gesamt netto'],
    [520, 300, net],
    [330, 312, 'MwSt. 19 %'],
    [520, 312, vat],
    [330, 324, 'Summe'],
    [520, 324, total],
  ];

  it('reads "Nb" as the quantity of a table without a unit-price column', async () => {
    const rows = [
      ['159265', 'Consulting hours', '18,25', 'kg', '13 520,15'],
      ['ART692135', 'Glass cleaner 5 l', '83,75', 'kg', '207 243,56'],
      ['P5194078', 'Transport pallet Euro', '34', 'kg', '2 110,04'],
    ];
    const r = await read(
      around(
        [
          [45, 220, 'Réf.'],
          [105, 220, 'Prestation'],
          [420, 220, 'Nb'],
          [454, 220, 'Unité'],
          [520, 220, 'Valeur'],
          ...rows.flatMap(([code, desc, q, unit, amount], k): Text[] => [
            [45, 236 + k * 16, code!],
            [105, 236 + k * 16, desc!],
            right(440, 236 + k * 16, q!),
            [454, 236 + k * 16, unit!],
            right(560, 236 + k * 16, amount!),
          ]),
        ],
        '222 873,75',
        '42 346,01',
        '265 219,76',
      ),
    );
    expect(r.items.map((i) => [i.itemCode, i.itemQty, i.price, i.amount])).toEqual([
      ['159265', 18.25, 740.83, 13520.15],
      ['ART692135', 83.75, 2474.55, 207243.56],
      ['P5194078', 34, 62.06, 2110.04],
    ]);
  });
});

describe('English headings "Pcs" and "Each"', () => {
  it('are the quantity and the unit price: the price never runs into the description', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [70, 220, 'Pcs'],
      [105, 220, '#'],
      [125, 220, 'Article / service'],
      [415, 220, 'Each'],
      [450, 220, 'Tax %'],
      [520, 220, 'Value'],
      right(95, 236, '37'),
      right(115, 236, '1'),
      [125, 236, 'Winkelprofil Aluminium'],
      right(440, 236, '1,460.82'),
      [455, 236, '5%'],
      right(560, 236, '54,050.34'),
      right(95, 252, '1'),
      right(115, 252, '2'),
      [125, 252, 'Kantoorstoel zwart'],
      right(440, 252, '2,449.11'),
      [455, 252, '5%'],
      right(560, 252, '2,449.11'),
      [430, 280, 'Net total'],
      right(560, 280, '56,499.45'),
      [430, 294, 'VAT 5%'],
      right(560, 294, '2,824.97'),
      [430, 308, 'Total due'],
      right(560, 308, '59,324.42'),
    ]);
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Winkelprofil Aluminium', 37, 1460.82, 54050.34],
      ['Kantoorstoel zwart', 1, 2449.11, 2449.11],
    ]);
  });
});

describe('a unit-price heading the labels do not know', () => {
  const page = (heading: string, second: string, third: string): Text[] => [
    ...GERMAN_INVOICE_HEAD,
    ...tableTexts(
      220,
      [60, 100, 330, 420, 490],
      [
        ['Menge', 'Bezeichnung', heading, 'MwSt.', 'Betrag'],
        ['4', 'Druckerpatrone schwarz', second, '19 %', '130,00'],
        ['3', 'LED-Panel 60 x 60 cm', third, '19 %', '202,14'],
      ],
    ),
    [330, 280, 'Gesamt netto'],
    [490, 280, '332,14'],
    [330, 292, 'zzgl. 19% MwSt.'],
    [490, 292, '63,11'],
    [330, 304, 'Summe brutto'],
    [490, 304, '395,25'],
  ];

  it('heads the money between the description and the amount that the quantities multiply to it', async () => {
    const r = await read(page('Ansatz', '32,50', '67,38'));
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Druckerpatrone schwarz', 4, 32.5, 130],
      ['LED-Panel 60 x 60 cm', 3, 67.38, 202.14],
    ]);
  });

  it('leaves money that no quantity multiplies to the amount (a line VAT) out of the prices', async () => {
    const r = await read(page('Anteil', '24,70', '38,41'));
    expect(r.items.map((i) => i.price)).not.toContain(24.7);
    expect(r.items.map((i) => i.price)).not.toContain(38.41);
  });
});

describe('a tax code heading', () => {
  it('reads "VAT code" as one column of tax codes: no article numbers, no rates; the code before the name is one', async () => {
    const page: Text[] = [
      ...GERMAN_INVOICE_HEAD,
      ...tableTexts(
        220,
        [60, 300, 360, 420, 490],
        [
          ['Item description', 'Quantity', 'Rate', 'VAT code', 'Amount'],
          ['ART7232584 Maintenance fee', '3', '120,00', '1', '360,00'],
          ['ART5513 Glass cleaner 5 l', '2', '15,00', '1', '30,00'],
        ],
      ),
      [330, 280, 'Gesamt netto'],
      [490, 280, '390,00'],
      [330, 292, 'zzgl. 19% MwSt.'],
      [490, 292, '74,10'],
      [330, 304, 'Summe brutto'],
      [490, 304, '464,10'],
    ];
    const r = await read(page);
    expect(
      r.items.map((i) => [i.itemCode, i.itemDesc, i.itemQty, i.price, i.amount, i.vat, i.vatCode]),
    ).toEqual([
      ['ART7232584', 'Maintenance fee', 3, 120, 360, undefined, '1'],
      ['ART5513', 'Glass cleaner 5 l', 2, 15, 30, undefined, '1'],
    ]);
  });
});
