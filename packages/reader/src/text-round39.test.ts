import { describe, expect, it } from 'vitest';
import {
  dutchInvoiceHead as head,
  readSmallPages as readPages,
  rightAligned as right,
  type PlacedText as Text,
  totalsAt as totals,
} from './__tests__/make-docs.js';
import { BATCH_WORD } from './labels.js';
import { norm } from './parse.js';

describe('item tables without a heading (round 39)', () => {
  it('takes whole numbers that only rise left of the text for positions where a column of quantities stands right of it', async () => {
    // the positions skip 3 and 5 (rows the table printed elsewhere): they do not count up by one, yet they are no
    // quantities, which stand beside their units right of the names
    const rows: [string, string, string, string][] = [
      ['1', 'Schraube M8 x 40 verzinkt', '0.50', '18.92'],
      ['2', 'Winkelprofil Aluminium', '46', '2,194.66'],
      ['4', 'Glass cleaner 5 l', '93', '193,489.29'],
      ['6', 'Wall plug 8 mm (100 pcs)', '1', '75.97'],
      ['7', 'Farine de blé T55 25 kg', '120', '161,638.80'],
    ];
    const r = await readPages([
      ...head('FA-25.9894', '15-07-2024'),
      ...rows.flatMap(([p, d, q, a], k): Text[] => [
        right(70, 200 + 12 * k, p),
        [80, 200 + 12 * k, d],
        right(400, 200 + 12 * k, q),
        [406, 200 + 12 * k, 'st'],
        right(530, 200 + 12 * k, a),
      ]),
      ...totals(280, 530, [
        ['Netto totaal', '357,417.64'],
        ['BTW 21 %', '75,057.70'],
        ['Te betalen', '432,475.34'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.amount])).toEqual([
      [0.5, 18.92],
      [46, 2194.66],
      [93, 193489.29],
      [1, 75.97],
      [120, 161638.8],
    ]);
  });

  it('reads an allowance whose label runs over the lines under its row into the row, the printed price the gross one', async () => {
    // "Remise" between the price and the amount, "quantité" and ":" under it, the amount taken off under those
    const rows: [string, string, string, string | undefined, string][] = [
      ['Cable tie black 200 mm', '1', '106,15', '10,61', '95,54'],
      ['Maintenance contract', '82', '91,97', undefined, '7.541,54'],
      ['Safety gloves size 9', '1', '1.614,68', '242,20', '1.372,48'],
      ['Kantoorstoel zwart', '1', '43,21', undefined, '43,21'],
    ];
    const texts: Text[] = [];
    let y = 200;
    for (const [d, q, p, off, a] of rows) {
      texts.push([80, y, d], right(240, y, q), right(330, y, p), right(480, y, a), right(530, y, '10%'));
      if (off) {
        texts.push(
          [360, y, 'Remise'],
          [360, y + 10, 'quantité'],
          [360, y + 20, ':'],
          right(420, y + 30, `- ${off}`),
        );
        y += 40;
      } else y += 12;
    }
    const r = await readPages([
      ...head('RG 2022-13022', '22-06-2018'),
      ...texts,
      ...totals(y + 20, 480, [
        ['Total HT', '9.052,77'],
        ['TVA 10 %', '905,28'],
        ['Total TTC', '9.958,05'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [1, 106.15, 95.54],
      [82, 91.97, 7541.54],
      [1, 1614.68, 1372.48],
      [1, 43.21, 43.21],
    ]);
  });

  it('takes service lines that print only their amounts for items where the totals under them add up, whatever their labels', async () => {
    // "Net value" and "Amount payable" are no totals words the reader knows: the rows' sum is the first amount
    // under them, and net + tax = total proves the block
    const rows: [string, string][] = [
      ['Wartungspauschale 08/2022', '80,464'],
      ['Leasingrate Kopierer 04/2023', '65,894'],
      ['Monthly leasing fee 04/2022', '62,238'],
    ];
    const r = await readPages([
      ...head('A75-926163', '06/05/2025'),
      ...rows.flatMap(([d, a], k): Text[] => [
        right(70, 200 + 12 * k, String(k + 1)),
        [80, 200 + 12 * k, d],
        right(480, 200 + 12 * k, a),
        right(530, 200 + 12 * k, '20%'),
      ]),
      ...totals(250, 480, [
        ['Net value', '208,596'],
        ['Sales tax 20%', '41,719'],
        ['Amount payable', '250,315'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.amount])).toEqual([
      ['Wartungspauschale 08/2022', 80464],
      ['Leasingrate Kopierer 04/2023', 65894],
      ['Monthly leasing fee 04/2022', 62238],
    ]);
  });

  it('starts a page without a proven run of rows at the service lines above its first item row', async () => {
    // page 1: more service lines than goods, too many to prove the run there; page 2 proves the columns
    const row = (y: number, d: string, q: string | undefined, a: string): Text[] => [
      [80, y, d],
      ...(q ? [right(400, y, q)] : []),
      right(530, y, a),
    ];
    const r = await readPages(
      [
        ...head('INV-2024/3739', '11-10-2022'),
        ...row(200, 'Forfait maintenance annuel 07/2019', undefined, '849,91'),
        ...row(212, 'Kantoorstoel zwart', '1', '364,24'),
        ...row(224, 'Forfait maintenance annuel 05/2026', undefined, '744,76'),
        ...row(236, 'Abonnement logiciel 06/2022', undefined, '127,14'),
        ...row(248, 'Servicekosten 10/2019', undefined, '580,38'),
        [60, 780, 'Rheinland Installatie KG · Industriestr. 5a · 10115 Berlin'],
      ],
      [
        ...row(60, 'Câble HDMI 2 m', '1', '1.450,29'),
        ...row(72, 'LED panel 60 x 60 cm', '117', '192.918,96'),
        ...row(84, 'Espresso beans 1 kg', '23', '34.419,53'),
        ...totals(120, 530, [
          ['Totaal excl. BTW', '231.455,21'],
          ['BTW 21 %', '48.605,59'],
          ['Te betalen', '280.060,80'],
        ]),
      ],
    );
    expect(r.items.map((it) => it.amount)).toEqual([
      849.91, 364.24, 744.76, 127.14, 580.38, 1450.29, 192918.96, 34419.53,
    ]);
  });
  it('reads rows of numbers alone with their names on the lines under them', async () => {
    // "8 uur | 1 | 5443 | 249,17 | 21% | 1.993,36" over "Verlengsnoer 5 m": no text on the row itself
    const r = await readPages([
      ...head('FA-2020-4411', '23-10-2020'),
      [54, 200, '8 uur'],
      right(100, 200, '1'),
      [110, 200, '5443'],
      right(400, 200, '249,17'),
      right(460, 200, '21%'),
      right(530, 200, '1.993,36'),
      [117, 212, 'Verlengsnoer 5 m'],
      [117, 224, 'Korting 5 %'],
      right(530, 224, '-99,67'),
      ...totals(250, 530, [
        ['Goederenwaarde', '1.893,69'],
        ['BTW 21%', '397,67'],
        ['Totaal incl. BTW', 'EUR 2.291,36'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.itemQty, it.price, it.amount])).toEqual([
      ['Verlengsnoer 5 m', 8, 249.17, 1993.36],
    ]);
  });

  it('reads an allowance under a label over two lines beside the names under their rows ("Staffel" over "korting:")', async () => {
    const rows: [string, string, string, string, string | undefined, string][] = [
      ['X739184', 'Koffiebonen biologisch', '21', '1.889,70', '7.936,74', '31.746,96'],
      ['3362995', 'Installatiewerkzaamheden', '108', '1.395,37', undefined, '150.699,96'],
      ['A5979', 'Glass cleaner 5 l', '26', '9,35', '24,31', '218,79'],
    ];
    const texts: Text[] = [];
    let y = 200;
    for (const [k, [code, d, q, p, off, a]] of rows.entries()) {
      texts.push(right(70, y, String(k + 1)), [80, y, code], [130, y, d], right(300, y, q), right(360, y, p));
      texts.push(right(530, y, a));
      if (off) {
        texts.push([380, y, 'Staffel'], [380, y + 10, 'korting:'], right(440, y + 20, `- ${off}`));
        y += 30;
      } else y += 12;
    }
    const r = await readPages([
      ...head('FR-2019/046-7', '08-06-2023'),
      ...texts,
      ...totals(y + 20, 530, [
        ['Totaal excl. BTW', '182.665,71'],
        ['BTW 21%', '38.359,80'],
        ['Te betalen', '221.025,51'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [21, 1889.7, 31746.96],
      [108, 1395.37, 150699.96],
      [26, 9.35, 218.79],
    ]);
  });
});

describe('item tables under headings (round 39)', () => {
  it("takes a price printed under the description's heading for no part of the name where it times the quantity is the amount", async () => {
    // "Détail" heads the name and the price beside it: more values than headings (a whole-unit currency's "10 554")
    const r = await readPages([
      ...head('RE-88767', '08-08-2021'),
      [54, 190, 'Ligne'],
      [106, 190, 'Nb'],
      [127, 190, 'Gencod'],
      [207, 190, 'Détail'],
      right(483, 190, 'TVA %'),
      right(71, 204, '1'),
      [99, 204, '1 pce'],
      [127, 204, '3085274223390'],
      [207, 204, 'Monthly leasing fee'],
      right(443, 204, '10 554'),
      right(483, 204, '10%'),
      right(555, 204, '10 554'),
      [207, 218, 'Frais de port'],
      right(555, 218, '2 250'),
      ...totals(250, 555, [
        ['Montant HT', '12 804'],
        ['Total à payer', 'ISK 14 309'],
      ]),
      [100, 290, 'Taux TVA'],
      [160, 290, 'Base HT'],
      [220, 290, 'TVA'],
      [100, 302, '20%'],
      [160, 302, '2 250'],
      [220, 302, '450'],
      [100, 314, '10%'],
      [160, 314, '10 554'],
      [220, 314, '1 055'],
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.itemQty, it.amount])).toEqual([
      ['Monthly leasing fee', 1, 10554],
    ]);
  });

  it('ends the table at the sum of its rows under a label it does not know: the total under it is no row', async () => {
    const r = await readPages([
      ...head('F2023-98966', '21-03-2019'),
      [60, 190, 'Nr.'],
      [90, 190, 'Code'],
      [220, 190, 'Omschr.'],
      right(400, 190, 'Stuks'),
      right(460, 190, 'P/st'),
      right(530, 190, 'Waarde'),
      ...[
        ['1', 'P974015', 'Druckerpatrone schwarz', '102', '326,97', '33.350,94'],
        ['2', 'X9829148', 'Wall plug 8 mm (100 pcs)', '77', '18,56', '1.429,12'],
      ].flatMap(([p, c, d, q, pr, a], k): Text[] => [
        [60, 204 + 12 * k, p!],
        [90, 204 + 12 * k, c!],
        [220, 204 + 12 * k, d!],
        right(400, 204 + 12 * k, q!),
        right(460, 204 + 12 * k, pr!),
        right(530, 204 + 12 * k, a!),
      ]),
      [300, 240, 'Heffingsbasis'],
      right(530, 240, '34.780,06'),
      [300, 252, 'Eindbedrag'],
      right(530, 252, 'EUR 42.083,87'),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([33350.94, 1429.12]);
  });

  it('parts a position run into its quantity ("13 58 carton" under "Ligne" and "Nb")', async () => {
    const rows: [string, string, string, string][] = [
      ['1 | 1 pce', 'Thermal labels 100 x 150', '459,89', '459,89'],
      ['2 | 31 kg', 'Farine de blé T55 25 kg', '74,04', '2 295,24'],
      ['3 58 carton', 'Koffiebonen biologisch', '2 345,88', '136 061,04'],
      ['4 54,50 pce', 'Druckerpatrone schwarz', '15,00', '817,50'],
    ];
    const r = await readPages([
      ...head('2026.9019', '11/08/23'),
      [60, 190, 'Ligne'],
      [90, 190, 'Nb'],
      [160, 190, 'Prestation'],
      right(420, 190, 'Prix'),
      right(530, 190, 'Montant'),
      ...rows.flatMap(([lead, d, p, a], k): Text[] => {
        const y = 204 + 12 * k;
        const [pos, qty] = lead.split(' | ');
        return [
          ...(qty ? ([right(70, y, pos!), [90, y, qty]] as Text[]) : ([[64, y, lead]] as Text[])),
          [160, y, d],
          right(420, y, p),
          right(530, y, a),
        ];
      }),
      ...totals(270, 530, [
        ['Total HT', '139 633,67'],
        ['TVA 20 %', '27 926,73'],
        ['Total TTC', '167 560,40'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price])).toEqual([
      [1, 459.89],
      [31, 74.04],
      [58, 2345.88],
      [54.5, 15],
    ]);
  });
  it('never takes the position column for the quantities, though a number under the table breaks its count', async () => {
    // "Nr." counts 1 … 5 on the rows; the footer under the table prints a street's number under it; "Aantal" holds the
    // quantities of the goods rows, the service rows print none
    const rows: [string, string | undefined, string, string][] = [
      ['1', undefined, 'Leasingrate Kopierer 01/2022', '665,14'],
      ['2', '22', 'Prestation de service', '45.469,16'],
      ['3', undefined, 'Huur koffiemachine 07/2022', '876,60'],
      ['4', undefined, 'Servicekosten 06/2025', '654,11'],
      ['5', '31', 'Espresso beans 1 kg', '2.149,85'],
    ];
    const r = await readPages([
      ...head('RE-47778', '05-07-2025'),
      [56, 190, 'Nr.'],
      [86, 190, 'Aantal'],
      [203, 190, 'Product'],
      ...rows.flatMap(([p, q, d, a], k): Text[] => [
        right(67, 204 + 12 * k, p),
        ...(q ? [right(111, 204 + 12 * k, q)] : []),
        [203, 204 + 12 * k, d],
        right(547, 204 + 12 * k, a),
      ]),
      ...totals(280, 547, [
        ['Excl. belasting', '49.814,86'],
        ['BTW 21 %', '10.461,12'],
        ['Te betalen', '€60.275,98'],
      ]),
      [14, 330, 'Stationsweg 2'],
      [203, 330, 'KvK 06967137'],
      right(547, 330, '+36 260 343847'),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.amount])).toEqual([
      [undefined, 665.14],
      [22, 45469.16],
      [undefined, 876.6],
      [undefined, 654.11],
      [31, 2149.85],
    ]);
  });

  it('reads "Som regels" under a table of one row as the rows\' sum, no row', async () => {
    const r = await readPages([
      ...head('FA-2024-0051', '12-04-2024'),
      [60, 190, 'Omschr.'],
      right(380, 190, 'Aant.'),
      right(440, 190, 'P/st'),
      right(530, 190, 'Som'),
      [60, 204, 'Transport pallet Euro'],
      right(380, 204, '24,75'),
      right(440, 204, '55,86'),
      right(530, 204, '1.382,54'),
      [60, 228, 'Som regels'],
      right(530, 228, '1.382,54'),
      ...totals(252, 530, [
        ['Totaal excl. BTW', '1.382,54'],
        ['BTW-bedrag 21%', '290,33'],
        ['Totaal incl. BTW EUR', 'EUR 1.672,87'],
      ]),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([1382.54]);
  });
  it('reads a row whose text is a batch ("Charge: L23294") as a row, not a charge', async () => {
    // a table without a heading: the quantity leads the row, the batch is its text; an allowance ("Aktion" over
    // "Frühjahr:") keeps its numbers from multiplying out
    const row = (y: number, q: string, d: string, p: string, a: string): Text[] => [
      right(90, y, q),
      [100, y, d],
      right(400, y, p),
      right(551, y, a),
    ];
    const r = await readPages([
      ...head('FA-22.1934', '14-03-2024'),
      ...row(204, '3', 'Steel bracket 40 mm', '12,00', '36,00'),
      ...row(216, '94,25', 'Charge: L23294', '52,53', '4.455,86'),
      [410, 216, 'Aktion'],
      [410, 226, 'Frühjahr:'],
      right(500, 236, '- 495,09'),
      ...row(250, '12', 'Safety gloves size 9', '4,10', '49,20'),
      ...totals(280, 551, [
        ['Nettobetrag', '4.541,06'],
        ['USt. 19 %', '862,80'],
        ['Endbetrag', '5.403,86'],
      ]),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([36, 4455.86, 49.2]);
    // (the batch's number may start with a letter)
    expect(BATCH_WORD.test(norm('Charge: L23294'))).toBe(true);
  });

  it('takes a quantity with its unit that the description runs into for the quantity, and leaves it out of the name', async () => {
    // (a name that ends in its own "1 kg" beside a quantity of 1 keeps it)
    const rows: [string, string, string, string][] = [
      ['Espresso beans 1 kg', '30 h', '963,57', '28.907,10'],
      ['Schraube M8 x 40 verzinkt 14 carton', '', '80,78', '1.130,92'],
      ['Consulting hours', '24 carton', '56,42', '1.354,08'],
      ['Espresso beans 1 kg', '1', '12,00', '12,00'],
    ];
    const r = await readPages([
      ...head('FA-2024-7781', '12-05-2024'),
      [60, 190, 'Désignation'],
      [250, 190, 'Qté'],
      right(380, 190, 'Prix'),
      right(460, 190, 'Montant'),
      right(530, 190, 'TVA'),
      ...rows.flatMap(([d, q, p, a], k): Text[] => [
        [60, 204 + 12 * k, d],
        ...(q ? ([[250, 204 + 12 * k, q]] as Text[]) : []),
        right(380, 204 + 12 * k, p),
        right(460, 204 + 12 * k, a),
        right(530, 204 + 12 * k, '10%'),
      ]),
      ...totals(250, 460, [
        ['Total HT', '31.404,10'],
        ['TVA 10 %', '3.140,41'],
        ['Total TTC', '34.544,51'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.itemQty])).toEqual([
      ['Espresso beans 1 kg', 30],
      ['Schraube M8 x 40 verzinkt', 14],
      ['Consulting hours', 24],
      ['Espresso beans 1 kg', 1],
    ]);
  });

  it('parts a unit run into its price ("Karton 483,06" under "Einheit" and "E-Preis")', async () => {
    // the row's allowance under it: its price must be the printed one, not the amount over the quantity
    const r = await readPages([
      ...head('RE-2024-0551', '03-04-2024'),
      [187, 190, 'Artikelbezeichnung'],
      right(326, 190, 'Menge'),
      [338, 190, 'Einheit'],
      right(402, 190, 'E-Preis'),
      right(471, 190, 'Abzüge'),
      right(551, 190, 'Gesamt'),
      [187, 204, 'Cable tie black 200 mm'],
      right(326, 204, '14'),
      [338, 204, 'Stk'],
      right(402, 204, '60,68'),
      right(551, 204, '849,52'),
      [187, 216, 'Thermal labels 100 x 150'],
      right(326, 216, '2'),
      [338, 216, 'Karton 483,06'],
      [414, 216, 'Rabatt:'],
      right(551, 216, '917,81'),
      right(471, 227, '- 48,31'),
      [187, 240, 'Druckerpatrone schwarz'],
      right(326, 240, '3'),
      [338, 240, 'kg'],
      right(402, 240, '963,69'),
      right(551, 240, '2.891,07'),
      ...totals(270, 551, [
        ['Nettobetrag', '4.658,40'],
        ['USt. 19 %', '885,10'],
        ['Endbetrag', '5.543,50'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([
      [14, 60.68, 849.52],
      [2, 483.06, 917.81],
      [3, 963.69, 2891.07],
    ]);
  });
});

describe('header fields and parties (round 39)', () => {
  it("reads a number inside an order's supplier block as the supplier's account there, not the order's number", async () => {
    const r = await readPages([
      [60, 50, 'Rheinland Supplies SARL'],
      [60, 62, '12 rue de la Paix, 69001 Lyon'],
      [330, 50, 'BON DE COMMANDE'],
      [60, 100, 'Fournisseur:'],
      [60, 112, 'Riviera Supplies B.V.'],
      [60, 124, 'Prinsengracht 263'],
      [60, 136, '9711 EX Groningen'],
      [60, 148, 'ID: 84977'],
      [50, 180, 'N° de demande'],
      [150, 180, 'Demandée le'],
      [50, 192, 'INV/2020/87334'],
      [150, 192, '03/11/2020'],
      [60, 220, 'Prestation'],
      right(400, 220, 'Nb'),
      right(460, 220, 'Tarif'),
      right(530, 220, 'Valeur'),
      [60, 234, 'Câble HDMI 2 m'],
      right(400, 234, '2'),
      right(460, 234, '12,50'),
      right(530, 234, '25,00'),
    ]);
    expect(r.headers.shopAccount).toBe('84977');
    expect(r.headers.orderNum).not.toBe('84977');
  });

  it('reads the VAT word of "Totaal incl. BTW" as naming the total, not the VAT, above a deposit paid', async () => {
    const r = await readPages([
      ...head('AB-2019/962-8', '11-06-2024'),
      [60, 190, 'Omschrijving'],
      right(530, 190, 'Bedrag'),
      [60, 204, 'Servicekosten 05/2026'],
      right(530, 204, '1.427,15'),
      [60, 216, 'Forfait maintenance annuel 11/2024'],
      right(530, 216, '702,21'),
      ...totals(250, 530, [
        ['Totaal', '2.129,36'],
        ['Verzendkosten', '25,00'],
        ['Waarde', '2.154,36'],
        ['BTW 21%', '452,42'],
        ['Totaal incl. BTW', '€2.606,78'],
        ['Aanbetaling', '-782,03'],
        ['Nog te betalen', '€1.824,75'],
      ]),
    ]);
    expect([r.totals.invoiceTotal, r.totals.vat]).toEqual([2606.78, 452.42]);
  });

  it("takes no item row over an order's footer for its issuer, whatever legal form its unit looks like", async () => {
    // the last row's "kg" reads like a legal form (KG); the footer at the page's foot prints the issuer with its VAT id
    // and IBAN
    const r = await readPages([
      [60, 50, 'BH'],
      [330, 50, 'BESTELLING'],
      [60, 90, 'Leverancier:'],
      [60, 102, 'Van Dijk Consulting V.O.F.'],
      [60, 114, 'Stationsweg 2'],
      [60, 126, '9711 EX Groningen'],
      [60, 150, 'Opdracht'],
      [150, 150, 'Van'],
      [60, 162, '1240798'],
      [150, 162, '24-03-2024'],
      [60, 750, 'Omschrijving'],
      right(400, 750, 'Hoeveelheid'),
      right(460, 750, 'Prijs'),
      right(530, 750, 'Bedrag'),
      [60, 764, 'Kopierpapier A4 80 g st'],
      right(400, 764, '1'),
      right(460, 764, '174,85'),
      right(530, 764, '174,85'),
      [60, 776, 'Wall plug 8 mm (100 pcs) kg'],
      right(400, 776, '80'),
      right(460, 776, '9,32'),
      right(530, 776, '745,60'),
      [60, 788, 'Blue Harbor Logistics N.V.'],
      [250, 788, 'BTW-nummer NL533210669B87'],
      [400, 788, 'IBAN NL38 8499 6602 4978 6105 75'],
      [60, 800, 'Stationsweg 2'],
      [250, 800, 'KvK 99172285'],
      [60, 812, '3511 LK Utrecht'],
    ]);
    expect(r.invoiceTo?.name).toBe('Blue Harbor Logistics N.V.');
  });

  it('reads a customer\'s order number after "Customer PO" as no heading of the buyer\'s block', async () => {
    const r = await readPages([
      [330, 60, 'Van Dijk Office plc'],
      [330, 72, '8 Mill Lane, Manchester M1 1AE'],
      [60, 110, 'Blue Harbor Bakery Ltd'],
      [60, 122, '14 High Street'],
      [60, 134, 'Bristol BS1 4DJ'],
      [330, 110, 'Invoice ID:'],
      [420, 110, 'INV-2021/4573'],
      [330, 122, 'Date:'],
      [420, 122, '12/23/2023'],
      [330, 134, 'Customer PO:'],
      [420, 134, 'BE 545505'],
      [60, 170, 'Particulars'],
      [330, 170, 'No.'],
      right(530, 170, 'EUR'),
      [60, 184, 'Steel bracket 40 mm'],
      right(340, 184, '9'),
      right(530, 184, '703.80'),
    ]);
    expect(r.invoiceTo?.name).toBe('Blue Harbor Bakery Ltd');
  });

  it("takes no VAT id under a heading that names the customer for the customer's name", async () => {
    // "USt-IdNr." over "Kunde" heads the buyer's VAT id in the band of header values
    const r = await readPages([
      [60, 50, 'BELLEVUE'],
      [330, 80, 'Alpenrose Trading GmbH'],
      [330, 92, 'Gartenweg 27'],
      [330, 104, '80331 München'],
      [60, 140, 'Rg.-Nr.'],
      [140, 140, 'Rechnungsdatum'],
      [240, 140, 'USt-IdNr.'],
      [240, 150, 'Kunde'],
      [60, 160, 'RG 2020-22465'],
      [140, 160, '2025-12-07'],
      [240, 160, 'DE483023865'],
      [60, 200, 'Bezeichnung'],
      right(400, 200, 'Anzahl'),
      right(530, 200, 'EUR'),
      [60, 214, 'Packing tape brown'],
      right(400, 214, '2'),
      right(530, 214, '1.452,18'),
    ]);
    expect(r.invoiceTo?.name).not.toBe('DE483023865');
  });

  it('reads a Dutch "Creditfactuur" as a credit note and its number after the title', async () => {
    const r = await readPages([
      [60, 60, 'De Vries Distribution Inc.'],
      [60, 72, '90 Station Road, London EC1A 1BB'],
      [330, 90, 'Creditfactuur nummer 2023.1833'],
      [60, 110, 'Horizon Hardware N.V.'],
      [60, 122, 'Prinsengracht 263, 1012 AB Amsterdam'],
      [330, 110, 'Datum:'],
      [420, 110, '14 maart 2018'],
      [60, 140, 'Bedankt voor uw bestelling.'],
      [60, 170, 'Beschrijving'],
      right(400, 170, 'Aantal'),
      right(530, 170, 'Bedrag'),
      [60, 184, 'Wall plug 8 mm (100 pcs)'],
      right(400, 184, '2'),
      right(530, 184, '-157.84'),
    ]);
    expect(r.documentType).toBe('creditNote');
    expect(r.headers.invoiceNum).toBe('2023.1833');
  });
});
