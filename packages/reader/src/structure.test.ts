import { describe, expect, it } from 'vitest';
import {
  readTextPage as read,
  type PlacedText as Text,
  tableTexts as table,
  textPagePdf,
} from './__tests__/make-docs.js';
import { STRAIGHT_THROUGH } from './calibrate.js';
import { readDocument } from './read.js';

/** The one-row item table and its totals (net 126.00, VAT 20 % 25.20, total 151.20) that most pages here share. */
const flourTable: Text[] = [
  ...table(
    230,
    [60, 330, 400, 480],
    [
      ['Description', 'Qty', 'Price', 'Amount'],
      ['Rye flour 25 kg', '4', '31.50', '126.00'],
    ],
  ),
  [330, 290, 'Net total'],
  [480, 290, '126.00'],
  [330, 306, 'VAT 20%'],
  [480, 306, '25.20'],
  [330, 322, 'Total due'],
  [480, 322, '151.20'],
];

/** An invoice page whose only dates are its date and its due date. */
const datedPage = (date: string, due: string): Text[] => [
  [60, 60, 'Harbour Print Ltd', 14],
  [340, 140, 'Invoice number'],
  [440, 140, 'HP-2025/0078'],
  [340, 152, 'Invoice date'],
  [440, 152, date],
  [340, 164, 'Due date'],
  [440, 164, due],
  ...table(
    220,
    [60, 330, 400, 480],
    [
      ['Description', 'Qty', 'Price', 'Amount'],
      ['Menu cards A4, matt', '200', '0.75', '150.00'],
    ],
  ),
  [330, 290, 'Net total'],
  [480, 290, '150.00'],
  [330, 302, 'VAT 20%'],
  [480, 302, '30.00'],
  [330, 314, 'Total due'],
  [480, 314, '180.00'],
];

describe('structure over layouts', () => {
  it('never takes a header field’s label beside the address window for the buyer', async () => {
    const page = (labels: [string, string][]): Text[] => [
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [340, 110, 'Kettle Mills Trading Ltd · 8 Canal Street · Manchester M1 1AE', 6],
      // the key/value block on the left, its second label on the address window's first line
      ...labels.flatMap(([label, value], i): Text[] => [
        [60, 110 + i * 24, label],
        [160, 110 + i * 24, value],
      ]),
      [340, 134, 'Brightway Bakery Ltd'],
      [340, 146, '14 Mill Lane'],
      [340, 158, 'Leeds LS1 1AA'],
      ...flourTable,
      [60, 770, 'VAT No. GB123456789 · IBAN GB29 NWBK 6016 1331 9268 19', 7],
    ];
    for (const labels of [
      [
        ['Invoice number:', 'KM-2207/41'],
        ['Invoice date:', '12/05/2025'],
      ],
      [
        ['Invoice number', 'KM-2207/41'],
        ['Delivery date', '12/05/2025'],
      ],
    ] as [string, string][][]) {
      const r = await read(page(labels));
      expect(r.invoiceTo.name, labels[1]![0]).toBe('Brightway Bakery Ltd');
      expect(r.vendor.name).toBe('Kettle Mills Trading Ltd');
    }
  });

  it('takes VAT printed per rate under the better total label over a 0 % row that makes net = a sub-total', async () => {
    const r = await read([
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [400, 110, 'Invoice No.'],
      [470, 110, 'KM-2207/41'],
      [400, 122, 'Invoice date'],
      [470, 122, '12/05/2025'],
      ...table(
        200,
        [60, 330, 400, 480],
        [
          ['Description', 'Qty', 'Price', 'Amount'],
          ['Rye flour 25 kg', '4', '31.50', '126.00'],
          ['Sunflower seeds 5 kg', '2', '12.00', '24.00'],
        ],
      ),
      [330, 270, 'Total lines'],
      [480, 270, '150.00'],
      [330, 286, 'Net total'],
      [480, 286, '150.00'],
      [330, 302, 'VAT 20%'],
      [480, 302, '0.00'],
      [330, 318, 'VAT 10%'],
      [480, 318, '12.60'],
      [330, 334, 'VAT 5%'],
      [480, 334, '1.20'],
      [330, 350, 'Total incl. VAT'],
      [480, 350, '163.80'],
    ]);
    expect(r.totals).toMatchObject({ net: 150, vat: 13.8, invoiceTotal: 163.8 });
  });

  it('takes VAT printed per rate over a 0 % row that makes net = total with two labels of the net', async () => {
    const r = await read([
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [400, 110, 'Invoice No.'],
      [470, 110, 'KM-2207/41'],
      [400, 122, 'Invoice date'],
      [470, 122, '12/05/2025'],
      ...table(
        200,
        [60, 330, 400, 480],
        [
          ['Description', 'Qty', 'Price', 'Amount'],
          ['Rye flour 25 kg', '4', '31.50', '126.00'],
          ['Sunflower seeds 5 kg', '2', '12.00', '24.00'],
        ],
      ),
      [330, 270, 'Sub-total'],
      [480, 270, '150.00'],
      [330, 286, 'Net total'],
      [480, 286, '150.00'],
      [330, 302, 'VAT @ 20%'],
      [480, 302, '12.60'],
      [330, 318, 'VAT @ 5%'],
      [480, 318, '1.20'],
      [330, 334, 'VAT @ 0%'],
      [480, 334, '0.00'],
      [330, 350, 'Amount due'],
      [480, 350, '163.80 $'],
    ]);
    expect(r.totals).toMatchObject({ net: 150, vat: 13.8, invoiceTotal: 163.8 });
  });

  it('never reads one printed amount as both the VAT and the total (a "total incl. VAT" over a rate table)', async () => {
    // "Totaal incl. BTW" names VAT too; the rate table's first basis is 0,00: net 0 + VAT = total must not hold
    const r = await read([
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [400, 110, 'Factuurnummer:'],
      [470, 110, 'KM-2207/41'],
      [400, 122, 'Datum:'],
      [470, 122, '12-05-2025'],
      ...table(
        200,
        [60, 330, 400, 480],
        [
          ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
          ['Rye flour 25 kg', '4', '31,50', '126,00'],
        ],
      ),
      [330, 250, 'Totaal artikelen'],
      [480, 250, '126,00'],
      [330, 266, 'Netto bedrag'],
      [480, 266, '126,00'],
      [330, 282, 'Totaal incl. BTW'],
      [480, 282, '137,34'],
      ...table(
        310,
        [80, 200, 300],
        [
          ['BTW-tarief', 'Grondslag', 'BTW'],
          ['21%', '0,00', '0,00'],
          ['9%', '126,00', '11,34'],
        ],
      ),
    ]);
    expect(r.totals).toMatchObject({ net: 126, vat: 11.34, invoiceTotal: 137.34 });
  });

  it('reads a band label wrapped onto the value line ("Your" over "order PO-55120")', async () => {
    const r = await read([
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [340, 110, 'Brightway Bakery Ltd'],
      [340, 122, '14 Mill Lane'],
      [340, 134, 'Leeds LS1 1AA'],
      [60, 170, 'Invoice No.'],
      [160, 170, 'Invoice date'],
      [260, 170, 'Your'],
      [360, 170, 'Date of'],
      [460, 170, 'Customer No.'],
      [60, 182, 'KM-2207/41'],
      [160, 182, '12/05/2025'],
      [260, 182, 'order PO-55120'],
      [360, 182, 'delivery 09/05/2025'],
      [460, 182, '99459'],
      ...flourTable,
    ]);
    expect(r.headers).toMatchObject({
      invoiceNum: 'KM-2207/41',
      orderNum: 'PO-55120',
      invoiceDate: '2025-05-12',
    });
  });

  it('takes the company printed with its VAT id and IBAN in the footer as the supplier, the other block as the buyer', async () => {
    // no letterhead and no "from/to" words: the address window holds the buyer, the footer the supplier
    const r = await read([
      [60, 60, 'KM', 20, 'Helvetica-Bold'],
      [60, 150, 'Brightway Bakery Ltd'],
      [60, 162, '14 Mill Lane'],
      [60, 174, 'Leeds LS1 1AA'],
      [400, 150, 'Invoice No.'],
      [470, 150, 'KM-2207/41'],
      [400, 162, 'Invoice date'],
      [470, 162, '12/05/2025'],
      [60, 230, 'INVOICE', 16],
      ...table(
        270,
        [60, 330, 400, 480],
        [
          ['Description', 'Qty', 'Price', 'Amount'],
          ['Rye flour 25 kg', '4', '31.50', '126.00'],
          ['Sunflower seeds 5 kg', '2', '12.00', '24.00'],
        ],
      ),
      [330, 340, 'Net total'],
      [480, 340, '150.00'],
      [330, 356, 'VAT 20%'],
      [480, 356, '30.00'],
      [330, 372, 'Total due'],
      [480, 372, '180.00'],
      [60, 770, 'Kettle Mills Trading Ltd', 7],
      [60, 779, '8 Canal Street, Manchester M1 1AE', 7],
      [250, 770, 'VAT No. GB123456789', 7],
      [250, 779, 'Company No. 04711815', 7],
      [420, 770, 'IBAN GB29 NWBK 6016 1331 9268 19', 7],
    ]);
    expect(r.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(r.invoiceTo.name).toBe('Brightway Bakery Ltd');
    expect(r.headers.invoiceNum).toBe('KM-2207/41');
    expect(r.totals.invoiceTotal).toBe(180);
  });

  it('adds VAT printed once per rate, as rows or as a breakdown table, to the document VAT', async () => {
    const lines = [
      [60, 100, 'Rechnung Nr. R-5531 vom 02.03.2025', 12],
      ...table(
        150,
        [60, 330, 400, 480],
        [
          ['Bezeichnung', 'Menge', 'Preis', 'Betrag'],
          ['Kaffeebohnen 1 kg', '10', '10,00', '100,00'],
          ['Schokolade 100 g', '50', '2,00', '100,00'],
        ],
      ),
    ] as Text[];
    const rows = await read([
      ...lines,
      [330, 220, 'Nettobetrag'],
      [480, 220, '200,00'],
      [330, 236, 'MwSt. 19 %'],
      [480, 236, '19,00'],
      [330, 252, 'MwSt. 7 %'],
      [480, 252, '7,00'],
      [330, 268, 'Gesamtbetrag'],
      [480, 268, '226,00'],
    ]);
    expect(rows.totals).toMatchObject({ net: 200, vat: 26, invoiceTotal: 226 });
    const breakdown = await read([
      ...lines,
      [330, 220, 'Nettobetrag'],
      [480, 220, '200,00'],
      [330, 236, 'Gesamtbetrag'],
      [480, 236, '226,00'],
      ...table(
        280,
        [60, 160, 260],
        [
          ['Steuersatz', 'Netto', 'MwSt.'],
          ['19 %', '100,00', '19,00'],
          ['7 %', '100,00', '7,00'],
        ],
      ),
    ]);
    expect(breakdown.totals).toMatchObject({ net: 200, vat: 26, invoiceTotal: 226 });
  });

  it('reads amounts in whole units of a currency without decimals', async () => {
    const r = await read([
      [60, 60, 'Sakura Trading Co.', 14],
      [60, 100, 'Invoice No. JP-3381', 11],
      [60, 114, 'Date 2025-04-01'],
      ...table(
        150,
        [60, 330, 400, 480],
        [
          ['Description', 'Qty', 'Unit price', 'Amount'],
          ['Green tea 500 g', '12', '1,800', '21,600'],
          ['Tea cups, set of 6', '3', '4,500', '13,500'],
        ],
      ),
      [330, 220, 'Subtotal'],
      [480, 220, '35,100'],
      [330, 236, 'Tax 10%'],
      [480, 236, '3,510'],
      [330, 252, 'Total'],
      [480, 252, '¥38,610'],
    ]);
    expect(r.currency).toBe('JPY');
    expect(r.totals).toMatchObject({ vat: 3510, invoiceTotal: 38610 });
    expect(r.items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [12, 1800, 21600],
      [3, 4500, 13500],
    ]);
  });

  it('is unsure of a date whose day and month could be swapped when no date of the page tells the order', async () => {
    const ambiguous = await read(datedPage('03/04/2025', '05/06/2025'));
    expect(ambiguous.headers.invoiceDate).toBe('2025-04-03');
    expect(ambiguous.confidence.fields['headers.invoiceDate']).toBeLessThan(STRAIGHT_THROUGH);
    expect(ambiguous.pendingReview).toBe(true);
    // a due date with a day above 12 tells the order
    const known = await read(datedPage('03/04/2025', '03/19/2025'));
    expect(known.headers.invoiceDate).toBe('2025-03-04');
    expect(known.confidence.fields['headers.invoiceDate']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('is surer of a swappable date on a French page (day-first) than on an English one, but not sure', async () => {
    const labels: Record<string, string> = {
      'Invoice number': 'Facture n°',
      'Invoice date': 'Date de facture',
      'Due date': 'Échéance',
      'Net total': 'Total HT',
      'VAT 20%': 'TVA 20%',
      'Total due': 'Total TTC',
    };
    const french = (date: string, due: string): Text[] =>
      datedPage(date, due).map(([x, y, t, ...rest]): Text => [x, y, labels[t] ?? t, ...rest]);
    const english = await read(datedPage('03/04/2025', '05/06/2025'));
    const r = await read(french('03/04/2025', '05/06/2025'));
    expect(r.headers.invoiceDate).toBe('2025-04-03');
    // the evidence: the French page's guess stands above the English page's
    const raw = async (texts: Text[]) =>
      (await readDocument(await textPagePdf(texts), { fileName: 'raw.pdf', rawConfidence: true })).confidence
        .fields['headers.invoiceDate']!;
    expect(await raw(french('03/04/2025', '05/06/2025'))).toBeGreaterThan(
      await raw(datedPage('03/04/2025', '05/06/2025')),
    );
    // calibrated, it is worth what such guesses were measured to be (the calibration may pool the two), never sure
    const conf = r.confidence.fields['headers.invoiceDate']!;
    expect(conf).toBeGreaterThanOrEqual(english.confidence.fields['headers.invoiceDate']!);
    expect(conf).toBeLessThan(STRAIGHT_THROUGH);
  });

  it('tells day-first from month-first by a due date that can only fall after the invoice date', async () => {
    // 8 March due 7 April: read month-first, the due date (4 July) would come before the invoice (3 August)
    const dayFirst = await read(datedPage('08/03/2025', '07/04/2025'));
    expect(dayFirst.headers).toMatchObject({ invoiceDate: '2025-03-08', dueDate: '2025-04-07' });
    expect(dayFirst.confidence.fields['headers.invoiceDate']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // the same dates printed month-first: the page's guess (day-first) is turned
    const monthFirst = await read(datedPage('03/08/2025', '04/07/2025'));
    expect(monthFirst.headers).toMatchObject({ invoiceDate: '2025-03-08', dueDate: '2025-04-07' });
    expect(monthFirst.confidence.fields['headers.invoiceDate']).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
  });

  it('guesses the order that puts a page’s dates near each other and a due date a payment term on, still unsure', async () => {
    // month-first, due 30 days on (day-first would make it 6 December due 7 December)
    const term = await read(datedPage('06/12/2025', '07/12/2025'));
    expect(term.headers).toMatchObject({ invoiceDate: '2025-06-12', dueDate: '2025-07-12' });
    expect(term.confidence.fields['headers.invoiceDate']).toBeLessThan(STRAIGHT_THROUGH);
    // a delivery date 8 days before the invoice month-first, 8 months before it day-first
    const delivered = await read(
      datedPage('12/11/2025', '12/11/2025').map(
        ([x, y, t, ...rest]): Text =>
          t === 'Due date'
            ? [x, y, 'Delivery date', ...rest]
            : y === 164
              ? [x, y, '12/03/2025', ...rest]
              : [x, y, t, ...rest],
      ),
    );
    expect(delivered.headers.invoiceDate).toBe('2025-12-11');
    expect(delivered.confidence.fields['headers.invoiceDate']).toBeLessThan(STRAIGHT_THROUGH);
    // day-first, due 31 days on (month-first would be 12 November due 1 November a year later): the guess stays
    expect((await read(datedPage('11/12/2025', '11/01/2026'))).headers.invoiceDate).toBe('2025-12-11');
  });

  it('reads a monospaced page, an item table whose description heading it does not know, and a British postcode', async () => {
    const mono = (x: number, y: number, t: string): Text => [x, y, t, 8, 'Courier'];
    const r = await read([
      [60, 60, 'Harbour Print Ltd', 14, 'Courier-Bold'],
      mono(60, 80, '3 Quay Street'),
      mono(60, 90, 'Bristol BS1 4DJ'),
      mono(340, 140, 'Invoice number: HP-2025/0077'),
      mono(340, 152, 'Invoice date: 14/02/2025'),
      mono(60, 140, 'Bill to:'),
      mono(60, 152, 'Greenleaf Cafe Ltd'),
      mono(60, 164, '22 Park Row'),
      mono(60, 176, 'Leeds LS1 5HD'),
      ...table(220, [60, 330, 400, 480], [['Goods', 'Qty', 'Price', 'Amount']]).map(
        ([x, y, t]): Text => mono(x, y, t),
      ),
      mono(60, 236, 'Menu cards A4, matt'),
      mono(330, 236, '200'),
      mono(400, 236, '0.45'),
      mono(480, 236, '90.00'),
      mono(60, 252, 'Table stands'),
      mono(330, 252, '20'),
      mono(400, 252, '3.00'),
      mono(480, 252, '60.00'),
      mono(330, 290, 'Net total'),
      mono(480, 290, '150.00'),
      mono(330, 302, 'VAT 20%'),
      mono(480, 302, '30.00'),
      mono(330, 314, 'Total due'),
      mono(480, 314, '180.00'),
    ]);
    expect(r.headers.invoiceNum).toBe('HP-2025/0077');
    expect(r.invoiceTo).toMatchObject({ name: 'Greenleaf Cafe Ltd', postCode: 'LS1 5HD', city: 'Leeds' });
    expect(r.items.map((i) => i.itemDesc)).toEqual(['Menu cards A4, matt', 'Table stands']);
  });

  it('takes the supplier from the sender line alone when a header field shares its line', async () => {
    const r = await read([
      [60, 50, 'AI', 20, 'Helvetica-Bold'],
      [60, 100, 'Rechnung', 16],
      [60, 125, 'Re.-Nr.: INV/2026/76188'],
      [340, 125, 'Atlas Installatie KG · Gartenweg 27 · 20095 Hamburg', 6.5],
      [60, 137, 'Rechnungsdatum: 7. April 2023'],
      [340, 140, 'Blue Harbor Foods KG', 10],
      [340, 153, 'Hauptstraße 12'],
      [340, 165, '10115 Berlin'],
      ...table(
        230,
        [60, 330, 400, 480],
        [
          ['Beschreibung', 'Menge', 'E-Preis', 'Gesamtpreis'],
          ['Kabelbinder schwarz 200 mm', '4', '12,50', '50,00'],
          ['Kopierpapier A4', '10', '5,00', '50,00'],
        ],
      ),
      [330, 300, 'Nettobetrag'],
      [480, 300, '100,00'],
      [330, 314, 'MwSt. 19 %'],
      [480, 314, '19,00'],
      [330, 328, 'Rechnungsbetrag'],
      [480, 328, '119,00'],
    ]);
    expect(r.vendor.name).toBe('Atlas Installatie KG');
    expect(r.invoiceTo.name).toBe('Blue Harbor Foods KG');
    expect(r.headers.invoiceNum).toBe('INV/2026/76188');
  });

  it('takes no band of header values with a period for a sender line over the buyer', async () => {
    const r = await read([
      [40, 45, 'RHEINLAND', 18, 'Helvetica-Bold'],
      [480, 125, 'Facture', 16],
      [48, 150, 'Atlas Print EURL', 10],
      [48, 161, '12 rue de la Paix'],
      [48, 172, '31000 Toulouse'],
      [48, 183, 'FR'],
      [42, 215, 'Numéro de facture'],
      [165, 215, 'Date de facturation'],
      [297, 215, 'Période'],
      [420, 215, "Date d'échéance"],
      [42, 228, 'RG 2024-26954'],
      [165, 228, '11/02/2025'],
      [297, 228, '01/01/2025 - 31/01/2025'],
      [420, 228, '13/03/2025'],
      ...table(
        260,
        [48, 320, 400, 500],
        [
          ['Libellé', 'Qté', 'Prix HT', 'Montant'],
          ['Cartouche encre cyan', '94', '70,52', '6.628,88'],
          ['Ramette papier recyclé', '10', '5,00', '50,00'],
        ],
      ),
      [360, 330, 'Total HT'],
      [500, 330, '6.678,88'],
      [360, 344, 'TVA 20 %'],
      [500, 344, '1.335,78'],
      [360, 358, 'Montant TTC'],
      [500, 358, '8.014,66'],
      [42, 770, 'Rheinland Textiles SARL', 7],
      [215, 770, 'N° TVA intracom. FR54289364072', 7],
      [380, 770, 'IBAN FR34 4077 9051 5221 5665 03', 7],
      [42, 779, '7 boulevard Voltaire', 7],
      [42, 788, '33000 Bordeaux', 7],
    ]);
    expect(r.vendor.name).toBe('Rheinland Textiles SARL');
    expect(r.invoiceTo.name).toBe('Atlas Print EURL');
  });

  it('names the supplier by the first part of its sender line when nothing else names it', async () => {
    const r = await read([
      [48, 45, 'AC', 20, 'Helvetica-Bold'],
      [440, 105, 'CREDIT NOTE', 14],
      [48, 130, 'Alpenrose Consulting Inc. · 8 Mill Lane · London EC1A 1BB', 7],
      [48, 142, 'Vermeer Services B.V.', 10],
      [48, 154, 'Attn: Accounts Payable'],
      [48, 166, 'Stationsweg 2'],
      [48, 178, '3511 LK Utrecht'],
      [48, 225, 'Credit note number'],
      [210, 225, 'Customer No.'],
      [370, 225, 'Credit note date'],
      [48, 238, 'AB-2020/998'],
      [210, 238, 'K-95386'],
      [370, 238, '12/02/2020'],
      ...table(
        275,
        [60, 330, 400, 480],
        [
          ['Service', 'Qty', 'Price', 'Amount'],
          ['Transport pallet Euro', '4', '12.50', '50.00'],
          ['Extension lead 5 m', '10', '5.00', '50.00'],
        ],
      ),
      [330, 340, 'Net total'],
      [480, 340, '100.00'],
      [330, 354, 'Tax 20%'],
      [480, 354, '20.00'],
      [330, 368, 'Grand total'],
      [480, 368, '120.00'],
    ]);
    expect(r.vendor.name).toBe('Alpenrose Consulting Inc.');
    expect(r.invoiceTo.name).toBe('Vermeer Services B.V.');
  });

  it("names an order's writer by its footer's company, not by the letterhead word its name starts with", async () => {
    const r = await read([
      [40, 35, 'MERIDIAN', 18, 'Helvetica-Bold'],
      [440, 120, 'Inkooporder', 14],
      [70, 145, 'Leverancier:'],
      [70, 157, 'Zonnebloem Foods N.V.'],
      [70, 169, 'Prinsengracht 263'],
      [70, 181, '3511 LK Utrecht'],
      [370, 145, 'Ordernummer: PO-2025/35717'],
      [370, 157, 'Datum: 13.02.2019'],
      ...table(
        225,
        [60, 330, 400, 480],
        [
          ['Beschrijving', 'Aantal', 'Prijs', 'Totaal'],
          ['Glass cleaner 5 l', '80', '2,99', '239,20'],
          ['Cable tie black 200 mm', '1', '1.850,97', '1.850,97'],
        ],
      ),
      [330, 300, 'Totaal'],
      [480, 300, '2.090,17'],
      [42, 770, 'Meridian Trading B.V.', 7],
      [205, 770, 'BTW nr. NL082323546B47', 7],
      [370, 770, 'IBAN NL99 5864 9585 3091 0787 37', 7],
      [42, 779, 'Prinsengracht 263', 7],
      [205, 779, 'KvK 10504810', 7],
    ]);
    expect(r.documentType).toBe('order');
    expect(r.vendor.name).toBe('Zonnebloem Foods N.V.');
    expect(r.invoiceTo.name).toBe('Meridian Trading B.V.');
  });

  it("names the supplier in full when its letterhead prints one word of its footer's name", async () => {
    const r = await read([
      [60, 50, 'POLARIS', 20, 'Helvetica-Bold'],
      [60, 115, 'Tax Invoice', 14],
      [60, 145, 'Invoice #:'],
      [170, 145, '2026.1665'],
      [60, 157, 'Date:'],
      [170, 157, 'February 20, 2020'],
      [340, 145, 'Hollandia Consulting LLC', 10],
      [340, 157, '8 Mill Lane'],
      [340, 169, 'London EC1A 1BB'],
      ...table(
        215,
        [60, 330, 400, 480],
        [
          ['Description', 'Qty', 'Unit price', 'Net amount'],
          ['Wall plug 8 mm (100 pcs)', '95', '17.45', '1,657.75'],
          ['Office chair black', '1', '2,147.76', '2,147.76'],
        ],
      ),
      [330, 290, 'Net total'],
      [480, 290, '3,805.51'],
      [330, 304, 'VAT 20%'],
      [480, 304, '761.10'],
      [330, 318, 'Total due'],
      [480, 318, '4,566.61'],
      [60, 770, 'Polaris Trading Ltd', 7],
      [220, 770, 'VAT No. GB854257936', 7],
      [385, 770, 'IBAN GB44 2750 3726 8263 8212 01', 7],
      [60, 779, '90 Station Road', 7],
      [220, 779, 'Company No. 73524814', 7],
      [60, 788, 'Manchester M1 1AE', 7],
    ]);
    expect(r.vendor.name).toBe('Polaris Trading Ltd');
    expect(r.invoiceTo.name).toBe('Hollandia Consulting LLC');
  });

  it('takes the sender line as the supplier and the block under it as the buyer, whatever their print', async () => {
    // no letterhead, no footer, no "from/to" words: the window's block is the addressee even with a legal form
    const r = await read([
      [60, 50, 'MH', 20, 'Helvetica-Bold'],
      [440, 110, 'FACTURE', 16],
      [70, 140, 'Meridian Handel SARL · 3 place du Marché · 69001 Lyon', 6.5],
      [70, 152, 'Sonnenhof Trading SA', 10],
      [70, 165, '12 rue de la Paix'],
      [70, 177, '75002 Paris'],
      [60, 220, 'Facture n°'],
      [160, 220, 'RG 2024-00123'],
      [60, 234, 'Code client'],
      [160, 234, 'KD 95654'],
      [60, 248, 'Date'],
      [160, 248, '26.01.2025'],
      ...table(
        290,
        [60, 330, 400, 480],
        [
          ['Désignation', 'Qté', 'P.U. HT', 'Montant'],
          ['Câble HDMI 2 m', '4', '12,50', '50,00'],
          ['Ramette papier recyclé', '10', '5,00', '50,00'],
        ],
      ),
      [330, 350, 'Total articles'],
      [480, 350, '100,00'],
      [330, 364, 'Frais de port'],
      [480, 364, '10,00'],
      [330, 378, 'Total HT'],
      [480, 378, '110,00'],
      [330, 392, 'TVA 20 %'],
      [480, 392, '22,00'],
      [330, 406, 'Total TTC'],
      [480, 406, '132,00'],
    ]);
    expect(r.vendor.name).toBe('Meridian Handel SARL');
    expect(r.invoiceTo.name).toBe('Sonnenhof Trading SA');
    // an identifier whose short prefix is set off by a space keeps it
    expect(r.headers.invoiceNum).toBe('RG 2024-00123');
    expect(r.headers.shopAccount).toBe('KD 95654');
    // "Total articles" is the goods total above the net, not the document total
    expect(r.totals).toMatchObject({ subtotal: 100, net: 110, vat: 22, invoiceTotal: 132 });
  });

  it("takes a block with a contact person's line as the addressee, and a V.O.F. as a company", async () => {
    const r = await read([
      [230, 45, 'De Vries Technik SARL', 16, 'Helvetica-Bold'],
      [440, 100, 'FACTUUR', 16],
      [60, 140, 'Alpenrose Hardware V.O.F.'],
      [60, 152, 'T.a.v. de heer De Boer'],
      [60, 164, 'Kerkstraat 14'],
      [60, 176, '3011 CD Rotterdam'],
      [360, 140, 'Factuurnummer'],
      [450, 140, 'FA-20.4668'],
      [360, 152, 'Factuurdatum'],
      [450, 152, '25-10-2018'],
      [360, 164, 'Periode'],
      [450, 164, '01-09-2018 - 30-09-2018'],
      ...table(
        230,
        [60, 330, 400, 480],
        [
          ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
          ['Kantoorstoel zwart', '2', '100,00', '200,00'],
        ],
      ),
      [330, 280, 'Totaal excl. BTW'],
      [480, 280, '200,00'],
      [330, 294, 'BTW 21%'],
      [480, 294, '42,00'],
      [330, 308, 'Te betalen'],
      [480, 308, '242,00'],
    ]);
    expect(r.vendor.name).toBe('De Vries Technik SARL');
    expect(r.invoiceTo.name).toBe('Alpenrose Hardware V.O.F.');
    expect(r.headers.invoiceDate).toBe('2018-10-25');
  });
  it('is sure of a letterhead company when the buyer stands under its own heading and no other company competes', async () => {
    const page = (extra: Text[], billTo = 'Bill to:'): Text[] => [
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [60, 68, '8 Canal Street'],
      [60, 80, 'Manchester M1 1AE'],
      [60, 130, billTo],
      [60, 142, 'Brightway Bakery Ltd'],
      [60, 154, '14 Mill Lane'],
      [60, 166, 'Leeds LS1 1AA'],
      [380, 130, 'Invoice No.'],
      [460, 130, 'KM-2207/41'],
      [380, 142, 'Invoice date'],
      [460, 142, '12.05.2025'],
      ...flourTable,
      ...extra,
    ];
    const sure = await read(page([]));
    expect(sure.vendor.name).toBe('Kettle Mills Trading Ltd');
    expect(sure.invoiceTo.name).toBe('Brightway Bakery Ltd');
    expect(sure.confidence.fields['vendor.name']!).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // a third company block outside the buyer's: which of the two is the supplier is a guess
    const rival = await read(
      page([
        [380, 50, 'Northgate Logistics GmbH'],
        [380, 62, 'Hafenstr. 3'],
        [380, 74, '20457 Hamburg'],
      ]),
    );
    expect(rival.confidence.fields['vendor.name']!).toBeLessThan(STRAIGHT_THROUGH);
    // no heading: the buyer's block is found by its place alone, and the supplier stays unsure
    const unlabelled = await read(page([], ''));
    expect(unlabelled.confidence.fields['vendor.name']!).toBeLessThan(STRAIGHT_THROUGH);
  });
  it('places a value under its label in a band of header columns as surely as one beside it, unless values run together', async () => {
    const page = (band: Text[]): Text[] => [
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [60, 68, '8 Canal Street'],
      [60, 80, 'Manchester M1 1AE'],
      ...band,
      ...flourTable,
    ];
    const clean = await read(
      page(
        table(
          150,
          [60, 180, 300, 420],
          [
            ['Invoice No.', 'Customer No.', 'Order ref.', 'Due date'],
            ['KM-2207/41', 'C81038', 'PO-4471', '30.06.2025'],
          ],
        ),
      ),
    );
    expect(clean.headers.invoiceNum).toBe('KM-2207/41');
    expect(clean.confidence.fields['headers.invoiceNum']!).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // the last two values run together into one cell: the band's values may sit under other labels
    const merged = await read(
      page([
        ...table(
          150,
          [60, 180, 300, 420],
          [
            ['Invoice No.', 'Customer No.', 'Order ref.', 'Due date'],
            ['KM-2207/41', 'C81038', '', ''],
          ],
        ),
        [300, 166, 'PO-4471 30.06.2025'],
      ]),
    );
    expect(merged.headers.invoiceNum).toBe('KM-2207/41');
    expect(merged.confidence.fields['headers.invoiceNum']!).toBeLessThan(STRAIGHT_THROUGH);
  });
  it('dates the document by a plain "Date" label in the band of header columns that holds its number', async () => {
    const page = (labels: string[]): Text[] => [
      [60, 50, 'Kettle Mills Trading Ltd', 14, 'Helvetica-Bold'],
      [60, 68, '8 Canal Street'],
      [60, 80, 'Manchester M1 1AE'],
      ...table(150, [60, 180, 300, 420], [labels, ['KM-2207/41', '12.05.2025', 'C81038', '30.06.2025']]),
      ...flourTable,
    ];
    const withNumber = await read(page(['Invoice No.', 'Date', 'Customer No.', 'Due date']));
    expect(withNumber.headers.invoiceDate).toBe('2025-05-12');
    expect(withNumber.confidence.fields['headers.invoiceDate']!).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // the number's label elsewhere: a plain "Date" may date anything on the page
    const apart = await read([
      ...page(['Reference', 'Date', 'Customer No.', 'Due date']),
      [380, 110, 'Invoice No.'],
      [460, 110, 'KM-2207/41'],
    ]);
    expect(apart.headers.invoiceDate).toBe('2025-05-12');
    expect(apart.confidence.fields['headers.invoiceDate']!).toBeLessThan(STRAIGHT_THROUGH);
  });
  it('is sure of a letterhead company that the sender line over the address window names again', async () => {
    const page = (sender: string): Text[] => [
      [60, 50, 'Meridian Handel SARL', 16, 'Helvetica-Bold'],
      [440, 110, 'FACTURE', 16],
      [70, 140, sender, 6.5],
      [70, 152, 'Sonnenhof Trading SA', 10],
      [70, 165, '12 rue de la Paix'],
      [70, 177, '75002 Paris'],
      [60, 220, 'Facture n°'],
      [160, 220, 'RG 2024-00123'],
      [60, 234, 'Date'],
      [160, 234, '26.01.2025'],
      ...table(
        290,
        [60, 330, 400, 480],
        [
          ['Désignation', 'Qté', 'P.U. HT', 'Montant'],
          ['Câble HDMI 2 m', '4', '12,50', '50,00'],
        ],
      ),
      [330, 350, 'Total HT'],
      [480, 350, '50,00'],
      [330, 364, 'TVA 20 %'],
      [480, 364, '10,00'],
      [330, 378, 'Total TTC'],
      [480, 378, '60,00'],
    ];
    const agree = await read(page('Meridian Handel SARL · 3 place du Marché · 69001 Lyon'));
    expect(agree.vendor.name).toBe('Meridian Handel SARL');
    expect(agree.invoiceTo.name).toBe('Sonnenhof Trading SA');
    expect(agree.confidence.fields['vendor.name']!).toBeGreaterThanOrEqual(STRAIGHT_THROUGH);
    // a sender line naming someone else (a service bureau sending for the company): no agreement
    const other = await read(page('Rheinland Druck GmbH · Hafenstr. 3 · 20457 Hamburg'));
    expect(other.vendor.name).toBe('Meridian Handel SARL');
    expect(other.confidence.fields['vendor.name']!).toBeLessThan(STRAIGHT_THROUGH);
  });
});
