import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';

/** Item tables as accounting/ERP software prints them (round 18 of issue 18). */

const rows = (items: TItemRow[]) => items.map((r) => [r.qty, r.price, r.amount]);
type TItemRow = { qty?: number; price?: number; amount?: number };
const read3 = async (texts: Text[]) =>
  (await read(texts)).items.map((i) => ({ qty: i.itemQty, price: i.price, amount: i.amount }));

const totals = (y: number, net: string, vat: string, total: string): Text[] => [
  [330, y, 'Nettobetrag'],
  right(530, y, net),
  [330, y + 14, 'MwSt. 19 %'],
  right(530, y + 14, vat),
  [330, y + 28, 'Rechnungsbetrag'],
  right(530, y + 28, total),
  [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
];

/** Rows grouped under the delivery notes that shipped them, each group closed by its own sum ("Summe …"). */
const grouped = (after: Text[]): Text[] => [
  ...GERMAN_INVOICE_HEAD,
  [60, 210, 'Pos.', 9, 'Helvetica-Bold'],
  [90, 210, 'Bezeichnung', 9, 'Helvetica-Bold'],
  [330, 210, 'Menge', 9, 'Helvetica-Bold'],
  [400, 210, 'Einzelpreis', 9, 'Helvetica-Bold'],
  [490, 210, 'Gesamt', 9, 'Helvetica-Bold'],
  [60, 228, 'Lieferschein 4711 vom 01.03.2023', 9, 'Helvetica-Bold'],
  right(75, 244, '1'),
  [90, 244, 'Kopierpapier A4 80 g'],
  right(360, 244, '10'),
  right(450, 244, '4,50'),
  right(530, 244, '45,00'),
  right(75, 258, '2'),
  [90, 258, 'Druckerpatrone schwarz'],
  right(360, 258, '2'),
  right(450, 258, '30,00'),
  right(530, 258, '60,00'),
  [60, 274, 'Summe Lieferschein 4711'],
  right(530, 274, '105,00'),
  ...after,
];

describe('rows grouped under delivery notes with a sum per group', () => {
  it('reads the rows after a group sum: the table goes on under it', async () => {
    const r = await read3(
      grouped([
        [60, 292, 'Lieferschein 4712 vom 07.03.2023', 9, 'Helvetica-Bold'],
        right(75, 308, '3'),
        [90, 308, 'Kabelbinder schwarz 200 mm'],
        right(360, 308, '5'),
        right(450, 308, '2,00'),
        right(530, 308, '10,00'),
        right(75, 322, '4'),
        [90, 322, 'Winkelprofil Aluminium'],
        right(360, 322, '3'),
        right(450, 322, '12,00'),
        right(530, 322, '36,00'),
        [60, 338, 'Summe Lieferschein 4712'],
        right(530, 338, '46,00'),
        ...totals(370, '151,00', '28,69', '179,69'),
      ]),
    );
    expect(rows(r)).toEqual([
      [10, 4.5, 45],
      [2, 30, 60],
      [5, 2, 10],
      [3, 12, 36],
    ]);
  });

  it('reads a service row of its amount alone after a group sum', async () => {
    const r = await read3(
      grouped([
        [60, 292, 'Lieferschein 4712 vom 07.03.2023', 9, 'Helvetica-Bold'],
        right(75, 308, '3'),
        [90, 308, 'Wartungspauschale 03/2023'],
        right(530, 308, '80,00'),
        right(75, 322, '4'),
        [90, 322, 'Winkelprofil Aluminium'],
        right(360, 322, '3'),
        right(450, 322, '12,00'),
        right(530, 322, '36,00'),
        ...totals(354, '221,00', '41,99', '262,99'),
      ]),
    );
    expect(r.map((i) => i.amount)).toEqual([45, 60, 80, 36]);
  });

  it('ends the table at a sum with a tax row under it, its label in the description column', async () => {
    const r = await read3(
      grouped([
        [90, 292, 'Umsatzsteuer (19,00 %)'],
        right(530, 292, '19,95'),
        [330, 310, 'Rechnungsbetrag'],
        right(530, 310, '124,95'),
        [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
      ]),
    );
    expect(r.map((i) => i.amount)).toEqual([45, 60]);
  });

  it('ends the table at a sum with no item row under it (a charge row is none)', async () => {
    const r = await read3(
      grouped([
        [330, 292, 'Versandkosten'],
        right(530, 292, '4,90'),
        ...totals(306, '109,90', '20,88', '130,78'),
      ]),
    );
    expect(rows(r)).toEqual([
      [10, 4.5, 45],
      [2, 30, 60],
    ]);
  });
});

describe('a VAT rate or tax code printed right of the line amount', () => {
  it('leaves the amount heading the labels do not know ("Value") to the amounts, not to the codes', async () => {
    const r = await read3([
      ...GERMAN_INVOICE_HEAD,
      [60, 210, 'Details', 9, 'Helvetica-Bold'],
      [300, 210, 'Qty', 9, 'Helvetica-Bold'],
      [370, 210, 'Price', 9, 'Helvetica-Bold'],
      [460, 210, 'Value', 9, 'Helvetica-Bold'],
      [500, 210, 'VAT code', 9, 'Helvetica-Bold'],
      [60, 228, 'Transport pallet Euro'],
      right(330, 228, '26'),
      right(410, 228, '20,20'),
      right(485, 228, '525,20'),
      [530, 228, 'A'],
      [60, 242, 'Glass cleaner 5 l'],
      right(330, 242, '3'),
      right(410, 242, '1.945,52'),
      right(485, 242, '5.836,56'),
      [530, 242, 'A'],
      ...totals(280, '6.361,76', '1.208,73', '7.570,49'),
    ]);
    expect(rows(r)).toEqual([
      [26, 20.2, 525.2],
      [3, 1945.52, 5836.56],
    ]);
  });

  it('finds a table without headings whose rows end with their VAT rate', async () => {
    const r = await read3([
      ...GERMAN_INVOICE_HEAD,
      [60, 228, 'Transport pallet Euro'],
      right(330, 228, '26'),
      right(410, 228, '20,20'),
      right(485, 228, '525,20'),
      right(530, 228, '19 %'),
      [60, 242, 'Glass cleaner 5 l'],
      right(330, 242, '3'),
      right(410, 242, '1.945,52'),
      right(485, 242, '5.836,56'),
      right(530, 242, '19 %'),
      [60, 256, 'Winkelprofil Aluminium'],
      right(330, 256, '1'),
      right(410, 256, '12,00'),
      right(485, 256, '12,00'),
      right(530, 256, '19 %'),
      ...totals(290, '6.373,76', '1.211,01', '7.584,77'),
    ]);
    expect(rows(r)).toEqual([
      [26, 20.2, 525.2],
      [3, 1945.52, 5836.56],
      [1, 12, 12],
    ]);
  });
});

describe('an EAN column beside the description', () => {
  it('gives the EAN as the unit barcode and leaves a code printed above the name to the item code', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [60, 210, 'Pos.', 9, 'Helvetica-Bold'],
      [90, 210, 'EAN', 9, 'Helvetica-Bold'],
      [190, 210, 'Artikelbezeichnung', 9, 'Helvetica-Bold'],
      [330, 210, 'Menge', 9, 'Helvetica-Bold'],
      [400, 210, 'E-Preis', 9, 'Helvetica-Bold'],
      [490, 210, 'Gesamt', 9, 'Helvetica-Bold'],
      right(75, 228, '1'),
      [90, 228, '4006381333931'],
      [190, 228, 'Steel bracket 40 mm'],
      right(360, 228, '33'),
      right(450, 228, '1,50'),
      right(530, 228, '49,50'),
      right(75, 244, '2'),
      [90, 244, '4123456789018'],
      [190, 244, 'X140770'],
      right(360, 244, '9'),
      right(450, 244, '2,00'),
      right(530, 244, '18,00'),
      [190, 256, 'Wartungspauschale'],
      ...totals(290, '67,50', '12,83', '80,33'),
    ]);
    expect(r.items.map((i) => [i.itemCode, i.unitBarcode, i.itemDesc, i.amount])).toEqual([
      [undefined, '4006381333931', 'Steel bracket 40 mm', 49.5],
      ['X140770', '4123456789018', 'Wartungspauschale', 18],
    ]);
  });
});

describe('a table without headings: position, article number, EAN, name, unit, quantity, price, amount', () => {
  const row = (
    y: number,
    pos: string,
    code: string,
    ean: string,
    name: string,
    unit: string,
    n: string[],
  ) => [
    right(75, y, pos),
    [90, y, code] as Text,
    [150, y, ean] as Text,
    [240, y, name] as Text,
    [380, y, unit] as Text,
    right(430, y, n[0]!),
    right(480, y, n[1]!),
    right(530, y, n[2]!),
  ];
  it('takes the text right of the EANs as the names and the short words before the numbers as units', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      ...row(228, '1', 'P9618919', '4006381333931', 'Winkelprofil Aluminium', 'kg', ['38', '2,50', '95,00']),
      ...row(244, '2', 'X5232', '4123456789018', 'Espresso', 'Karton', ['1', '20,21', '20,21']),
      ...row(260, '3', 'X9105', '8712345678906', 'Kabelbinder schwarz 200 mm', 'Stk', [
        '11',
        '3,00',
        '33,00',
      ]),
      ...totals(300, '148,21', '28,16', '176,37'),
    ]);
    expect(r.items.map((i) => [i.itemCode, i.itemDesc, i.unitOfMeasure, i.itemQty, i.amount])).toEqual([
      ['P9618919', 'Winkelprofil Aluminium', 'kg', 38, 95],
      ['X5232', 'Espresso', 'Karton', 1, 20.21],
      ['X9105', 'Kabelbinder schwarz 200 mm', 'Stk', 11, 33],
    ]);
  });
});
