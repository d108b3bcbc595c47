import { describe, expect, it } from 'vitest';
import {
  dutchInvoiceHead as head,
  readSmallPages as readPages,
  rightAligned as right,
  type PlacedText as Text,
  totalsAt as totals,
} from './__tests__/make-docs.js';
import { isNoiseName } from './parties.js';

describe('tables without a heading (round 40)', () => {
  it('reads a short word leading the one row of a table, a number right of it, as the unit, not the name', async () => {
    const r = await readPages([
      ...head('F2023-51451', '14.10.2023'),
      [63, 200, 'kg'],
      right(136, 200, '1'),
      [148, 200, 'P5956005'],
      [211, 200, 'Consulting hours'],
      right(436, 200, '72,60'),
      right(476, 200, '2'),
      right(549, 200, '72,60'),
      ...totals(230, 549, [
        ['Exclusief', '72,60'],
        ['BTW 9%', '6,53'],
        ['Te betalen', '79,13'],
      ]),
    ]);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ itemDesc: 'Consulting hours', amount: 72.6 });
  });

  it('reads a unit leading the one goods row among service lines as its unit, not its name', async () => {
    const r = await readPages([
      ...head('INV-2026-018', '12.03.2026'),
      [52, 200, 'kg'],
      right(125, 200, '1'),
      [137, 200, 'Glass cleaner 5 l'],
      right(428, 200, '2,209.07'),
      [461, 200, 'A'],
      right(541, 200, '2,209.07'),
      [137, 212, 'Monthly leasing fee 05/2023'],
      [461, 212, 'A'],
      right(541, 212, '799.14'),
      [137, 224, 'Hosting package Business 11/2020'],
      [461, 224, 'A'],
      right(541, 224, '874.09'),
      ...totals(250, 541, [
        ['Total items', '3,882.30'],
        ['VAT 20%', '776.46'],
        ['Total due', '4,658.76'],
      ]),
    ]);
    expect(r.items.map((it) => it.itemDesc)).toEqual([
      'Glass cleaner 5 l',
      'Monthly leasing fee 05/2023',
      'Hosting package Business 11/2020',
    ]);
  });

  it('keeps a row whose allowance word stands right of its own numbers, the quantity the number shaped as one', async () => {
    // "Remise :" right of the quantity and the price, the amount taken off under it: 30,75 × 1.136,66 − 1.747,62
    const r = await readPages([
      ...head('S99-429171', '20.10.2026'),
      [61, 200, 'Wall plug 8 mm (100 pcs)'],
      [185, 200, 'ART7508'],
      [247, 200, 'carton'],
      right(320, 200, '30,75'),
      right(386, 200, '1.136,66'),
      [398, 200, 'Remise :'],
      right(556, 200, '33.204,68'),
      right(483, 212, '- 1.747,62'),
      ...totals(250, 556, [
        ['Montant HT', '33.204,68'],
        ['TVA 20 %', '6.640,94'],
        ['À payer TTC', '39.845,62'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.itemQty, it.price, it.amount])).toEqual([
      ['Wall plug 8 mm (100 pcs)', 30.75, 1136.66, 33204.68],
    ]);
  });

  it('reads the one row of a whole-unit table over notes whose numbers stand within the text', async () => {
    // "Lot 117" and "Taille : 39" under the row: numbers money enough in yen, but no totals row's
    const r = await readPages([
      ...head('INV/2020/73076', '09.04.2023'),
      right(85, 200, '4'),
      [97, 200, 'Cartouche encre cyan'],
      right(429, 200, '13,116'),
      right(469, 200, '20%'),
      right(542, 200, '52,464'),
      [97, 211, 'Lot 117'],
      [97, 222, 'Taille : 39'],
      ...totals(250, 542, [
        ['Total HT', '52,464'],
        ['TVA 20 %', '10,493'],
        ['Montant JPY', '62,957'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemQty, it.price, it.amount])).toEqual([[4, 13116, 52464]]);
  });
  it('proves a table of one row by the totals under it where a net price stands under its allowance', async () => {
    // "- 113,75" and "= 2.161,31" under the price: the row's own allowance and net price, no totals amounts
    const r = await readPages([
      ...head('AB-2023/551', '18.10.2020'),
      [65, 200, 'Cable tie black 200 mm'],
      right(372, 200, '45 Std'),
      right(439, 200, '2.275,06'),
      right(511, 200, '97.258,95'),
      right(552, 200, '19%'),
      right(439, 211, '- 113,75'),
      right(439, 222, '= 2.161,31'),
      ...totals(250, 511, [
        ['Summe Artikel', '97.258,95'],
        ['MwSt. 19 %', '18.479,20'],
        ['Gesamtbetrag', '115.738,15'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.amount])).toEqual([['Cable tie black 200 mm', 97258.95]]);
  });

  it('proves a single service line by net + VAT = total under it, its sum printed twice', async () => {
    const r = await readPages([
      ...head('INV-2026-099', '12.08.2026'),
      [49, 200, 'Abonnement logiciel 08/2026'],
      right(543, 200, '586.94'),
      ...totals(230, 543, [
        ['Subtotal', '586.94'],
        ['Total excl. VAT', '586.94'],
        ['VAT 20%', '117.39'],
        ['Total', '704.33'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.amount])).toEqual([['Abonnement logiciel 08/2026', 586.94]]);
  });
});

describe('tables under headings (round 40)', () => {
  it("finds the amount by the row's discount rate where the amount's heading ran into the next one", async () => {
    // "WertMwSt.-Code": the amount's and the tax code's headings as one cell, a code "1" right of each amount
    const rows: [string, string, string, string, string][] = [
      ['Cartouche encre cyan', '1 Std', '72,464', '5%', '68,841'],
      ['Winkelprofil Aluminium', '76 Stk', '319,760', '5%', '23,086,672'],
      ['Consulting hours', '1 kg', '55,356', '10%', '49,820'],
    ];
    const r = await readPages([
      ...head('RE-2025-0603', '03.06.2025'),
      [60, 190, 'Pos'],
      [83, 190, 'Bez.'],
      [339, 190, 'Menge'],
      [379, 190, 'Stückpreis'],
      [425, 190, 'Rabatt %'],
      [504, 190, 'WertMwSt.-Code'],
      ...rows.flatMap(([d, q, p, off, a], k): Text[] => [
        right(71, 205 + 12 * k, String(k + 1)),
        [83, 205 + 12 * k, d],
        right(357, 205 + 12 * k, q),
        right(415, 205 + 12 * k, p),
        right(454, 205 + 12 * k, off),
        right(518, 205 + 12 * k, a),
        right(554, 205 + 12 * k, '1'),
      ]),
      ...totals(250, 518, [
        ['Gesamt netto', '23,205,333'],
        ['MwSt. 19 %', '4,409,013'],
        ['Gesamtbetrag', '27,614,346'],
      ]),
    ]);
    expect(r.items.map((it) => it.amount)).toEqual([68841, 23086672, 49820]);
  });

  it('ends the table at the net under a label it does not know, the rows less a discount plus a charge', async () => {
    // the description column starts right of the middle, and the totals' labels a little right of it
    const rows: [string, string, string, string][] = [
      ['Packing tape brown', '10', '12.50', '125.00'],
      ['Druckerpatrone schwarz', '2', '94.29', '188.58'],
      ['Wartungspauschale', '1', '300.00', '300.00'],
    ];
    const r = await readPages([
      ...head('RG 2021-34443', '12/05/2022'),
      [134, 190, 'Units'],
      [310, 190, 'Product'],
      [467, 190, 'Rate'],
      [538, 190, 'Total'],
      ...rows.flatMap(([d, q, p, a], k): Text[] => [
        right(156, 205 + 12 * k, q),
        [310, 205 + 12 * k, d],
        right(485, 205 + 12 * k, p),
        right(558, 205 + 12 * k, a),
      ]),
      [310, 250, 'Discount 2 %'],
      right(558, 250, '-12.27'),
      [310, 262, 'Shipping'],
      right(558, 262, '9.95'),
      ...[
        ['Goods value', '611.26'],
        ['VAT @ 20%', '122.25'],
        ['Total EUR', '733.51'],
      ].flatMap(([label, amount], k): Text[] => [
        [335, 280 + 12 * k, label!],
        right(558, 280 + 12 * k, amount!),
      ]),
    ]);
    expect(r.items.map((it) => it.itemDesc)).toEqual(rows.map(([d]) => d));
    expect(r.totals.net).toBe(611.26);
  });

  it('leaves a quantity the description runs into out of the name where the unit after it was read as the unit', async () => {
    // in 9-point type "Installatiewerkzaamheden 88 Karton" runs from the description's column on under "Menge"
    const t = (x: number, y: number, text: string): Text => [x, y, text, 9];
    const r = await readPages([
      ...head('RE-2026-117', '03.06.2021'),
      t(58, 190, 'Pos.'),
      t(83, 190, 'Artikelnummer'),
      t(140, 190, 'Leistung'),
      t(269, 190, 'Menge'),
      t(334, 190, 'Preis'),
      t(415, 190, 'Abzüge'),
      t(449, 190, 'MwSt. %'),
      t(521, 190, 'Betrag'),
      right(71, 205, '1'),
      t(83, 205, 'X626293'),
      t(140, 205, 'Thermal labels 100 x 150'),
      right(290, 205, '89 Karton'),
      right(350, 205, '49,62'),
      right(475, 205, '19%'),
      right(542, 205, '4.416,18'),
      right(71, 220, '2'),
      t(83, 220, 'X6811'),
      t(140, 220, 'Installatiewerkzaamheden 88 Karton'),
      right(350, 220, '633,69'),
      right(475, 220, '19%'),
      right(542, 220, '55.764,72'),
      ...totals(250, 542, [
        ['Warensumme', '60.180,90'],
        ['USt. 19%', '11.434,37'],
        ['Gesamtbetrag', '71.615,27'],
      ]),
    ]);
    expect(r.items.map((it) => [it.itemDesc, it.itemQty])).toEqual([
      ['Thermal labels 100 x 150', 89],
      ['Installatiewerkzaamheden', 88],
    ]);
  });

  it('keeps a line set apart by blank lines under an allowance out of the next row, and gives a page its first names', async () => {
    // names over their rows' numbers; a note ("Herkunftsland: DE") between an allowance and the next row is no
    // head of that row; the next page starts with a row's name lines, no heading repeated over them
    const row = (y: number, q: string, name: string, p: string, a: string): Text[] => [
      right(97, y, q),
      [140, y, name],
      right(350, y, p),
      right(475, y, '19%'),
      right(542, y, a),
    ];
    const r = await readPages(
      [
        ...head('RE-2026-118', '03.06.2021'),
        [80, 190, 'Menge'],
        [140, 190, 'Leistung'],
        [334, 190, 'Preis'],
        [362, 190, 'Abzüge'],
        [449, 190, 'MwSt. %'],
        [521, 190, 'Betrag'],
        [140, 205, 'Safety gloves size 9'],
        ...row(217, '1', 'Zeitraum März', '1.844,34', '1.659,91'),
        [362, 217, 'Rabatt:'],
        right(439, 229, '- 184,43'),
        ...row(244, '20', 'Prestation de service', '26,75', '481,50'),
        [362, 244, 'Rabatt:'],
        right(439, 256, '- 53,50'),
        [140, 284, 'Herkunftsland: DE'],
        ...row(304, '88', 'Installatiewerkzaamheden', '633,69', '55.764,72'),
        [140, 328, 'Thermal labels 100 x 150'],
        ...row(340, '55', 'Couleur : noir', '37,34', '2.053,70'),
      ],
      [
        [140, 60, 'LED panel 60 x 60 cm'],
        [140, 72, 'Lot 117'],
        ...row(84, '108', 'Taille : 45', '94,60', '10.216,80'),
        ...totals(120, 542, [
          ['Netto', '70.176,63'],
          ['USt. 19%', '13.333,56'],
          ['Gesamtbetrag', '83.510,19'],
        ]),
      ],
    );
    expect(r.items.map((it) => it.itemDesc)).toEqual([
      'Safety gloves size 9 Zeitraum März',
      'Prestation de service',
      'Installatiewerkzaamheden',
      'Thermal labels 100 x 150 Couleur : noir',
      'LED panel 60 x 60 cm Lot 117 Taille : 45',
    ]);
  });

  it("never joins a page number line to the next page's first row", async () => {
    const rows = (y: number, list: [string, string][]): Text[] =>
      list.flatMap(([d, a], k): Text[] => [
        [109, y + 12 * k, d],
        right(474, y + 12 * k, '21%'),
        right(547, y + 12 * k, a),
      ]);
    const heading = (y: number): Text[] => [
      [75, y, 'Aant.'],
      [109, y, 'Omschr.'],
      [405, y, 'Prijs/st'],
      [445, y, 'BTW %'],
      [516, y, 'Waarde'],
    ];
    const first: [string, string][] = Array.from({ length: 40 }, (_, k) => [
      `Wartungspauschale ${String((k % 12) + 1).padStart(2, '0')}/2022`,
      `${100 + k},${String(10 + k).slice(-2)}`,
    ]);
    const r = await readPages(
      [
        ...head('2847351', '18-09-2023'),
        ...heading(190),
        ...rows(205, first),
        right(97, 205 + 12 * 40, '2 st'),
        [109, 205 + 12 * 40, 'Thermal labels 100 x 150'],
        right(434, 205 + 12 * 40, '765,44'),
        right(474, 205 + 12 * 40, '9%'),
        right(547, 205 + 12 * 40, '1.530,88'),
        [273, 800, 'Pagina 1 van 2'],
      ],
      [
        ...heading(60),
        ...rows(75, [
          ['Abonnement logiciel 04/2026', '298,24'],
          ['Leasingrate Kopierer 05/2022', '105,83'],
        ]),
      ],
    );
    const next = r.items.find((it) => it.amount === 298.24);
    expect(next).toMatchObject({ itemDesc: 'Abonnement logiciel 04/2026' });
    expect(next?.price).not.toBe(1);
  });
});

describe('totals and header labels (round 40)', () => {
  it('takes the total equal to the net where every VAT rate row prints 0.00, not the balance after a deposit', async () => {
    const r = await readPages([
      ...head('RE-58650', '03/06/21'),
      [68, 190, 'Quantity'],
      [113, 190, 'Description'],
      [418, 190, 'Rate'],
      [452, 190, 'VAT %'],
      [513, 190, 'Line total'],
      right(101, 205, '81 x'),
      [113, 205, 'Kopierpapier A4 80 g'],
      right(436, 205, '2,423.36'),
      right(476, 205, '0%'),
      right(549, 205, '196,292.16'),
      ...totals(240, 549, [
        ['Sub-total', '196,292.16'],
        ['Total excl. VAT', '196,292.16'],
        ['Total', '196,292.16'],
        ['Less deposit paid', '-58,887.65'],
        ['Balance due', '137,404.51'],
      ]),
      [113, 320, 'VAT rate'],
      [226, 320, 'Net'],
      [315, 320, 'VAT'],
      right(151, 332, '20%'),
      right(242, 332, '0.00'),
      right(333, 332, '0.00'),
      right(151, 344, '0%'),
      right(242, 344, '196,292.16'),
      right(333, 344, '0.00'),
    ]);
    expect(r.totals.invoiceTotal).toBe(196292.16);
    expect(r.totals.vat).toBe(0);
  });

  // ("Worth before tax", a net label it does not know naming tax, had made the total the VAT, 0.95 sure, and the
  // 0.00 under the VAT table's "Net" the net, 0.99 sure: an amount as large as the total is no VAT)
  it.each(['Value excl.', 'Worth before tax'])(
    "takes the net from a VAT table whose rows print 0.00 where the net's label is one it does not know (%s)",
    async (label) => {
      const r = await readPages([
        ...head('INV/2020/46865', '23.03.2025'),
        [89, 190, 'No.'],
        [221, 190, 'Article / service'],
        [406, 190, 'Price/unit'],
        [479, 190, 'Ext. price'],
        right(100, 205, '83 x'),
        [221, 205, 'Koffiebonen biologisch'],
        right(443, 205, '57.73'),
        right(515, 205, '4,791.59'),
        ...totals(240, 515, [
          ['Sub-total', '4,791.59'],
          [label, '4,791.59'],
          ['To pay', '4,791.59'],
        ]),
        [114, 290, 'VAT rate'],
        [227, 290, 'Net'],
        [318, 290, 'VAT'],
        right(150, 302, '20%'),
        right(241, 302, '0.00'),
        right(332, 302, '0.00'),
        right(150, 314, '0%'),
        right(241, 314, '4,791.59'),
        right(332, 314, '0.00'),
      ]);
      expect([r.totals.net, r.totals.vat, r.totals.invoiceTotal]).toEqual([4791.59, 0, 4791.59]);
    },
  );

  it('takes no number under a label inside a sentence ("selon le bon de commande signé") for the order number', async () => {
    const r = await readPages([
      [56, 41, 'De Vries Print SA'],
      [56, 53, '7 boulevard Voltaire, 33000 Bordeaux'],
      [56, 130, 'BON DE COMMANDE n° 2026.5188 du 8 mai 2023'],
      [328, 156, 'Fournisseur:'],
      [328, 168, 'Sonnenhof Distribution SA'],
      [328, 179, '12 rue de la Paix, 33000 Bordeaux'],
      [65, 259, 'Unité'],
      [123, 259, 'Qte'],
      [149, 259, 'Prestation'],
      [461, 259, 'EUR'],
      [534, 259, 'EUR'],
      [65, 277, 'kg'],
      right(137, 277, '32'),
      [149, 277, 'Monthly leasing fee'],
      right(479, 277, '93,73'),
      right(552, 277, '2.999,36'),
      [149, 300, 'Intervention sur site pendant 4 jours'],
      [149, 311, 'selon le bon de commande signé'],
      [65, 334, 'carton'],
      right(137, 334, '55'),
      [149, 334, 'X5652858 - Câble HDMI 2 m'],
      right(479, 334, '1.043,96'),
      right(552, 334, '57.417,80'),
      ...totals(370, 552, [
        ['Total HT', '60.417,16'],
        ['TVA 20 %', '12.083,43'],
        ['Total TTC', '72.500,59'],
      ]),
    ]);
    expect(r.headers.orderNum).toBe('2026.5188');
  });
});

describe('parties (round 40)', () => {
  it('takes a department of the company for no name ("Afdeling crediteuren", "Accounts payable")', () => {
    // (under a buyer's name that repeats the sender's, the department line had been the buyer, 0.99 sure)
    for (const t of ['Afdeling crediteuren', 'Accounts payable', 'Abteilung Einkauf', 'Service comptabilité'])
      expect(isNoiseName(t), t).toBe(true);
    expect(isNoiseName('Service Partners GmbH')).toBe(false);
  });
});
