import { describe, expect, it } from 'vitest';
import { pagesPdf, rightAligned as right, type PlacedText as Text } from './__tests__/make-docs.js';
import { readDocument } from './read.js';

/** A one-page document of these texts at x, y (points), every one in 8-point Helvetica. */
const readPage = async (texts: Text[]) => readDocument(await pagesPdf([texts], 8), { fileName: 'test.pdf' });

/** The sender's name and address, the buyer under them, and two header values (number, date) right of the buyer. */
const head = (vendor: string, address: string, buyer: string, number: string, date: string): Text[] => [
  [60, 60, vendor],
  [60, 72, address],
  [60, 110, buyer],
  [330, 110, number],
  [330, 122, date],
];

const wonHead: Text[] = [
  [60, 60, 'Bellevue Trading e.K.'],
  [60, 72, 'Am Markt 3, 10115 Berlin'],
  [60, 110, 'Rechnungs-Nr.:'],
  [150, 110, 'S34-630752'],
  [60, 122, 'Rechnungsdatum:'],
  [150, 122, '23.11.22'],
  [330, 110, 'Firma'],
  [330, 122, 'Hansa Print KG'],
];

describe('item tables of whole-unit currencies (round 38)', () => {
  it('takes a column of small whole numbers under a heading it does not know for the quantities, not the prices, where no heading names them', async () => {
    // "Stück" is no heading the reader knows; its 81 and the won amount 12,491,010 could be a price of 81 for
    // 154,210 units, but quantities of one beside amounts of thousands are no prices
    const rows: [string, string, string][] = [
      ['LED panel 60 x 60 cm', '81', '12,491,010'],
      ['Maintenance contract', '1', '139,874'],
      ['Cartouche encre cyan', '24', '2,663,136'],
      ['Farine de blé T55 25 kg', '1', '17,654'],
      ['Safety gloves size 9', '59', '1,563,618'],
    ];
    const r = await readPage([
      ...wonHead,
      [60, 200, 'Leistungsbeschreibung'],
      [250, 200, 'Art.-Nr.'],
      right(400, 200, 'Stück'),
      right(480, 200, 'KRW'),
      right(530, 200, 'USt-Kz.'),
      ...rows.flatMap(([d, q, a], k): Text[] => [
        [60, 214 + 12 * k, d],
        [250, 214 + 12 * k, `ART${4519 + k}`],
        right(400, 214 + 12 * k, q),
        right(480, 214 + 12 * k, a),
        right(530, 214 + 12 * k, 'B'),
      ]),
      [330, 300, 'Gesamt netto'],
      right(480, 300, '16,875,292'),
      [330, 312, 'Summe brutto'],
      right(480, 312, 'KRW 20,081,597'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [81, 154210, 12491010],
      [1, 139874, 139874],
      [24, 110964, 2663136],
      [1, 17654, 17654],
      [59, 26502, 1563618],
    ]);
  });

  it('takes the only column of whole numbers beside the amounts of a table without headings for the quantities where each divides its amount', async () => {
    const rows: [string, string, string][] = [
      ['Steel bracket 40 mm', '118', '125,333,936'],
      ['Cartouche encre cyan', '1', '572,684'],
      ['Wall plug 8 mm (100 pcs)', '29', '64,001,434'],
      ['Prestation de service', '117', '51,135,084'],
      ['Câble HDMI 2 m', '1', '91,476'],
    ];
    const r = await readPage([
      [60, 60, 'Alpenrose Print N.V.'],
      [60, 72, 'Stationsweg 2, 3511 LK Utrecht'],
      [60, 110, 'Vermeer Distribution SARL'],
      [330, 110, 'N° de facture:'],
      [420, 110, 'F2026-30666'],
      [330, 122, 'Fait le:'],
      [420, 122, '25/05/2020'],
      ...rows.flatMap(([d, q, a], k): Text[] => [
        right(70, 200 + 12 * k, String(k + 1)),
        [80, 200 + 12 * k, `ART${4727820 + k}`],
        [150, 200 + 12 * k, d],
        right(460, 200 + 12 * k, q),
        right(530, 200 + 12 * k, a),
      ]),
      [330, 270, 'Net HT'],
      right(530, 270, '241,134,614'),
      [330, 282, 'TVA à 20%'],
      right(530, 282, '48,226,923'),
      [330, 294, 'Total TTC'],
      right(530, 294, '289,361,537 KRW'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [118, 1062152, 125333936],
      [1, 572684, 572684],
      [29, 2206946, 64001434],
      [117, 437052, 51135084],
      [1, 91476, 91476],
    ]);
  });

  it('finds the unit prices of a table whose heading names neither them nor the amounts below service rows that print only their amount', async () => {
    // the heading's next six lines hold one row with a unit price: the service rows' amounts alone do not count
    const service: [string, string][] = [
      ['Wartungspauschale 06/2021', '450.20'],
      ['Hosting package Business 08/2026', '892.54'],
      ['Huur koffiemachine 05/2023', '803.27'],
      ['Huur koffiemachine 04/2021', '642.34'],
    ];
    const r = await readPage([
      [60, 60, 'Bellevue Papeterie Inc.'],
      [60, 72, '221 Baker Street, London EC1A 1BB'],
      [60, 110, 'Bill to:'],
      [60, 122, 'Lindqvist Textiles plc'],
      [330, 110, 'Invoice no.: 4397406'],
      [330, 122, 'Date of issue: 2024-04-24'],
      [60, 200, 'Pos.'],
      [90, 200, 'Product'],
      [240, 200, 'UoM'],
      [275, 200, 'Quantity'],
      [435, 200, 'Line discounts'],
      [60, 212, 'Shipment 2024-7114 - 2024-04-04'],
      ...service.flatMap(([d, a], k): Text[] => [
        right(80, 224 + 12 * k, String(k + 1)),
        [90, 224 + 12 * k, d],
        right(550, 224 + 12 * k, a),
      ]),
      right(80, 272, '5'),
      [90, 272, 'P32459'],
      [240, 272, 'pcs'],
      right(305, 272, '52.75'),
      right(380, 272, '620.50'),
      [390, 272, 'Discount:'],
      right(550, 272, '27,821.67'),
      [90, 284, 'Farine de blé T55 25 kg'],
      right(487, 284, '- 4,909.71'),
      [90, 296, 'Serial no.: SN3208130'],
      right(80, 308, '6'),
      [90, 308, 'Verlengsnoer 5 m'],
      [240, 308, 'kg'],
      right(305, 308, '93'),
      right(380, 308, '34.78'),
      [390, 308, 'Discount:'],
      right(550, 308, '3,072.81'),
      right(487, 320, '- 161.73'),
      right(80, 332, '7'),
      [90, 332, 'Cartouche encre cyan'],
      [240, 332, 'h'],
      right(305, 332, '3'),
      right(380, 332, '62.04'),
      right(550, 332, '186.12'),
      [330, 360, 'Subtotal'],
      right(550, 360, '33,868.95'),
    ]);
    expect(r.items.slice(4).map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [52.75, 620.5, 27821.67],
      [93, 34.78, 3072.81],
      [3, 62.04, 186.12],
    ]);
    expect(r.items[4]!.itemDesc).toBe('Farine de blé T55 25 kg Serial no.: SN3208130');
  });
});

describe('item tables without a heading proven by their sums (round 38)', () => {
  const dutchHead: Text[] = [
    [60, 60, 'De Vries Trading V.O.F.'],
    [60, 72, 'Prinsengracht 263, 3011 CD Rotterdam'],
    [60, 110, 'Oakridge Print B.V.'],
    [330, 110, 'Factuurnummer:'],
    [420, 110, 'FR-2026/832-3'],
    [330, 122, 'Factuurdatum:'],
    [420, 122, '25-08-2026'],
  ];

  it('reads service lines that print only their amounts where a totals word sums them', async () => {
    const rows: [string, string][] = [
      ['Abonnement logiciel 02/2019', '215,26'],
      ['Abonnement logiciel 12/2024', '432,53'],
      ['Monthly leasing fee 06/2021', '273,73'],
      ['Abonnement logiciel 10/2022', '92,15'],
    ];
    const r = await readPage([
      ...dutchHead,
      ...rows.flatMap(([d, a], k): Text[] => [[60, 200 + 12 * k, d], right(530, 200 + 12 * k, a)]),
      [330, 260, 'Totaal'],
      right(530, 260, '1.013,67'),
      [330, 272, 'BTW 21 %'],
      right(530, 272, '212,87'),
      [330, 284, 'Te betalen'],
      right(530, 284, '1.226,54'),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.amount])).toEqual(
      rows.map(([d, a]) => [d, Number(a.replace('.', '').replace(',', '.'))]),
    );
  });

  it('reads a credit note of delivery notes, each summed under its rows, where few rows print a quantity', async () => {
    const r = await readPage([
      ...dutchHead,
      [60, 200, 'Afleverbon 2025-5937 van 25.03.25'],
      [60, 212, 'Wartungspauschale 01/2019'],
      right(530, 212, '-281,43'),
      [60, 224, 'Glass cleaner 5 l'],
      [390, 224, '8 x'],
      right(460, 224, '-1.770,08'),
      right(530, 224, '-14.160,64'),
      [60, 236, 'Subtotaal pakbon 2025-5937'],
      right(530, 236, '-14.442,07'),
      [60, 248, 'Afleverbon LS317890 van 29.03.25'],
      [60, 260, 'Câble HDMI 2 m'],
      [390, 260, '59,75 x'],
      right(460, 260, '-59,51'),
      right(530, 260, '-3.555,72'),
      [60, 272, 'Hosting package Business 05/2020'],
      right(530, 272, '-389,24'),
      [60, 284, 'Subtotaal pakbon LS317890'],
      right(530, 284, '-3.944,96'),
      [60, 296, 'Afleverbon 40575 van 06.04.25'],
      [60, 308, 'Leasingrate Kopierer 05/2021'],
      right(530, 308, '-104,99'),
      [60, 320, 'Subtotaal pakbon 40575'],
      right(530, 320, '-104,99'),
      [330, 344, 'Totaal excl. BTW'],
      right(530, 344, '-18.492,02'),
    ]);
    // (a service line prints no quantity nor price: none is made up)
    expect(r.items.map((it) => [it.itemDesc, it.itemQty, it.price, it.amount])).toEqual([
      ['Wartungspauschale 01/2019', undefined, undefined, -281.43],
      ['Glass cleaner 5 l', 8, -1770.08, -14160.64],
      ['Câble HDMI 2 m', 59.75, -59.51, -3555.72],
      ['Hosting package Business 05/2020', undefined, undefined, -389.24],
      ['Leasingrate Kopierer 05/2021', undefined, undefined, -104.99],
    ]);
  });

  it('reads a credit note of one row without a heading whose net stands under a label the reader does not know', async () => {
    const r = await readPage([
      [60, 60, 'Van Dijk Handel SA'],
      [60, 72, '7 boulevard Voltaire, 69001 Lyon'],
      [60, 96, 'AVOIR'],
      [60, 110, 'Lindqvist Office SARL'],
      [330, 110, "N° d'avoir"],
      [420, 110, 'F2019-74602'],
      [330, 122, 'Fait le'],
      [420, 122, '03/12/20'],
      right(66, 200, '1'),
      [75, 200, 'A5990'],
      [215, 200, 'Câble HDMI 2 m'],
      right(410, 200, '12'),
      right(470, 200, '-2.182,18'),
      right(550, 200, '-26.186,16'),
      [215, 212, 'N° de série : 92860989'],
      [340, 236, 'Assiette'],
      right(550, 236, '-26.186,16'),
      [340, 248, 'TVA à 20%'],
      right(550, 248, '-5.237,23'),
      [340, 260, 'Total TTC EUR'],
      right(550, 260, '-31.423,39'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([[12, -2182.18, -26186.16]]);
  });

  it('reads the one row of a last page whose article number of digits alone has its name under it', async () => {
    const rows: [string, string, string, string, string][] = [
      ['ART54109', 'Farine de blé T55 25 kg', '36.75', '2,051.97', '75,409.90'],
      ['5725', 'Cartouche encre cyan', '38', '85.09', '3,233.42'],
      ['X518492', 'Consulting hours', '1', '1,941.53', '1,941.53'],
    ];
    const page1: Text[] = [
      ...head(
        'Oakridge Supplies Ltd',
        '221 Baker Street, Manchester M1 1AE',
        'Vermeer Systems KG',
        'Invoice number: F2021-30596',
        'Date: 07/02/21',
      ),
      ...rows.flatMap(([c, d, q, p, a], k): Text[] => [
        right(66, 200 + 24 * k, String(k + 1)),
        [75, 200 + 24 * k, c],
        [75, 212 + 24 * k, d],
        right(400, 200 + 24 * k, q),
        right(460, 200 + 24 * k, p),
        right(540, 200 + 24 * k, a),
      ]),
    ];
    const page2: Text[] = [
      [60, 60, 'Invoice F2021-30596'],
      right(66, 100, '4'),
      [75, 100, '9427'],
      [75, 112, 'Office chair ergonomic'],
      right(400, 100, '1'),
      right(460, 100, '1,783.25'),
      right(540, 100, '1,783.25'),
      [330, 140, 'Goods amount'],
      right(540, 140, '82,368.10'),
      [330, 152, 'VAT 20%'],
      right(540, 152, '16,473.62'),
      [330, 164, 'Grand sum'],
      right(540, 164, 'GBP 98,841.72'),
    ];
    const r = await readDocument(await pagesPdf([page1, page2], 8), { fileName: 'test.pdf' });
    expect(r.items.map((it) => [it.itemCode, it.itemDesc, it.amount])).toEqual([
      ['ART54109', 'Farine de blé T55 25 kg', 75409.9],
      ['5725', 'Cartouche encre cyan', 3233.42],
      ['X518492', 'Consulting hours', 1941.53],
      ['9427', 'Office chair ergonomic', 1783.25],
    ]);
  });

  it('takes one digit on every row right of the quantities for tax codes, not a second quantity column, and the allowance under a row for its own', async () => {
    const rows: [string, string, string, string, string][] = [
      ['A44026', 'Farine de blé T55 25 kg', '42', '2.353,20', '88.950,96'],
      ['X1200', 'Prestation de service', '8', '97,94', '783,52'],
      ['X5339', 'Glass cleaner 5 l', '80', '366,84', '23.477,76'],
      ['P5780', 'Koffiebonen biologisch', '1', '22,60', '22,60'],
    ];
    const r = await readPage([
      ...head(
        'Hollandia Trading EURL',
        '12 rue de la Paix, 75002 Paris',
        'Lindqvist Office SARL',
        'N° de facture: F2021-46561',
        'Date: 28/08/2024',
      ),
      ...rows.flatMap(([c, d, q, p, a], k): Text[] => [
        right(72, 200 + 36 * k, String(k + 1)),
        [80, 200 + 36 * k, c],
        [140, 200 + 36 * k, d],
        right(290, 200 + 36 * k, q),
        right(350, 200 + 36 * k, p),
        right(482, 200 + 36 * k, '2'),
        right(550, 200 + 36 * k, a),
      ]),
      [362, 200, 'Remise'],
      [362, 210, ':'],
      right(445, 220, '- 9.883,44'),
      [362, 272, 'Remise'],
      [362, 282, ':'],
      right(445, 292, '- 5.869,44'),
      [350, 360, 'Total HT'],
      right(550, 360, '113.234,84'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount, it.discount])).toEqual([
      [42, 2353.2, 88950.96, 9883.44],
      [8, 97.94, 783.52, undefined],
      [80, 366.84, 23477.76, 5869.44],
      [1, 22.6, 22.6, undefined],
    ]);
  });

  it('takes a quarter beside the amount of a row without headings for its quantity where the amount over it is a price to the cent', async () => {
    const r = await readPage([
      ...head(
        'Oakridge Hardware GmbH & Co. KG',
        'Am Markt 3, 20095 Hamburg',
        'Riviera Hardware GmbH',
        'Bestellnummer: K07-823152',
        'Bestelldatum: 20.06.2019',
      ),
      [60, 200, 'X6847439 - Thermal labels 100 x 150'],
      right(480, 200, '80,75'),
      right(550, 200, '4.375,84'),
      [60, 212, 'inkl. Montagesatz'],
      [360, 236, 'Gesamt'],
      right(550, 236, '4.375,84'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([[80.75, 54.19, 4375.84]]);
  });

  it('reads the quantity an article number ran into under their headings', async () => {
    const r = await readPage([
      ...wonHead.slice(0, 4),
      [60, 200, 'Leistung'],
      [268, 200, 'Art.-Nr.'],
      [306, 200, 'Anzahl'],
      [404, 200, 'Preis'],
      [470, 200, 'Gesamt'],
      [60, 212, 'Glass cleaner 5 l'],
      [306, 212, '58 Std'],
      right(450, 212, '1,449.59'),
      right(520, 212, '84,076.22'),
      [60, 224, 'Câble HDMI 2 m'],
      [268, 224, 'X594223'],
      [303, 224, '104 Karton'],
      right(450, 224, '300.04'),
      right(520, 224, '31,204.16'),
      [330, 248, 'Summe netto'],
      right(520, 248, '115,280.38'),
    ]);
    expect(r.items.map((it) => [it.itemCode, it.itemQty, it.price, it.amount])).toEqual([
      [undefined, 58, 1449.59, 84076.22],
      ['X594223', 104, 300.04, 31204.16],
    ]);
  });

  it('reads the rows of a table without headings whose article number of digits alone leads them, the name under it', async () => {
    const rows: [string, string, string, string, string][] = [
      ['X2165', 'Consulting hours', '1', '80,206', '80,206'],
      ['02227', 'Druckerpatrone schwarz', '1', '93,996', '93,996'],
      ['A11966', 'Verlengsnoer 5 m', '76', '2,853,116', '216,836,816'],
      ['4722', 'Thermal labels 100 x 150', '117', '906,164', '106,021,188'],
    ];
    const r = await readPage([
      ...wonHead,
      ...rows.flatMap(([c, d, q, p, a], k): Text[] => [
        [60, 200 + 24 * k, c],
        [60, 212 + 24 * k, d],
        right(360, 200 + 24 * k, q),
        right(420, 200 + 24 * k, p),
        right(540, 200 + 24 * k, a),
      ]),
      [330, 310, 'Summe Positionen'],
      right(540, 310, '323,032,206'),
      [330, 322, 'Endbetrag'],
      right(540, 322, 'KRW 384,408,325'),
    ]);
    expect(r.items.map((it) => [it.itemCode, it.itemDesc, it.itemQty, it.amount])).toEqual([
      ['X2165', 'Consulting hours', 1, 80206],
      ['02227', 'Druckerpatrone schwarz', 1, 93996],
      ['A11966', 'Verlengsnoer 5 m', 76, 216836816],
      ['4722', 'Thermal labels 100 x 150', 117, 106021188],
    ]);
  });

  it('sums VAT rows whose rate is printed inside the label where the first charges none', async () => {
    const r = await readPage([
      ...head(
        'Meridian Hardware GmbH',
        'Am Markt 3, 50667 Köln',
        'Hollandia Office V.O.F.',
        'Facture n°: 2024.7085',
        'Fait le: 10/09/2019',
      ),
      [60, 200, 'Désignation'],
      right(380, 200, 'Quantité'),
      right(440, 200, 'Prix'),
      right(480, 200, 'TVA'),
      right(550, 200, 'Montant'),
      [60, 212, 'Verlengsnoer 5 m'],
      right(380, 212, '116'),
      right(440, 212, '1 400,45'),
      right(480, 212, '10%'),
      right(550, 212, '162 452,20'),
      [60, 224, 'Koffiebonen biologisch'],
      right(380, 224, '73'),
      right(440, 224, '1 312,33'),
      right(480, 224, '5,5%'),
      right(550, 224, '95 800,09'),
      [340, 250, 'Sous-total'],
      right(550, 250, '258 252,29'),
      [340, 262, 'Net HT'],
      right(550, 262, '258 252,29'),
      [340, 274, 'TVA 20 %'],
      right(550, 274, '0,00'),
      [340, 286, 'TVA 10 %'],
      right(550, 286, '16 245,22'),
      [340, 298, 'TVA 5,5 %'],
      right(550, 298, '5 269,00'),
      [340, 310, 'Reste dû'],
      right(550, 310, '279 766,51'),
    ]);
    expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([258252.29, 21514.22, 279766.51]);
  });

  it('takes carriage among service lines of a table without quantity and price columns for a charge where the net has it', async () => {
    const r = await readPage([
      ...head(
        'Meridian Papeterie B.V.',
        'Stationsweg 2, 3511 LK Utrecht',
        'Zonnebloem Distribution B.V.',
        'Factuurnummer: RE-88546',
        'Factuurdatum: 06-08-2026',
      ),
      [60, 200, 'Nr.'],
      [80, 200, 'Tekst'],
      [400, 200, 'Stuks'],
      right(70, 212, '1'),
      [80, 212, 'Leasingrate Kopierer 07/2023'],
      right(550, 212, '896,62'),
      right(70, 224, '2'),
      [80, 224, 'Abonnement logiciel 01/2024'],
      right(550, 224, '259,23'),
      [80, 236, 'Vrachtkosten'],
      right(550, 236, '9,95'),
      [330, 260, 'Netto totaal'],
      right(550, 260, '1.165,80'),
      [330, 272, 'BTW 21%'],
      right(550, 272, '244,82'),
      [330, 284, 'Totaal'],
      right(550, 284, '1.410,62'),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([896.62, 259.23]);
    expect(r.totals.charges).toBe(9.95);
  });
});

describe('the order of day and month (round 38)', () => {
  /** An English invoice dated `date`, another date under it, one row. */
  const dated = (number: string, date: string, other: string) =>
    readPage([
      ...head(
        'Greenfield Technik Ltd',
        '14 High Street, Bristol BS1 4DJ',
        'Zonnebloem Office Inc.',
        number,
        date,
      ),
      [330, 134, other],
      [60, 200, 'Description'],
      right(400, 200, 'Qty'),
      right(470, 200, 'Price'),
      right(550, 200, 'Amount'),
      [60, 212, 'Consulting hours'],
      right(400, 212, '2'),
      right(470, 212, '120.00'),
      right(550, 212, '240.00'),
      [330, 240, 'Total'],
      right(550, 240, '240.00'),
    ]);

  it("reads a date month first where the page's other dates then stand days, not months, from it", async () => {
    // 04/09/2025 with a delivery on 04/07/2025: 9 April after 7 April, not 4 September two months after 4 July
    const r = await dated(
      'Invoice no.: INV-2025/0412',
      'Date issued: 04/09/2025',
      'Delivery date: 04/07/2025',
    );
    expect(r.headers.invoiceDate).toBe('2025-04-09');
  });

  it('reads a date month first where a date printed alike either way stands days after it', async () => {
    const r = await dated('Invoice no.: INV-2022/1209', 'Issue day: 11/02/2025', 'Printed: 11/11/2025');
    expect(r.headers.invoiceDate).toBe('2025-11-02');
  });
});

describe('the end of an item table (round 38)', () => {
  it('ends the table at a sub-total of all its rows that no row follows: a charge under it is no service row', async () => {
    const r = await readPage([
      [60, 60, 'Kestrel Installatie V.O.F.'],
      [60, 72, 'Prinsengracht 263, 3511 LK Utrecht'],
      [60, 110, 'Sonnenhof Installatie B.V.'],
      [330, 110, 'Factuurnr.:'],
      [400, 110, 'INV-2025/2320'],
      [330, 122, 'Boekdatum:'],
      [400, 122, '11 januari 2023'],
      [70, 200, 'Pos.'],
      [90, 200, 'Aantal'],
      [260, 200, 'Product'],
      [420, 200, 'Prijs'],
      right(550, 200, 'Bedrag'),
      right(80, 212, '1'),
      [90, 212, '108 st'],
      [260, 212, 'Steel bracket 40 mm'],
      right(450, 212, '12,53'),
      right(550, 212, '1.353,24'),
      right(80, 224, '2'),
      [260, 224, 'Servicekosten 08/2025'],
      right(550, 224, '137,04'),
      right(80, 236, '3'),
      [90, 236, '60 st'],
      [260, 236, 'Cartouche encre cyan'],
      right(450, 236, '34,98'),
      right(550, 236, '2.098,80'),
      [340, 260, 'Subtotaal'],
      right(550, 260, '3.589,08'),
      [340, 272, 'Korting'],
      right(550, 272, '-179,45'),
      [340, 284, 'Vrachtkosten'],
      right(550, 284, '25,00'),
      [340, 296, 'Exclusief'],
      right(550, 296, '3.434,63'),
      [340, 308, 'BTW 21%'],
      right(550, 308, '721,27'),
      [340, 320, 'Openstaand'],
      right(550, 320, 'EUR 4.155,90'),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([1353.24, 137.04, 2098.8]);
    expect([r.totals.subtotal, r.totals.net, r.totals.invoiceTotal]).toEqual([3589.08, 3434.63, 4155.9]);
  });

  const englishHead: Text[] = [
    [60, 60, 'Kestrel Office plc'],
    [60, 72, '221 Baker Street, Manchester M1 1AE'],
    [60, 110, 'Invoice to:'],
    [60, 122, 'Zonnebloem Office Inc.'],
    [330, 110, 'Invoice no.'],
    [420, 110, 'INV/2022/93566'],
    [330, 122, 'Invoice date'],
    [420, 122, '22/07/2019'],
    [60, 200, 'Quantity'],
    [120, 200, 'Part No.'],
    [230, 200, 'Item description'],
    [420, 200, 'Unit price'],
    right(550, 200, 'Amount'),
  ];

  it('ends a table of one row at its sub-total where the next totals label stands under the sub-total label', async () => {
    const r = await readPage([
      ...englishHead,
      right(90, 212, '33'),
      [120, 212, 'A474952'],
      [230, 212, 'Prestation de service'],
      right(460, 212, '48.88'),
      right(550, 212, '1,613.04'),
      [310, 236, 'Sub-total'],
      right(550, 236, '1,613.04'),
      [310, 248, 'Net amount'],
      right(550, 248, '1,613.04'),
      [310, 260, 'VAT 5%'],
      right(550, 260, '80.65'),
      [310, 272, 'Remittance'],
      right(550, 272, '1,693.69'),
    ]);
    expect(r.items.map((it) => it.itemDesc)).toEqual(['Prestation de service']);
    expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([1613.04, 80.65, 1693.69]);
  });

  it('ends the table at an amount alone that is the rows less the discount read under them', async () => {
    const rows: [string, string, string][] = [
      ['81', 'Druckerpatrone schwarz', '2,892.51'],
      ['39', 'Thermal labels 100 x 150', '1,775.67'],
      ['20', 'Safety gloves size 9', '41,784.00'],
      ['98.50', 'Steel bracket 40 mm', '203,876.29'],
    ];
    const r = await readPage([
      ...englishHead.slice(0, 8),
      ...rows.flatMap(([q, d, a], k): Text[] => [
        right(80, 200 + 12 * k, String(k + 1)),
        right(130, 200 + 12 * k, q),
        [250, 200 + 12 * k, d],
        [465, 200 + 12 * k, 'B'],
        right(550, 200 + 12 * k, a),
      ]),
      [250, 248, 'Discount 3 %'],
      right(550, 248, '-7,509.85'),
      [330, 272, 'Value excl.'],
      right(550, 272, '242,818.62'),
      [330, 284, 'VAT 5%'],
      right(550, 284, '12,140.93'),
      [330, 296, 'Invoice total USD'],
      right(550, 296, '254,959.55'),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([2892.51, 1775.67, 41784, 203876.29]);
    expect([r.totals.discount, r.totals.net]).toEqual([7509.85, 242818.62]);
  });
});

describe('totals without VAT (round 38)', () => {
  it('takes the net and the total as the amount the lines lead to where the VAT read is nothing and nothing larger is printed', async () => {
    const r = await readPage([
      ...head(
        'Riviera Office plc',
        '90 Station Road, Bristol BS1 4DJ',
        'Zonnebloem Supplies LLC',
        'Invoice no.: 2021.4121',
        'Invoice date: May 24, 2020',
      ),
      [60, 200, 'Qty'],
      [100, 200, 'Item description'],
      [400, 200, 'Unit price'],
      [470, 200, 'Tax %'],
      right(550, 200, 'Amount'),
      right(80, 212, '1'),
      [100, 212, 'Wall plug 8 mm (100 pcs)'],
      right(440, 212, '858.97'),
      right(500, 212, '0%'),
      right(550, 212, '858.97'),
      [350, 236, 'Goods excl.'],
      right(550, 236, '858.97'),
      [350, 248, 'Tax 20%'],
      right(550, 248, '0.00'),
      [350, 260, 'Tax 0%'],
      right(550, 260, '0.00'),
      [350, 272, 'Remittance'],
      right(550, 272, '858.97'),
    ]);
    expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([858.97, 0, 858.97]);
  });

  it('leaves the total unread where an amount larger than the lines is printed under a VAT of nothing', async () => {
    // (a VAT row the reader did not read: the 1,030.76 is no net)
    const r = await readPage([
      ...head(
        'Riviera Office plc',
        '90 Station Road, Bristol BS1 4DJ',
        'Zonnebloem Supplies LLC',
        'Invoice no.: 2021.4121',
        'Invoice date: May 24, 2020',
      ),
      [60, 200, 'Qty'],
      [100, 200, 'Item description'],
      [400, 200, 'Unit price'],
      right(550, 200, 'Amount'),
      right(80, 212, '1'),
      [100, 212, 'Wall plug 8 mm (100 pcs)'],
      right(440, 212, '858.97'),
      right(550, 212, '858.97'),
      [350, 236, 'Goods excl.'],
      right(550, 236, '858.97'),
      [350, 248, 'Tax 0%'],
      right(550, 248, '0.00'),
      [350, 260, 'Levy'],
      right(550, 260, '171.79'),
      [350, 272, 'Remittance'],
      right(550, 272, '1,030.76'),
    ]);
    expect(r.totals.invoiceTotal).not.toBe(858.97);
  });
});

describe('header numbers (round 38)', () => {
  it('takes no day of a long date under the title for the document number', async () => {
    const r = await readPage([
      [340, 60, 'De Vries Metallbau SA'],
      [440, 72, '45 avenue Jean Jaurès, 69001 Lyon'],
      [480, 96, 'FACTURE'],
      [70, 110, 'Meridian Supplies SARL'],
      [340, 110, 'Écriture n°:'],
      [430, 110, '6155209'],
      [340, 122, 'Fait le:'],
      [430, 122, '22 septembre 2026'],
      [70, 122, '45 avenue Jean Jaurès, 33000 Bordeaux'],
      [60, 200, 'Description'],
      right(400, 200, 'Quantité'),
      right(470, 200, 'Prix HT'),
      right(550, 200, 'Montant'),
      [60, 212, 'Monthly leasing fee'],
      right(400, 212, '100'),
      right(470, 212, '960,56'),
      right(550, 212, '96 056,00'),
      [330, 240, 'Total HT'],
      right(550, 240, '96 056,00'),
    ]);
    expect([r.headers.invoiceNum, r.headers.invoiceDate]).toEqual(['6155209', '2026-09-22']);
  });
});
