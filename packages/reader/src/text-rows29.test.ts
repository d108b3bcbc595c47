import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  germanInvoicePage as page,
  pdfOf,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';
import { readDocument } from './read.js';

/** 10-point text: a word from `x`, a number ending at `xr`, a row of description, quantity, price and amount. */
const at = (x: number, y: number, t: string): Text => [x, y, t, 10];
const num = (xr: number, y: number, t: string): Text => [xr - t.length * 5.6, y, t, 10];
const tenPointRow = (y: number, desc: string, qty: string, price: string, amount: string): Text[] => [
  at(60, y, desc),
  num(360, y, qty),
  num(440, y, price),
  num(530, y, amount),
];

describe('text item tables of unseen layouts (round 29)', () => {
  it('reads a short word leading every row of a table without headings as the unit, the text right of the numbers as the description', async () => {
    const rows = [
      ['grop', '12', '1', 'Flimmerband zart 20 mm', '5,00', '60,00'],
      ['kast', '3', '2', 'Wendelnagel stumpf', '20,00', '60,00'],
      ['grop', '7,50', '3', 'Murmelfaden gelb', '4,00', '30,00'],
    ];
    const r = await read(
      page(
        rows.flatMap(([unit, qty, pos, desc, price, amount], i): Text[] => [
          [60, 230 + i * 16, unit!],
          right(120, 230 + i * 16, qty!),
          right(140, 230 + i * 16, pos!),
          [150, 230 + i * 16, desc!],
          right(440, 230 + i * 16, price!),
          right(530, 230 + i * 16, amount!),
        ]),
        300,
        '150,00',
        '28,50',
        '178,50',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount, i.unitOfMeasure])).toEqual([
      ['Flimmerband zart 20 mm', 12, 5, 60, 'grop'],
      ['Wendelnagel stumpf', 3, 20, 60, 'kast'],
      ['Murmelfaden gelb', 7.5, 4, 30, 'grop'],
    ]);
  });

  /** A table whose quantities (with their unit) stand under "Nr." and whose second row has its own allowance:
   * the allowance's word beside the price under an allowance heading, its signed amount on the line under the
   * row. */
  const allowanceTable = () =>
    read(
      page(
        [
          [80, 230, 'Nr.'],
          [110, 230, 'Bezeichnung'],
          [360, 230, 'Einzelpreis'],
          [430, 230, 'Rabatte'],
          [490, 230, 'Wert'],
          ...[
            ['12 grop', 'Flimmerband zart 20 mm', '5,00', '', '60,00'],
            ['4 kast', 'Wendelnagel stumpf', '20,00', 'Rabatt:', '72,00'],
            ['6 grop', 'Murmelfaden gelb', '4,00', '', '24,00'],
            ['5 kast', 'Zwirbelstift lang', '10,00', 'Rabatt:', '42,00'],
          ].flatMap(([qty, desc, price, word, amount], i): Text[] => [
            right(100, 250 + i * 30, qty!),
            [110, 250 + i * 30, desc!],
            right(420, 250 + i * 30, price!),
            ...(word ? ([[430, 250 + i * 30, word]] as Text[]) : []),
            right(530, 250 + i * 30, amount!),
            ...(word ? [right(470, 264 + i * 30, '- 8,00')] : []),
          ]),
        ],
        390,
        '198,00',
        '37,62',
        '235,62',
      ),
    );

  it('keeps rows whose allowance word stands right of their price as items, not as document discounts', async () => {
    const r = await allowanceTable();
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Flimmerband zart 20 mm', 60],
      ['Wendelnagel stumpf', 72],
      ['Murmelfaden gelb', 24],
      ['Zwirbelstift lang', 42],
    ]);
  });

  it('takes the quantities under a position heading where quantity × price less the allowance under the row is the amount', async () => {
    const r = await allowanceTable();
    expect(r.items.map((i) => [i.itemQty, i.price, i.discount])).toEqual([
      [12, 5, undefined],
      [4, 20, 8],
      [6, 4, undefined],
      [5, 10, 8],
    ]);
  });

  it('takes a group sum on the next page over rows on both pages for no end of a table without headings', async () => {
    // two delivery groups; the second one's rows run over the page break, its sum under them on page 2
    const row = (pos: number, desc: string, qty: string, price: string, amount: string) => [
      String(pos),
      desc,
      qty,
      price,
      amount,
    ];
    const page1: Text[] = [
      ...GERMAN_INVOICE_HEAD,
      [80, 220, 'Lieferung 1'],
      ...[
        row(1, 'Flimmerband zart 20 mm', '12 x', '5,00', '60,00'),
        row(2, 'Wendelnagel stumpf', '3 x', '20,00', '60,00'),
      ].flatMap((r, i) => cells(240 + i * 16, r)),
      [80, 272, 'Summe Lieferung 1'],
      right(530, 272, '120,00'),
      [80, 292, 'Lieferung 2'],
      ...[
        row(3, 'Murmelfaden gelb', '6 x', '4,00', '24,00'),
        row(4, 'Zwirbelstift lang', '5 x', '10,00', '50,00'),
      ].flatMap((r, i) => cells(312 + i * 16, r)),
    ];
    const page2: Text[] = [
      ...[
        row(5, 'Knickwinkel breit', '2 x', '7,50', '15,00'),
        row(6, 'Schnurrolle dick', '4 x', '2,25', '9,00'),
      ].flatMap((r, i) => cells(80 + i * 16, r)),
      [80, 112, 'Summe Lieferung 2'],
      right(530, 112, '98,00'),
      [80, 132, 'Lieferung 3'],
      ...[
        row(7, 'Pendelklemme rund', '1 x', '30,00', '30,00'),
        row(8, 'Dornscheibe flach', '8 x', '1,50', '12,00'),
      ].flatMap((r, i) => cells(152 + i * 16, r)),
      [330, 200, 'Nettobetrag'],
      right(530, 200, '260,00'),
      [330, 214, 'USt. 19 %'],
      right(530, 214, '49,40'),
      [330, 228, 'Endbetrag'],
      right(530, 228, '309,40'),
      [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
    ];
    const draw = (doc: PDFKit.PDFDocument, texts: Text[]) => {
      for (const [x, y, text, size, font] of texts)
        doc
          .font(font ?? 'Helvetica')
          .fontSize(size ?? 9)
          .text(text, x, y, { lineBreak: false });
    };
    const pdf = await pdfOf({ size: 'A4', margin: 40 }, (doc) => {
      draw(doc, page1);
      doc.addPage();
      draw(doc, page2);
    });
    const r = await readDocument(pdf, { fileName: 'test.pdf' });
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Flimmerband zart 20 mm', 12, 60],
      ['Wendelnagel stumpf', 3, 60],
      ['Murmelfaden gelb', 6, 24],
      ['Zwirbelstift lang', 5, 50],
      ['Knickwinkel breit', 2, 15],
      ['Schnurrolle dick', 4, 9],
      ['Pendelklemme rund', 1, 30],
      ['Dornscheibe flach', 8, 12],
    ]);
  });
  it('takes a charge row under the items for no item where the net under a label no rule knows is found by arithmetic', async () => {
    const r = await read([
      ...GERMAN_INVOICE_HEAD,
      [60, 230, 'Bezeichnung'],
      [330, 230, 'Menge'],
      [400, 230, 'Preis'],
      [490, 230, 'Betrag'],
      ...[
        ['Flimmerband zart 20 mm', '3', '10,00', '30,00'],
        ['Wendelnagel stumpf', '2', '5,00', '10,00'],
        ['Vrachtkosten', '', '', '15,00'],
      ].flatMap(([desc, qty, price, amount], i): Text[] => [
        [60, 246 + i * 16, desc!],
        ...(qty ? [right(360, 246 + i * 16, qty), right(440, 246 + i * 16, price!)] : []),
        right(530, 246 + i * 16, amount!),
      ]),
      [330, 310, 'Kassenwert'],
      right(530, 310, '55,00'),
      [330, 324, 'USt. 19 %'],
      right(530, 324, '10,45'),
      [330, 338, 'Endbetrag'],
      right(530, 338, '65,45'),
      [60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7],
    ]);
    expect(r.items.map((i) => i.itemDesc)).toEqual(['Flimmerband zart 20 mm', 'Wendelnagel stumpf']);
    expect(r.totals).toMatchObject({ subtotal: 40, charges: 15, net: 55 });
  });
  it('takes a text line set a little nearer the row below than the row above for the head of the cell of that row', async () => {
    // 10-point lines; rows 16 points apart, a cell of two lines 13.5 points apart, its numbers on its last line:
    // the gaps differ by less than the margin the gaps alone ask for, the pitches by a fifth
    const r = await read(
      page(
        [
          [60, 230, 'Bezeichnung'],
          [330, 230, 'Menge'],
          [400, 230, 'Preis'],
          [490, 230, 'Betrag'],
          ...tenPointRow(250, 'Flimmerband zart 20 mm', '3', '10,00', '30,00'),
          at(60, 266, 'Wendelnagel stumpf'),
          ...tenPointRow(279.5, 'Partie 117', '2', '5,00', '10,00'),
          ...tenPointRow(295.5, 'Murmelfaden gelb', '4', '2,50', '10,00'),
        ],
        330,
        '50,00',
        '9,50',
        '59,50',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Flimmerband zart 20 mm', 30],
      ['Wendelnagel stumpf Partie 117', 10],
      ['Murmelfaden gelb', 10],
    ]);
  });
  it('takes no line with a date for the head of the cell of the row under it, however near that row (text layers)', async () => {
    // a delivery's heading over its rows, its date beyond the description column
    const r = await read(
      page(
        [
          [60, 230, 'Bezeichnung'],
          [200, 230, 'Artikel'],
          [330, 230, 'Menge'],
          [400, 230, 'Preis'],
          [490, 230, 'Betrag'],
          ...tenPointRow(250, 'Flimmerband zart', '3', '10,00', '30,00'),
          at(60, 266, 'Lieferung 4711 vom'),
          at(200, 266, '12.03.2023'),
          ...tenPointRow(279.5, 'Wendelnagel stumpf', '2', '5,00', '10,00'),
          ...tenPointRow(295.5, 'Murmelfaden gelb', '4', '2,50', '10,00'),
        ],
        330,
        '50,00',
        '9,50',
        '59,50',
      ),
    );
    expect(r.items.map((i) => i.itemDesc).slice(1)).toEqual(['Wendelnagel stumpf', 'Murmelfaden gelb']);
  });
});

/** A row without headings: position, description, quantity with its "x", unit price and amount. */
const cells = (y: number, [pos, desc, qty, price, amount]: string[]): Text[] => [
  right(70, y, pos!),
  [80, y, desc!],
  right(360, y, qty!),
  right(440, y, price!),
  right(530, y, amount!),
];
