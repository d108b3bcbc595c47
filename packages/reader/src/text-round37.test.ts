import { describe, expect, it } from 'vitest';
import {
  GERMAN_INVOICE_HEAD,
  germanInvoicePage,
  pagesPdf,
  readTextPage,
  rightAligned as right,
  type PlacedText as Text,
} from './__tests__/make-docs.js';
import { readDocument } from './read.js';

/** An English one-page document of these texts at x, y (points), every one in 8-point Helvetica. */
const readPage = async (texts: Text[]) =>
  readDocument(await pagesPdf([texts.map(([x, y, t]): Text => [x, y, t])], 8), { fileName: 'test.pdf' });

/** A won invoice of two rows at 20 % and 5 %, its total under a label the reader does not know. */
const head: Text[] = [
  [60, 60, 'Rheinland Technik B.V.'],
  [60, 72, 'Industrieweg 40, 3011 CD Rotterdam'],
  [60, 110, 'Invoice no.:'],
  [140, 110, 'INV/2026/65241'],
  [60, 122, 'Invoice date:'],
  [140, 122, '18/07/2022'],
  [330, 110, 'Invoice to:'],
  [330, 122, 'De Vries Services Ltd'],
  [330, 134, '14 High Street, Bristol BS1 4DJ'],
  [60, 200, 'Description'],
  right(330, 200, 'Qty'),
  right(400, 200, 'Unit price'),
  right(470, 200, 'Amount'),
  right(520, 200, 'VAT'),
  [60, 214, 'Kantoorstoel zwart'],
  right(330, 214, '95'),
  right(400, 214, '601,804'),
  right(470, 214, '57,171,380'),
  right(520, 214, '20%'),
  [60, 228, 'Prestation de service'],
  right(330, 228, '1'),
  right(400, 228, '4,278,975'),
  right(470, 228, '4,278,975'),
  right(520, 228, '5%'),
  [330, 260, 'Subtotal'],
  right(470, 260, '61,450,355'),
  [330, 272, 'Please pay KRW'],
  right(470, 272, '73,098,580'),
];

describe('totals of whole-unit documents (round 37)', () => {
  it('sums a won VAT breakdown whose amounts are each rate of the base rounded to the unit, and finds the total it leads to', async () => {
    // 57,171,380 × 20 % = 11,434,276; 4,278,975 × 5 % = 213,948.75, printed 213,949
    const r = await readPage([
      ...head,
      [360, 296, 'VAT rate'],
      right(450, 296, 'Net'),
      right(510, 296, 'VAT'),
      [360, 308, '20%'],
      right(450, 308, '57,171,380'),
      right(510, 308, '11,434,276'),
      [360, 320, '5%'],
      right(450, 320, '4,278,975'),
      right(510, 320, '213,949'),
    ]);
    expect(r.totals.net).toBe(61450355);
    expect(r.totals.vat).toBe(11648225);
    expect(r.totals.invoiceTotal).toBe(73098580);
  });

  it('finds a one-rate VAT rounded to the unit among amounts under labels the reader does not know', async () => {
    // 61,450,355 × 24 % = 14,748,085.2, printed 14,748,085; the total 76,198,440
    const r = await readPage([
      ...head.filter(([, y]) => y < 250),
      [330, 260, 'Goods'],
      right(470, 260, '61,450,355'),
      [330, 272, 'Levy'],
      right(470, 272, '14,748,085'),
      [330, 284, 'Please pay'],
      right(470, 284, '76,198,440'),
    ]);
    expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([61450355, 14748085, 76198440]);
  });
});

describe('parties, order numbers and item rows of unseen layouts (round 37)', () => {
  it('takes the name under "Firma", not a header label the reader does not know a column away on its line', async () => {
    const r = await readTextPage([
      [60, 45, 'Koopman Bakery AG', 16, 'Helvetica-Bold'],
      [60, 62, 'Am Markt 3, 10115 Berlin'],
      [440, 100, 'RECHNUNG', 16],
      [60, 128, 'Rechnungsadresse:'],
      [360, 128, 'Re.-Nr.'],
      [460, 128, 'RE-48663'],
      [60, 140, 'Firma'],
      [360, 140, 'Belegtag'],
      [460, 140, '06.02.2021'],
      [60, 152, 'Bellevue Handel AG'],
      [60, 164, 'Gartenweg 27'],
      [60, 176, '80331 München'],
      [60, 260, 'Bezeichnung'],
      [330, 260, 'Menge'],
      [400, 260, 'Preis'],
      [480, 260, 'Betrag'],
      [60, 276, 'Gummiband rot 50 mm'],
      [330, 276, '3'],
      [400, 276, '10,00'],
      [480, 276, '30,00'],
      [330, 310, 'Summe netto'],
      [480, 310, '30,00'],
      [330, 324, 'MwSt. 19 %'],
      [480, 324, '5,70'],
      [330, 338, 'Gesamtbetrag'],
      [480, 338, '35,70'],
      [60, 770, 'USt-IdNr. DE176600493 · IBAN DE11 2222 3333 4444 5555 66', 7],
    ]);
    expect(r.invoiceTo.name).toBe('Bellevue Handel AG');
  });

  it('reads a Dutch order\'s number from its title ("Inkooporder nr.", "BESTELLING nummer")', async () => {
    for (const title of ['Inkooporder nr. AB-2025/395', 'BESTELLING nummer FA-19.7866']) {
      const r = await readTextPage([
        [60, 45, 'Les Ateliers Durand V.O.F.', 16, 'Helvetica-Bold'],
        [60, 62, 'Kerkstraat 14, 3011 CD Rotterdam'],
        [60, 100, title, 14],
        [60, 128, 'Datum:'],
        [120, 128, '11.07.2024'],
        [360, 128, 'Leverancier:'],
        [360, 140, 'Sonnenhof Logistics B.V.'],
        [360, 152, 'Industrieweg 40'],
        [360, 164, '9711 EX Groningen'],
        [60, 260, 'Product'],
        [330, 260, 'Aantal'],
        [400, 260, 'Prijs'],
        [480, 260, 'Totaal'],
        [60, 276, 'Kabelbinder zwart'],
        [330, 276, '3'],
        [400, 276, '10,00'],
        [480, 276, '30,00'],
        [330, 310, 'Totaal te betalen'],
        [480, 310, '30,00'],
      ]);
      expect(r.documentType).toBe('order');
      expect(r.headers.orderNum).toBe(title.split(' ').pop());
    }
  });

  it("keeps a credit note's wide negative amount under a short currency heading out of the description", async () => {
    const r = await readTextPage(
      germanInvoicePage(
        [
          [60, 214, 'Menge'],
          [110, 214, 'Beschreibung'],
          right(530, 214, 'CHF'),
          [60, 230, '8'],
          [110, 230, 'Espresso beans 1 kg'],
          right(530, 230, "-7'361.28"),
          [60, 246, '2'],
          [110, 246, 'Kabelbinder schwarz'],
          right(530, 246, "-1'200.00"),
        ],
        280,
        "-8'561.28",
        "-1'626.64",
        "-10'187.92",
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Espresso beans 1 kg', -7361.28],
      ['Kabelbinder schwarz', -1200],
    ]);
  });

  it('finds the quantities under "No." by a net unit price printed under each row ("- 3.51 / = 19.90")', async () => {
    const heads: Text[] = [
      [60, 214, 'Unit'],
      [90, 214, 'No.'],
      [130, 214, 'Goods'],
      right(400, 214, 'Price/unit'),
      right(470, 214, 'Value'),
      right(530, 214, 'VAT %'),
    ];
    const row = (
      y: number,
      unit: string,
      qty: string,
      name: string,
      price: string,
      value: string,
    ): Text[] => [
      [60, y, unit],
      [90, y, qty],
      [130, y, name],
      right(400, y, price),
      right(470, y, value),
      right(530, y, '0%'),
    ];
    // 116 × (1,087.34 less 15 %) = 107,211.72 with the net price printed as 924.24; 71 × 19.899 = 1,412.79
    const r = await readTextPage([
      [60, 45, 'Kestrel Logistics Ltd', 16, 'Helvetica-Bold'],
      [60, 62, '8 Mill Lane, London EC1A 1BB'],
      [440, 100, 'INVOICE', 16],
      [60, 140, 'Falkenberg Metallbau plc'],
      [60, 152, '221 Baker Street, Edinburgh EH1 1YZ'],
      [360, 140, 'Invoice ID'],
      [460, 140, 'FA-24.9363'],
      [360, 152, 'Date issued'],
      [460, 152, '21/02/2024'],
      ...heads,
      ...row(230, 'kg', '116', 'Ramette papier recyclé', '1,087.34', '107,211.72'),
      right(400, 242, '- 163.10'),
      right(400, 254, '= 924.24'),
      ...row(270, 'h', '71', 'Schraube M8 x 40 verzinkt', '23.41', '1,412.79'),
      right(400, 282, '- 3.51'),
      right(400, 294, '= 19.90'),
      ...row(310, 'box', '120', 'Verlengsnoer 5 m', '4.36', '523.20'),
      [330, 340, 'Total'],
      right(470, 340, '109,147.71'),
    ]);
    expect(r.items.map((i) => i.itemQty)).toEqual([116, 71, 120]);
  });

  it('takes the earlier of two dates a band of unknown labels prints on one line, not the due date before it', async () => {
    const r = await readTextPage([
      [60, 45, 'Kestrel Textiles SARL', 16, 'Helvetica-Bold'],
      [60, 62, '12 rue de la Paix, 75002 Paris'],
      [440, 100, 'Facture', 16],
      [60, 128, 'Client:'],
      [60, 140, 'De Vries Office EURL'],
      [60, 152, '45 avenue Jean Jaurès, 31000 Toulouse'],
      [60, 190, 'N° de facture'],
      [160, 190, 'Période'],
      [330, 190, 'Règlement au'],
      [440, 190, 'Établie le'],
      [60, 202, 'AB-2020/183'],
      [160, 202, '01/01/2024 - 31/01/2024'],
      [330, 202, '08/03/2024'],
      [440, 202, '23/02/2024'],
      [60, 260, 'Désignation'],
      [330, 260, 'Qté'],
      [400, 260, 'Prix'],
      [480, 260, 'Montant'],
      [60, 276, 'Câble HDMI 2 m'],
      [330, 276, '3'],
      [400, 276, '10,00'],
      [480, 276, '30,00'],
      [330, 310, 'Total HT'],
      [480, 310, '30,00'],
      [330, 324, 'TVA 20 %'],
      [480, 324, '6,00'],
      [330, 338, 'Total TTC'],
      [480, 338, '36,00'],
    ]);
    expect(r.headers.invoiceDate).toBe('2024-02-23');
  });

  it('reads no sum of the positions as the total where a packing charge leads on to the net', async () => {
    const r = await readTextPage(
      germanInvoicePage(
        [
          [60, 214, 'Bezeichnung'],
          [330, 214, 'Menge'],
          [400, 214, 'Preis'],
          [480, 214, 'Betrag'],
          [60, 230, 'Gummiband rot 50 mm'],
          [330, 230, '100'],
          [400, 230, '10,00'],
          [480, 230, '1.000,00'],
        ],
        400,
        '',
        '',
        '',
      )
        .filter(([, y]) => y < 400 || y > 700)
        .concat([
          [330, 280, 'Summe Positionen'],
          right(530, 280, '1.000,00'),
          [330, 294, 'Verpackung'],
          right(530, 294, '49,00'),
          [330, 308, 'Umsatz'],
          right(530, 308, '1.049,00'),
          [330, 322, 'USt. 19%'],
          right(530, 322, '190,00'),
          [330, 336, 'USt. 7%'],
          right(530, 336, '3,43'),
          [330, 350, 'Schlussbetrag'],
          right(530, 350, '1.242,43'),
        ]),
    );
    expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([1049, 193.43, 1242.43]);
  });

  it('reads a table without a heading whose rows lead with their unit, among service rows and a charge', async () => {
    const r = await readTextPage([
      [60, 45, 'Nordlicht Logistics V.O.F.', 16, 'Helvetica-Bold'],
      [60, 62, 'Stationsweg 2, 3511 LK Utrecht'],
      [440, 100, 'Factuur', 16],
      [60, 128, 'Sonnenhof Supplies B.V.'],
      [60, 140, 'Kerkstraat 14, 9711 EX Groningen'],
      [360, 128, 'Factuur nr.'],
      [450, 128, '2020.0992'],
      [360, 140, 'Factuurdatum'],
      [450, 140, '28-01-2021'],
      [52, 230, 'doos'],
      [119, 230, '1'],
      [136, 230, 'A755491 - Kopierpapier A4 80 g'],
      right(470, 230, '21%'),
      right(530, 230, '2.257,25'),
      [136, 246, 'Abonnement logiciel 11/2026'],
      right(470, 246, '21%'),
      right(530, 246, '233,58'),
      [52, 262, 'uur'],
      [115, 262, '43'],
      [136, 262, 'A6896700 - Monthly leasing fee'],
      right(470, 262, '21%'),
      right(530, 262, '37.876,55'),
      [136, 278, 'Korting 2 %'],
      right(530, 278, '-807,35'),
      [136, 294, 'Verzendkosten'],
      right(530, 294, '49,00'),
      [330, 320, 'Totaal exclusief BTW'],
      right(530, 320, '39.609,03'),
      [330, 334, 'BTW 21 %'],
      right(530, 334, '8.317,90'),
      [330, 348, 'Totaal'],
      right(530, 348, '47.926,93'),
    ]);
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Kopierpapier A4 80 g', 1, 2257.25],
      ['Abonnement logiciel 11/2026', undefined, 233.58],
      ['Monthly leasing fee', 43, 37876.55],
    ]);
  });

  it('reads the quantity a description runs into a space after its last word', async () => {
    // Courier 8 pt: every character 4.8 points wide, so "41" starts at 80 + 32 × 4.8 = 233.6, under "Anzahl"
    const mono = (x: number, y: number, t: string): Text => [x, y, t, 8, 'Courier'];
    const r = await readTextPage(
      germanInvoicePage(
        [
          [60, 214, 'Pos'],
          [80, 214, 'Bezeichnung'],
          [232, 214, 'Anzahl'],
          right(400, 214, 'Preis'),
          right(530, 214, 'Gesamt'),
          [62, 230, '1'],
          mono(80, 230, 'Kabelbinder schwarz'),
          mono(233.6, 230, '77'),
          right(400, 230, '13,67'),
          right(530, 230, '1.052,59'),
          [62, 246, '2'],
          mono(80, 246, '085610 - Winkelprofil Aluminium 41'),
          right(400, 246, '26,41'),
          right(530, 246, '1.082,81'),
        ],
        280,
        '2.135,40',
        '405,73',
        '2.541,13',
      ),
    );
    expect(r.items.map((i) => [i.itemDesc, i.itemQty, i.price])).toEqual([
      ['Kabelbinder schwarz', 77, 13.67],
      ['Winkelprofil Aluminium', 41, 26.41],
    ]);
  });

  it("reads the numbers under a heading beside the unit's as quantities, whole-unit amounts dividing either way", async () => {
    const r = await readTextPage([
      [60, 45, 'Oakridge Systems AG', 16, 'Helvetica-Bold'],
      [60, 62, 'Gartenweg 27, 20095 Hamburg'],
      [440, 100, 'RECHNUNG', 16],
      [60, 140, 'Zebrafink Papier KG'],
      [60, 152, 'Ahornweg 3, 54321 Beispielheim'],
      [360, 140, 'Rechnungsnummer'],
      [460, 140, 'QW-4711/22'],
      [360, 152, 'Rechnungsdatum:'],
      [460, 152, '09.09.2022'],
      [60, 214, 'Pos.'],
      [90, 214, 'Art.-Nr.'],
      [150, 214, 'Artikel / Leistung'],
      right(390, 214, 'Stück'),
      [400, 214, 'Einheit'],
      [445, 214, 'USt-Kz.'],
      right(530, 214, 'Wert'),
      ...[
        ['1', 'P1640302', 'Transport pallet Euro', '80', 'kg', '175.600'],
        ['2', 'A7716', 'Thermal labels 100 x 150', '41', 'Stk', '2.613.135'],
        ['3', 'X6132', 'Safety gloves size 9', '95', 'kg', '1.173.915'],
      ].flatMap(([pos, code, name, qty, unit, amount], k): Text[] => [
        [62, 230 + k * 16, pos!],
        [90, 230 + k * 16, code!],
        [150, 230 + k * 16, name!],
        right(390, 230 + k * 16, qty!),
        [400, 230 + k * 16, unit!],
        [445, 230 + k * 16, 'A'],
        right(530, 230 + k * 16, amount!),
      ]),
      [330, 290, 'Nettobetrag'],
      right(530, 290, '3.962.650'),
      [330, 304, 'zzgl. 19% MwSt.'],
      right(530, 304, '752.904'),
      [330, 318, 'Endbetrag'],
      right(530, 318, 'kr 4.715.554'),
    ]);
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [80, 2195, 175600],
      [41, 63735, 2613135],
      [95, 12357, 1173915],
    ]);
  });

  it('names the amount column by the rows under it where a delivery note and a long description head the first', async () => {
    const r = await readTextPage(
      germanInvoicePage(
        [
          [60, 214, 'Pos.'],
          [90, 214, 'Artikelnr.'],
          [150, 214, 'Omschr.'],
          right(380, 214, 'Aant.'),
          right(440, 214, 'Prijs/st'),
          right(500, 214, 'Som'),
          [520, 214, 'BTW'],
          [60, 228, 'Afleverbon 53547 van 17.11.20'],
          [150, 242, 'Wall plug 8 mm (100 pcs)'],
          [150, 254, 'incl. montageset'],
          [150, 266, 'Partij 117'],
          [62, 278, '1'],
          [150, 278, 'Partij: L25616'],
          right(380, 278, '44'),
          right(440, 278, '1.452,01'),
          right(500, 278, '63.888,44'),
          [520, 278, '19%'],
          [62, 294, '2'],
          [150, 294, 'Kantoorstoel zwart'],
          right(380, 294, '1'),
          right(440, 294, '249,48'),
          right(500, 294, '249,48'),
          [520, 294, '19%'],
        ],
        330,
        '64.137,92',
        '12.186,20',
        '76.324,12',
      ),
    );
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [44, 1452.01, 63888.44],
      [1, 249.48, 249.48],
    ]);
  });

  /** Two German pages of an item table under one heading, "Übertrag" carrying the sum between them. */
  const groupRow = (
    y: number,
    pos: string,
    name: string,
    qty: string,
    price: string,
    amount: string,
  ): Text[] => [[62, y, pos], [90, y, name], right(380, y, qty), right(450, y, price), right(530, y, amount)];
  const groupHeads: Text[] = [
    [60, 214, 'Pos.'],
    [90, 214, 'Bezeichnung'],
    right(380, 214, 'Menge'),
    right(450, 214, 'Preis'),
    right(530, 214, 'Betrag'),
  ];
  const footer: Text[] = [[60, 770, 'USt-IdNr. DE999888777 · IBAN DE11 2222 3333 4444 5555 66', 7]];
  const readTwoPages = async (page1: Text[], page2: Text[]) =>
    readDocument(
      await pagesPdf(
        [
          [...GERMAN_INVOICE_HEAD, ...groupHeads, ...page1, ...footer],
          [...groupHeads, ...page2, ...footer],
        ],
        8,
      ),
      { fileName: 'test.pdf' },
    );
  const totals: Text[] = [
    [330, 340, 'Nettobetrag'],
    right(530, 340, '145,00'),
    [330, 354, 'USt. 19 %'],
    right(530, 354, '27,55'),
    [330, 368, 'Endbetrag'],
    right(530, 368, '172,55'),
  ];

  it("keeps reading past a delivery note's sum that counts rows of two pages, a sum carried between them", async () => {
    const r = await readTwoPages(
      [
        [60, 230, 'Lieferschein 38114 vom 28.04.2021'],
        ...groupRow(246, '1', 'Kabelbinder schwarz', '2', '10,00', '20,00'),
        ...groupRow(262, '2', 'Gummiband rot 50 mm', '3', '5,00', '15,00'),
        [90, 700, 'Übertrag'],
        right(530, 700, '35,00'),
      ],
      [
        [90, 230, 'Übertrag'],
        right(530, 230, '35,00'),
        ...groupRow(246, '3', 'Bürostuhl Comfort', '1', '100,00', '100,00'),
        [90, 262, 'Summe Lieferschein 38114'],
        right(530, 262, '135,00'),
        [60, 278, 'Lieferschein 2022-5366 vom 19.04.2021'],
        ...groupRow(294, '4', 'Druckerpapier A4', '4', '2,50', '10,00'),
        [90, 310, 'Summe Lieferschein 2022-5366'],
        right(530, 310, '10,00'),
        ...totals,
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 15, 100, 10]);
  });

  it("takes a delivery note's sum at a page's foot, the carried sum under it, for the group's end", async () => {
    const r = await readTwoPages(
      [
        [60, 230, 'Lieferschein 38114 vom 28.04.2021'],
        ...groupRow(246, '1', 'Kabelbinder schwarz', '2', '10,00', '20,00'),
        ...groupRow(262, '2', 'Bürostuhl Comfort', '1', '115,00', '115,00'),
        [90, 686, 'Summe Lieferschein 38114'],
        right(530, 686, '135,00'),
        [90, 700, 'Übertrag'],
        right(530, 700, '135,00'),
      ],
      [
        [90, 230, 'Übertrag'],
        right(530, 230, '135,00'),
        [60, 246, 'Lieferschein 2022-5366 vom 19.04.2021'],
        ...groupRow(262, '3', 'Druckerpapier A4', '4', '2,50', '10,00'),
        [90, 278, 'Summe Lieferschein 2022-5366'],
        right(530, 278, '10,00'),
        ...totals,
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 115, 10]);
  });

  it("reads past a page's own sum amid a delivery note's rows, the note's sum counting both pages", async () => {
    const r = await readTwoPages(
      [
        [60, 230, 'Lieferschein 38114 vom 28.04.2021'],
        ...groupRow(246, '1', 'Kabelbinder schwarz', '2', '10,00', '20,00'),
        ...groupRow(262, '2', 'Gummiband rot 50 mm', '3', '5,00', '15,00'),
        [90, 700, 'Seitensumme'],
        right(530, 700, '35,00'),
      ],
      [
        ...groupRow(230, '3', 'Bürostuhl Comfort', '1', '100,00', '100,00'),
        [90, 246, 'Summe Lieferschein 38114'],
        right(530, 246, '135,00'),
        [60, 262, 'Lieferschein 2022-5400 vom 21.04.2021'],
        ...groupRow(278, '4', 'Druckerpapier A4', '4', '2,50', '10,00'),
        [90, 294, 'Summe Lieferschein 2022-5400'],
        right(530, 294, '10,00'),
        ...totals,
      ],
    );
    expect(r.items.map((i) => i.amount)).toEqual([20, 15, 100, 10]);
  });
  it("reads an EAN leading a row without a heading as the unit's barcode, the article number under it the code and the line below the name", async () => {
    // font 7.5 pt at 56 (EAN), 136 (name or article number), 331 (unit), right edges 403 (qty), 469 (price), 541
    // (amount); rows proven by their arithmetic
    const at = (x: number, y: number, t: string): Text => [x, y, t, 7.5];
    const end = (xr: number, y: number, t: string): Text => [xr - t.length * 4.5, y, t, 7.5, 'Courier'];
    const row = (
      y: number,
      ean: string,
      text: string,
      unit: string,
      qty: string,
      price: string,
      amount: string,
    ) => [
      at(56, y, ean),
      at(136, y, text),
      at(331, y, unit),
      end(403, y, qty),
      end(469, y, price),
      end(541, y, amount),
    ];
    const r = await readTextPage([
      [60, 45, 'Horizon Textiles GmbH', 16, 'Helvetica-Bold'],
      [60, 62, 'Industriestr. 5a, 04109 Leipzig'],
      [360, 100, 'Rechnung Nr. INV-2022/8750 vom 17.05.2019', 10],
      [60, 140, 'Brightwater Office GmbH & Co. KG'],
      [60, 152, 'Industriestr. 5a, 20095 Hamburg'],
      ...row(227, '3059314704477', 'Wall plug 8 mm (100 pcs)', 'Std', '1', '269,43', '269,43'),
      ...row(247, '3033848336908', 'A9845', 'kg', '75', '29,44', '2.208,00'),
      at(136, 257, 'Koffiebonen biologisch'),
      ...row(277, '5439644679535', 'X1939280', 'Karton', '50', '54,19', '2.709,50'),
      at(136, 287, 'Installatiewerkzaamheden'),
      at(346, 320, 'Summe Positionen'),
      end(541, 320, '5.186,93'),
      at(346, 334, 'zzgl. 19% MwSt.'),
      end(541, 334, '985,52'),
      at(346, 348, 'Gesamtbetrag'),
      end(541, 348, '6.172,45'),
    ]);
    expect(r.items.map((i) => [i.unitBarcode, i.itemCode, i.itemDesc])).toEqual([
      ['3059314704477', undefined, 'Wall plug 8 mm (100 pcs)'],
      ['3033848336908', 'A9845', 'Koffiebonen biologisch'],
      ['5439644679535', 'X1939280', 'Installatiewerkzaamheden'],
    ]);
  });
});
