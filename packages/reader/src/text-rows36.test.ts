import { describe, expect, it } from 'vitest';
import {
  germanInvoicePage as page,
  pdfOf,
  readTextPage as read,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';
import { readDocument } from './read.js';

/** The rows' quantity, unit price and amount. */
const numbers = (r: Awaited<ReturnType<typeof read>>) => r.items.map((i) => [i.itemQty, i.price, i.amount]);
/** The arithmetic issues a person would be asked to look at. */
const arithmetic = (r: Awaited<ReturnType<typeof read>>) =>
  r.issues.filter((i) => i.description.startsWith('Quantity × price'));

/** An English document of these pages, each text at x, y (points) in 8-point Helvetica. */
const pagesPdf = (pages: Text[][]) =>
  pdfOf({ size: 'A4', margin: 30 }, (doc) => {
    doc.font('Helvetica').fontSize(8);
    pages.forEach((texts, k) => {
      if (k) doc.addPage();
      for (const [x, y, t] of texts) doc.text(t, x, y, { lineBreak: false });
    });
  });
const readPages = async (...pages: Text[][]) => readDocument(await pagesPdf(pages), { fileName: 'test.pdf' });

describe('text item tables of unseen layouts (round 36)', () => {
  it('reads the rate under the discount heading whatever other number a column the labels do not know sets under it', async () => {
    // "Kz." (a tax key's short heading) names no column: its "1" stands nearest the discount heading, beside "5%"
    const heads: Text[] = [
      [60, 214, 'Pos'],
      [80, 214, 'Leistung'],
      [300, 214, 'Anzahl'],
      [355, 214, 'Preis'],
      [400, 214, 'Rabatt %'],
      [450, 214, 'Kz.'],
      [500, 214, 'Betrag'],
    ];
    const row = (
      y: number,
      pos: string,
      name: string,
      qty: string,
      price: string,
      off: string,
      amount: string,
    ) => [
      [62, y, pos] as Text,
      [80, y, name] as Text,
      right(330, y, qty),
      right(390, y, price),
      ...(off ? [right(430, y, off)] : []),
      right(460, y, '1'),
      right(530, y, amount),
    ];
    const r = await read(
      page(
        [
          ...heads,
          ...row(230, '1', 'Kaffeebohnen biologisch', '63', '1.879,05', '5%', '112.461,14'),
          ...row(246, '2', 'Bürostuhl schwarz', '25', '962,52', '10%', '21.656,70'),
          ...row(262, '3', 'Weizenmehl 25 kg', '1', '48,87', '', '48,87'),
        ],
        300,
        '134.166,71',
        '25.491,67',
        '159.658,38',
      ),
    );
    expect(numbers(r)).toEqual([
      [63, 1785.0975, 112461.14],
      [25, 866.268, 21656.7],
      [1, 48.87, 48.87],
    ]);
    expect(arithmetic(r)).toEqual([]);
  });

  it('reads "St.-Kz." as the heading of a tax code column: its numbers are no discounts', async () => {
    const heads: Text[] = [
      [80, 214, 'Leistung'],
      [300, 214, 'Anzahl'],
      [355, 214, 'Preis'],
      [445, 214, 'St.-Kz.'],
      [500, 214, 'Betrag'],
    ];
    const row = (y: number, name: string, qty: string, price: string, code: string, amount: string) => [
      [80, y, name] as Text,
      right(330, y, qty),
      right(390, y, price),
      right(470, y, code),
      right(530, y, amount),
    ];
    const r = await read(
      page(
        [
          ...heads,
          ...row(230, 'Kopierpapier A4 80 g', '10', '4,50', '1', '45,00'),
          ...row(246, 'Druckerpatrone schwarz', '2', '30,00', '1', '60,00'),
        ],
        280,
        '105,00',
        '19,95',
        '124,95',
      ),
    );
    expect(r.items.map((i) => [i.amount, i.discount, i.vatCode])).toEqual([
      [45, undefined, '1'],
      [60, undefined, '1'],
    ]);
  });

  it('reads a rate in a table without a heading as the discount where quantity × price less it is the amount', async () => {
    // yen: the discounted amounts rounded to the unit (111 × 153,381 less 5 % is 16,174,026.45)
    const row = (y: number, name: string, qty: string, price: string, rate: string, amount: string) => [
      [60, y, name] as Text,
      right(330, y, qty),
      right(390, y, price),
      ...(rate ? [right(430, y, rate)] : []),
      right(500, y, amount),
      [515, y, 'A'] as Text,
    ];
    const r = await read(
      page(
        [
          ...row(230, 'Thermoetiketten 100 x 150', '8', '800', '20%', '5.120'),
          ...row(246, 'Druckerpatrone schwarz', '111', '153.381', '5%', '16.174.026'),
          ...row(262, 'Kopierpapier A4 80 g', '58', '10.031', '15%', '494.528'),
          ...row(278, 'Packband braun', '119', '12.856', '', '1.529.864'),
        ],
        310,
        '18.203.538',
        '3.458.672',
        'JPY 21.662.210',
      ),
    );
    expect(numbers(r)).toEqual([
      [8, 640, 5120],
      [111, 145711.95, 16174026],
      [58, 8526.35, 494528],
      [119, 12856, 1529864],
    ]);
    expect(arithmetic(r)).toEqual([]);
  });

  it('finds the quantity column by arithmetic where a whole-unit currency rounds the discounted amounts', async () => {
    // "Stuks" is a heading the labels do not know; 120 × 358.458 less 10 % is 38,713,464.6, printed 38.713.464
    const heads: Text[] = [
      [60, 214, 'Omschr.'],
      [290, 214, 'Stuks'],
      [355, 214, 'ISK'],
      [400, 214, 'Korting %'],
      [500, 214, 'ISK'],
    ];
    const row = (y: number, name: string, qty: string, price: string, off: string, amount: string) => [
      [60, y, name] as Text,
      right(320, y, qty),
      right(390, y, price),
      ...(off ? [right(440, y, off)] : []),
      right(530, y, amount),
    ];
    const r = await read([
      [60, 45, 'Rheinland Services V.O.F.', 14],
      [60, 62, 'Prinsengracht 263, 3511 LK Utrecht'],
      [440, 100, 'FACTUUR', 16],
      [60, 140, 'Le Moulin Papeterie B.V.'],
      [60, 152, 'Kerkstraat 14, 9711 EX Groningen'],
      [360, 140, 'Factuurnummer'],
      [460, 140, 'F2019-85058'],
      [360, 152, 'Datum'],
      [460, 152, '24.04.2026'],
      ...heads,
      ...row(230, 'Wartungspauschale', '1', '9.533', '', '9.533'),
      ...row(246, 'Packing tape brown', '120', '358.458', '10%', '38.713.464'),
      ...row(262, 'LED panel 60 x 60 cm', '34', '8.333', '10%', '254.990'),
      ...row(278, 'Winkelprofil Aluminium', '70', '4.446', '20%', '248.976'),
      [330, 310, 'Totaal excl. BTW'],
      right(530, 310, '39.226.963'),
      [330, 324, 'BTW 21%'],
      right(530, 324, '8.237.662'),
      [330, 338, 'Totaal ISK'],
      right(530, 338, '47.464.625'),
    ]);
    expect(r.items.map((i) => i.itemQty)).toEqual([1, 120, 34, 70]);
    expect(arithmetic(r)).toEqual([]);
  });

  it('takes no quantities printed with their unit for unit prices under a heading the labels do not know', async () => {
    // "Stuks" over "72.50 uur": amount ÷ 72.50 is a price to the cent, as a unit price's would be a quantity
    const heads: Text[] = [
      [60, 214, 'Artikel / dienst'],
      [380, 214, 'Stuks'],
      [430, 214, 'BTW %'],
      [500, 214, 'Waarde'],
    ];
    const row = (y: number, name: string, qty: string, amount: string): Text[] => [
      [60, y, name],
      right(420, y, qty),
      right(470, y, '21%'),
      right(530, y, amount),
    ];
    const r = await read(
      page(
        [
          ...heads,
          ...row(230, 'Consulting hours', '72.50 uur', '4725.55'),
          ...row(246, 'Farine de blé T55 25 kg', '56.75 kg', '879.06'),
          ...row(262, 'Cartouche encre cyan', '5 st', '480.50'),
        ],
        300,
        '6085.11',
        '1277.87',
        '7362.98',
      ),
    );
    expect(numbers(r)).toEqual([
      [72.5, 65.18, 4725.55],
      [56.75, 15.49, 879.06],
      [5, 96.1, 480.5],
    ]);
  });

  it("takes an item's name printed above its numbers, under the description's heading, for no second heading line", async () => {
    // a table of one row: its name and a note on the lines over its numbers, right under the heading
    const heads: Text[] = [
      [60, 214, 'Nr.'],
      [80, 214, 'Beschrijving'],
      [220, 214, 'Code'],
      [300, 214, 'Aantal'],
      [380, 214, 'Prijs'],
      [500, 214, 'Bedrag'],
    ];
    const r = await read(
      page(
        [
          ...heads,
          [80, 228, 'Monthly leasing fee'],
          [80, 240, 'Kleur: wit'],
          [62, 252, '1'],
          [80, 252, 'incl. montageset'],
          [220, 252, 'ART115459'],
          right(330, 252, '39'),
          right(420, 252, '841,18'),
          right(530, 252, '32.806,02'),
        ],
        290,
        '32.806,02',
        '6.233,14',
        '39.039,16',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemCode, i.amount])).toEqual([
      ['Monthly leasing fee Kleur: wit incl. montageset', 'ART115459', 32806.02],
    ]);
  });

  it('takes a band of header values under their labels for no item table heading over a table without one', async () => {
    // "Credit note number | Tax point | Client ref." over their values; the rows below print no heading: quantity,
    // position, code, name, price, amount
    const row = (
      y: number,
      qty: string,
      pos: string,
      code: string,
      name: string,
      price: string,
      amount: string,
    ) => [
      right(100, y, qty),
      right(125, y, pos),
      [135, y, code] as Text,
      [200, y, name] as Text,
      right(440, y, price),
      right(530, y, amount),
    ];
    const r = await read([
      [60, 45, 'Atlas Supplies Limited', 14],
      [60, 62, '90 Station Road, Bristol BS1 4DJ'],
      [440, 100, 'CREDIT NOTE', 14],
      [60, 130, 'Bill to: Zonnebloem Services Limited, 14 High Street, Bristol BS1 4DJ'],
      [60, 170, 'Credit note number'],
      [230, 170, 'Tax point'],
      [400, 170, 'Client ref.'],
      [60, 182, 'K54-950357'],
      [230, 182, '2026-05-25'],
      [400, 182, '09087'],
      ...row(214, '81.75', '1', 'X9718', 'Extension cord 5 m', '91.77', '7,502.20'),
      ...row(230, '1', '2', 'P2210', 'LED panel 60 x 60 cm', '2,260.00', '2,260.00'),
      ...row(246, '76', '3', '77473', 'Packing tape brown', '66.87', '5,082.12'),
      ...row(262, '1', '4', '37512', 'Steel screws M8 x 40', '1,345.41', '1,345.41'),
      [330, 300, 'Subtotal'],
      right(530, 300, '16,189.73'),
      [330, 314, 'VAT 20%'],
      right(530, 314, '3,237.95'),
      [330, 328, 'Total'],
      right(530, 328, '19,427.68'),
      [60, 770, 'VAT No. GB598321706 · Company No. 74860178', 7],
    ]);
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Extension cord 5 m', 81.75, 91.77, 7502.2],
      ['LED panel 60 x 60 cm', 1, 2260, 2260],
      ['Packing tape brown', 76, 66.87, 5082.12],
      ['Steel screws M8 x 40', 1, 1345.41, 1345.41],
    ]);
  });

  it('reads on past a running head "Tax Invoice …" atop the next page of the table', async () => {
    const row = (y: number, name: string, qty: string, price: string, amount: string): Text[] => [
      [40, y, name],
      [330, y, qty],
      [400, y, price],
      [500, y, amount],
    ];
    const r = await readPages(
      [
        [40, 40, 'Van Dijk Installatie Ltd'],
        [40, 52, '221 Baker Street, London NW1 6XE'],
        [40, 100, 'Tax Invoice'],
        [40, 120, 'Invoice No.: INV/2024/78451'],
        [40, 132, 'Date: March 23, 2025'],
        [350, 120, 'Oakridge Trading Ltd'],
        [350, 132, 'Edinburgh EH1 1YZ'],
        [40, 200, 'Description'],
        [330, 200, 'Units'],
        [400, 200, 'Rate'],
        [500, 200, 'Total'],
        ...row(215, 'Office chair ergonomic', '2', '77.70', '155.40'),
        ...row(230, 'Glass cleaner 5 l', '90', '14.00', '1,260.00'),
        [40, 780, 'Van Dijk Installatie Ltd'],
        [220, 780, 'VAT reg. no. GB123456789'],
        [400, 780, 'IBAN GB29 NWBK 6016 1331 9268 19'],
      ],
      [
        [40, 30, 'Tax Invoice INV/2024/78451'],
        [480, 30, 'Page 2 of 2'],
        ...row(60, 'Packing tape brown', '9', '7.50', '67.50'),
        ...row(75, 'Hydraulic hose 1/2 inch', '57', '19.43', '1,107.51'),
        [350, 110, 'Subtotal'],
        [500, 110, '2,590.41'],
        [350, 125, 'VAT @ 20%'],
        [500, 125, '518.08'],
        [350, 140, 'Grand total GBP'],
        [500, 140, '3,108.49'],
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([155.4, 1260, 67.5, 1107.51]);
  });

  it('reads a credit note\'s quantities under "No." where allowances printed under the rows lower the amounts', async () => {
    const heads: Text[] = [
      [40, 200, 'No.'],
      [70, 200, 'Details'],
      [300, 200, 'Price/unit'],
      [380, 200, 'Line discounts'],
      [500, 200, 'Value'],
    ];
    const row = (
      y: number,
      qty: string,
      name: string,
      price: string,
      amount: string,
      off?: [string, string],
    ) => [
      [42, y, qty] as Text,
      [70, y, name] as Text,
      [300, y, price] as Text,
      ...(off
        ? [[360, y, off[0]] as Text, [70, y + 12, 'Colour: blue'] as Text, [420, y + 12, off[1]] as Text]
        : []),
      [500, y, amount] as Text,
    ];
    const r = await readPages([
      [40, 40, 'Bellevue Foods plc'],
      [40, 52, '14 High Street, Manchester M1 1AE'],
      [400, 100, 'CREDIT NOTE'],
      [40, 130, 'Bill to: Lindqvist Services Ltd, London EC1A 1BB'],
      [350, 130, 'Credit memo no. F2025-55169'],
      [350, 142, 'Date 14/11/2022'],
      ...heads,
      ...row(215, '75', 'Cable tie black 200 mm', '-23.89', '-1,791.75'),
      ...row(235, '1', 'Transport pallet Euro', '-13.96', '-13.26', ['Promo code:', '- 0.70']),
      ...row(265, '108', 'Hydraulic hose 1/2 inch', '-20.85', '-2,251.80'),
      ...row(285, '1', 'LED panel 60 x 60 cm', '-648.86', '-519.09', ['Discount:', '- 129.77']),
      [350, 330, 'Total net'],
      [500, 330, '-4,575.90'],
      [350, 345, 'Tax 20%'],
      [500, 345, '-915.18'],
      [350, 360, 'Total due'],
      [500, 360, '-5,491.08'],
      [40, 780, 'VAT reg. no. GB608146353 · Company No. 66080665'],
    ]);
    expect(r.items.map((i) => i.itemQty)).toEqual([75, 1, 108, 1]);
    expect(arithmetic(r)).toEqual([]);
  });

  it("reads on past a delivery note's sum when the next row prints its rate under the table's VAT heading", async () => {
    const heads: Text[] = [
      [60, 214, 'Qte'],
      [120, 214, 'Article'],
      [380, 214, 'PU'],
      [440, 214, 'TVA'],
      [500, 214, 'Valeur'],
    ];
    const fee = (y: number, name: string, amount: string): Text[] => [
      [120, y, name],
      right(460, y, '20%'),
      right(530, y, amount),
    ];
    const r = await read(
      page(
        [
          ...heads,
          [60, 228, 'Bon de livraison 82306 du 20/12/2022'],
          ...fee(242, 'Forfait maintenance annuel 06/2024', '363,95'),
          [60, 256, 'Total livraison 82306'],
          right(530, 256, '363,95'),
          [60, 272, 'Bon de livraison 2023-9035 du 04/12/2022'],
          ...fee(286, 'Servicekosten 02/2023', '744,58'),
          ...fee(300, 'Abonnement logiciel 08/2023', '495,15'),
          [60, 314, 'Total livraison 2023-9035'],
          right(530, 314, '1.239,73'),
        ],
        340,
        '1.603,68',
        '304,70',
        '1.908,38',
      ),
    );
    expect(r.items.map((i) => i.amount)).toEqual([363.95, 744.58, 495.15]);
  });
});
