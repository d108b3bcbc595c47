import { describe, expect, it } from 'vitest';
import { ocrLine, onePage } from './__tests__/scan-words.js';
import { documentType, extractHeaders, extractTotals } from './extract.js';
import { extractItems } from './items.js';
import { cleanOcrToken } from './ocr.js';
import { extractParties, extractVat, vatDigits } from './parties.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

/** A line of cells at height `y` (page fractions); each cell is [x0, x1, text], one word per space. */
const row = (y: number, cells: [number, number, string][]) => ocrLine(y, y + 0.01, cells, null);

/** A one-page document of these words, as `read` hands it on: a scan (PNG) or a PDF's text layer. */
const docOf = (words: Word[], source: 'ocr' | 'text' = 'ocr', grainy?: true) =>
  onePage(words, source, grainy ? { grainy } : {});

function itemsOf(words: Word[], source: 'ocr' | 'text' = 'ocr') {
  return extractItems(contextOf(docOf(words, source))).items;
}

const DESC: [number, number] = [0.08, 0.3];
const QTY: [number, number] = [0.6, 0.66];
const PRICE: [number, number] = [0.72, 0.78];
const AMOUNT: [number, number] = [0.84, 0.9];
const VAT: [number, number] = [0.79, 0.81];

/**
 * The rows of a table whose columns stand at `columns`: `line(y, ...texts)` puts one text in each column, in order;
 * an `undefined` text leaves that cell out, and a row may stop before the last column.
 */
const tableOf =
  (...columns: [number, number][]) =>
  (y: number, ...texts: (string | undefined)[]): Word[] =>
    row(
      y,
      columns.flatMap(([x0, x1], i): [number, number, string][] => {
        const text = texts[i];
        return text === undefined ? [] : [[x0, x1, text]];
      }),
    );
/** Description, quantity, price and amount: the usual item table. */
const line = tableOf(DESC, QTY, PRICE, AMOUNT);
/** The heading of a German item table, which several tests start from. */
const germanHeading = () => line(0.3, 'Artikel', 'Menge', 'E-Preis', 'Betrag');

describe('item tables of scans', () => {
  it('finds the amount and price columns by the numbers under a heading whose price and amount labels OCR lost', () => {
    const items = itemsOf([
      ...line(0.3, 'Désignation', 'Qté'),
      // the numbers stand a little off the usual price and amount columns, as a skewed scan sets them
      ...line(0.32, 'Câble réseau 5 m', '4'),
      ...row(0.32, [
        [0.73, 0.78, '12,50'],
        [0.85, 0.9, '50,00'],
      ]),
      ...line(0.34, 'Souris sans fil', '2'),
      ...row(0.34, [
        [0.74, 0.78, '8,25'],
        [0.85, 0.9, '16,50'],
      ]),
      ...row(0.37, [
        [0.6, 0.7, 'Total HT'],
        [0.85, 0.9, '66,50'],
      ]),
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Câble réseau 5 m', 4, 12.5, 50],
      ['Souris sans fil', 2, 8.25, 16.5],
    ]);
  });

  it('reads plain digits under the price and amount headings of a scan as cents whose comma the blur took', () => {
    const items = itemsOf([
      ...germanHeading(),
      ...line(0.32, 'Kabelbinder', '98', '2526', '247548'),
      ...line(0.34, 'Bürostuhl', '25', '2439', '609,75'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [98, 25.26, 2475.48],
      [25, 24.39, 609.75],
    ]);
  });

  it('takes the quantity of a scanned row from amount ÷ price when OCR lost or broke it', () => {
    const items = itemsOf([
      ...germanHeading(),
      // the "1" was not read; "71" was read as "7"
      ...line(0.32, 'Bürostuhl', undefined, '21,97', '21,97'),
      ...line(0.34, 'Etiketten', '7', '185,99', '13.205,29'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 21.97, 21.97],
      [71, 185.99, 13205.29],
    ]);
  });

  it('takes the quantity of a scanned row with a discount rate from amount ÷ the price less that rate', () => {
    const withDisc = tableOf(DESC, QTY, PRICE, VAT, AMOUNT);
    const items = itemsOf([
      ...withDisc(0.3, 'Description', 'Units', 'Unit price', 'Disc. %', 'Line total'),
      // "1 h" read as "Ih"; "51" read as "5"
      ...withDisc(0.32, 'HDMI cable 2 m', 'Ih', '1,375.35', '15%', '1,169.05'),
      ...withDisc(0.34, 'Hex screw M8', '5', '22.65', '15%', '981.88'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [1, 1169.0475, 1169.05],
      [51, 19.2525, 981.88],
    ]);
  });

  it("prefers the whole quantity less the row's discount rate to a quarter quantity without it", () => {
    const withDisc = tableOf(DESC, QTY, PRICE, VAT, AMOUNT);
    const items = itemsOf([
      ...withDisc(0.3, 'Description', 'Units', 'Unit price', 'Disc. %', 'Line total'),
      // the quantity 90 lost: 90 × 0.85 = 76.5, so 76.5 × the printed price makes the amount as well
      ...withDisc(0.32, 'Office chair', undefined, '1,231.93', '15%', '94,242.65'),
      ...withDisc(0.34, 'Hex screw M8', '5', '22.65', '15%', '96.26'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [90, 1047.1405, 94242.65],
      [5, 19.2525, 96.26],
    ]);
  });

  it('takes a quarter or half quantity of a scanned row from amount ÷ price when OCR lost it', () => {
    const withDisc = tableOf(DESC, QTY, PRICE, VAT, AMOUNT);
    const items = itemsOf([
      ...withDisc(0.3, 'Description', 'Units', 'Unit price', 'Disc. %', 'Line total'),
      // "32,25 h" and "11,5 h" read as nothing a number can be made of
      ...withDisc(0.32, 'Extension cord 5 m', 'Zz,Zs h', '1,477.17', '10%', '42,874.86'),
      ...withDisc(0.34, 'Installation work', 'ii,s h', '1,399.03', undefined, '16,088.85'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [32.25, 1329.453, 42874.86],
      [11.5, 1399.03, 16088.85],
    ]);
  });

  it('reads a quantity OCR glued to its unit ("74x", "3kg") under the quantity heading', () => {
    const items = itemsOf([
      ...line(0.3, 'Text', 'Menge', 'USt. %', 'Wert'),
      ...line(0.32, 'HDMI-Kabel 2 m', '74x', '7%', '3.833,20'),
      ...line(0.34, 'Kaffeebohnen', '3kg', '7%', '45,00'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [74, 51.8, 3833.2],
      [3, 15, 45],
    ]);
  });

  it('reads a one OCR made a letter of ("I", "l", "i") under the quantity heading as the quantity 1', () => {
    const withUnit = tableOf(DESC, QTY, [0.67, 0.7], AMOUNT);
    const items = itemsOf([
      ...withUnit(0.3, 'Product', 'Units', 'UoM', 'Line total'),
      ...withUnit(0.32, 'Hydraulic hose', '116', 'pcs', '7,589.88'),
      ...withUnit(0.34, 'HDMI cable 2 m', 'I', 'h', '1,249.38'),
      ...withUnit(0.36, 'Office chair', '50', 'kg', '38,186.50'),
      ...withUnit(0.38, 'Wall plug 8 mm', 'i', 'box', '79.49'),
      ...withUnit(0.4, 'Steel bracket', 'l', 'pcs', '78.67'),
    ]);
    expect(items.map((i) => [i.itemQty, i.amount])).toEqual([
      [116, 7589.88],
      [1, 1249.38],
      [50, 38186.5],
      [1, 79.49],
      [1, 78.67],
    ]);
  });

  it('reads the litre unit OCR made a one of after a number in a scanned description', () => {
    const items = itemsOf([
      ...line(0.3, 'Description', 'Qty', 'Unit price', 'Amount'),
      ...line(0.32, 'Glass cleaner 5 1', '2', '4.50', '9.00'),
      ...line(0.34, 'Motor oil 1,5 1 Batch 7', '1', '12.00', '12.00'),
      ...line(0.36, 'Espresso beans 1 kg', '3', '10.00', '30.00'),
      ...line(0.38, 'Cable 2 x 1', '1', '5.00', '5.00'),
    ]);
    expect(items.map((i) => i.itemDesc)).toEqual([
      'Glass cleaner 5 l',
      'Motor oil 1,5 l Batch 7',
      'Espresso beans 1 kg',
      'Cable 2 x 1',
    ]);
    // a text layer prints what it prints
    expect(
      itemsOf(
        [
          ...line(0.3, 'Description', 'Qty', 'Unit price', 'Amount'),
          ...line(0.32, 'Set 5 1', '2', '4.50', '9.00'),
        ],
        'text',
      )[0]!.itemDesc,
    ).toBe('Set 5 1');
  });

  it('takes rows whose last amount is the product of two of their numbers for items whatever the headings say', () => {
    const withVat = tableOf(DESC, QTY, PRICE, VAT, AMOUNT);
    const items = itemsOf(
      [
        ...withVat(0.3, 'Particulars', 'Pcs', 'Each', 'VAT %', 'Ext. price'),
        ...withVat(0.32, 'Extension cord 5 m', '69', '84.18', '5%', '5,808.42'),
        ...withVat(0.34, 'HDMI cable 2 m', '1', '1,096.29', '5%', '1,096.29'),
        ...withVat(0.36, 'Thermal labels', '81', '35.87', '0%', '2,905.47'),
      ],
      'text',
    );
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.price, i.amount, i.vat])).toEqual([
      ['Extension cord 5 m', 69, 84.18, 5808.42, 5],
      ['HDMI cable 2 m', 1, 1096.29, 1096.29, 5],
      ['Thermal labels', 81, 35.87, 2905.47, 0],
    ]);
  });

  it('takes no description line between item rows for a heading', () => {
    const items = itemsOf([
      ...germanHeading(),
      ...line(0.32, 'Kabelbinder', '2', '5,00', '10,00'),
      ...line(0.34, 'inkl. Montagesatz'),
      ...line(0.36, 'Bürostuhl', '3', '4,00', '12,00'),
      ...line(0.38, 'Stuhlrollen', '4', '1,00', '4,00'),
    ]);
    expect(items.map((i) => i.itemDesc)).toEqual([
      'Kabelbinder inkl. Montagesatz',
      'Bürostuhl',
      'Stuhlrollen',
    ]);
  });

  it('takes no description between item rows for a heading, even in words a heading could use', () => {
    const noPrice = tableOf(DESC, QTY, AMOUNT);
    const items = itemsOf([
      ...noPrice(0.3, 'Item description', 'Quantity', 'Net amount'),
      ...noPrice(0.32, 'ART5596', '89', '2.250,00'),
      ...row(0.335, [
        [0.08, 0.16, 'Prestation'],
        [0.17, 0.19, 'de'],
        [0.2, 0.26, 'service'],
      ]),
      ...noPrice(0.35, 'P35387', '1', '17,50'),
      ...noPrice(0.365, 'Verlengsnoer 5 m'),
      ...noPrice(0.38, 'P2258', '35', '22,75'),
    ]);
    expect(items.map((i) => i.amount)).toEqual([2250, 17.5, 22.75]);
  });

  it("takes a first line nearer the row under it than the heading over it for that row's head, not a heading", () => {
    // the numbers of a cell stand on its last line; lines of one cell 0.003 apart, rows 0.006 apart
    const items = itemsOf([
      ...germanHeading(),
      // "hours" is a quantity label: the line was folded into the heading
      ...line(0.325, 'Consulting hours'),
      ...line(0.338, 'Zeitraum März', '2', '91,00', '182,00'),
      ...line(0.354, 'Glass cleaner', '57', '13,00', '741,00'),
      // as near the row above as a blurred scan's boxes put it: a head once the table has shown heads
      ...line(0.372, 'Steel bracket 40 mm'),
      ...line(0.388, 'inkl. Montagesatz', '28', '7,00', '196,00'),
      ...line(0.406, 'Wartung', '1', '5,00', '5,00'),
    ]);
    expect(items.map((i) => [i.itemDesc, i.amount])).toEqual([
      ['Consulting hours Zeitraum März', 182],
      ['Glass cleaner', 741],
      ['Steel bracket 40 mm inkl. Montagesatz', 196],
      ['Wartung', 5],
    ]);
  });

  it('takes a row with a charge word in its description for an item when its numbers multiply out', () => {
    // the quantity's heading was lost with OCR ("Stück" and "Stückpreis" read as one cell, "Stick ~~ Stiickpreis")
    const items = itemsOf([
      ...row(0.3, [
        [0.08, 0.3, 'Leistungsbeschreibung'],
        [0.6, 0.78, 'Stick ~~ Stiickpreis'],
        [0.84, 0.9, 'Wert'],
      ]),
      ...line(0.32, 'Kabelbinder', '2', '3,00', '6,00'),
      ...line(0.336, 'Monthly leasing fee'),
      ...line(0.349, 'Charge 117', '4', '12,50', '50,00'),
      ...line(0.365, 'Wartung', '1', '5,00', '5,00'),
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Kabelbinder', 2, 6],
      ['Monthly leasing fee Charge 117', 4, 50],
      ['Wartung', 1, 5],
    ]);
  });

  it('reads code and name of rows without a heading when one code is all digits', () => {
    const r = (y: number, code: string, name: string, qty: string, price: string, amount: string) =>
      row(y, [
        [0.11, 0.11 + code.length * 0.008, code],
        [0.22, 0.4, name],
        [0.6, 0.62, qty],
        [0.7, 0.76, price],
        [0.84, 0.9, amount],
      ]);
    const items = itemsOf([
      ...r(0.3, 'ART75536', 'Ramette papier', '45', '8,00', '360,00'),
      ...r(0.32, 'X829458', 'Wall plug 8 mm', '86', '2,00', '172,00'),
      ...r(0.34, '3862543', 'Cable tie black', '52', '3,00', '156,00'),
      ...r(0.36, 'X80721', 'Wall plug 6 mm', '1', '5,50', '5,50'),
    ]);
    expect(items.map((i) => [i.itemCode, i.itemDesc, i.amount])).toEqual([
      ['ART75536', 'Ramette papier', 360],
      ['X829458', 'Wall plug 8 mm', 172],
      ['3862543', 'Cable tie black', 156],
      ['X80721', 'Wall plug 6 mm', 5.5],
    ]);
  });

  it("keeps the rows' names whole past a number that one row only prints a gap apart, in a table without a heading", () => {
    const r = (y: number, name: [number, number, string][], qty: string, price: string, amount: string) =>
      row(y, [...name, [0.6, 0.62, qty], [0.7, 0.76, price], [0.84, 0.9, amount]]);
    const items = itemsOf([
      ...r(0.3, [[0.16, 0.4, 'Thermal labels 100 x 150']], '45', '8,00', '360,00'),
      ...r(0.32, [[0.16, 0.34, 'Consulting hours']], '86', '2,00', '172,00'),
      // OCR set the cable's length a gap apart from its name
      ...r(
        0.34,
        [
          [0.16, 0.22, 'Câble HDMI'],
          [0.25, 0.27, '2 m'],
        ],
        '52',
        '3,00',
        '156,00',
      ),
      ...r(0.36, [[0.16, 0.36, 'Transport pallet Euro']], '1', '5,50', '5,50'),
    ]);
    expect(items.map((i) => [i.itemDesc, i.itemQty, i.amount])).toEqual([
      ['Thermal labels 100 x 150', 45, 360],
      ['Consulting hours', 86, 172],
      ['Câble HDMI 2 m', 52, 156],
      ['Transport pallet Euro', 1, 5.5],
    ]);
  });

  it('knows the Dutch short headings Aant. (quantity), P/st (price) and Waarde (amount)', () => {
    // the description's heading is not printed; the codes stand between the descriptions and the numbers
    const withCode = tableOf(DESC, [0.45, 0.53], QTY, PRICE, VAT, AMOUNT);
    const items = itemsOf([
      ...withCode(0.3, undefined, 'Artikelcode', 'Aant.', 'P/st', 'BTW %', 'Waarde'),
      ...withCode(0.32, 'Kantoorstoel zwart', 'X4263', '6', '89,88', '9%', '539,28'),
      ...withCode(0.34, 'Verlengsnoer 5 m', 'P2258', '1', '81,43', '21%', '81,43'),
    ]);
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [6, 89.88, 539.28],
      [1, 81.43, 81.43],
    ]);
  });

  it('takes the quantity of a scanned row in whole units from amount ÷ price when OCR lost it', () => {
    const ctx = contextOf(
      docOf([
        ...line(0.3, 'Description', 'Quantity', 'Unit price', 'Amount'),
        ...line(0.32, 'Installatiewerkzaamheden', undefined, '64,799', '1,036,784'),
        ...line(0.34, 'Hydraulic hose', '94', '246,911', '23,209,634'),
        ...line(0.36, 'Ramette papier', undefined, '353,465', '353,465'),
      ]),
    );
    expect(ctx.wholeUnits).toBe(true);
    expect(extractItems(ctx).items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [16, 64799, 1036784],
      [94, 246911, 23209634],
      [1, 353465, 353465],
    ]);
  });

  it('reads a scanned amount in whole units whose thousands comma OCR read as a point as a thousands group', () => {
    const ctx = contextOf(
      docOf([
        ...line(0.3, 'Leistung', 'Anzahl', 'Preis', 'Gesamt'),
        ...line(0.32, 'Cartouche encre cyan', '97', '2,679', '259.863'),
        ...line(0.34, 'Espresso beans', '91', '8,011', '729,001'),
        ...line(0.36, 'Koffiebonen', '1', '199,088', '199,088'),
        ...line(0.38, 'Wartung', '1', '14,897', '14,897'),
        // a comma the blur took, the groups a space apart
        ...line(0.4, 'Winkelprofil', '88', '48,062', '4,229 456'),
      ]),
    );
    expect(ctx.wholeUnits).toBe(true);
    expect(extractItems(ctx).items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [97, 2679, 259863],
      [91, 8011, 729001],
      [1, 199088, 199088],
      [1, 14897, 14897],
      [88, 48062, 4229456],
    ]);
  });

  it('reads the quantity OCR ran into the code cell beside it, under the quantity heading', () => {
    const items = itemsOf([
      ...row(0.3, [
        [0.1, 0.14, 'Qté'],
        [0.2, 0.28, 'Code article'],
        [0.45, 0.55, 'Désignation'],
        [0.86, 0.92, 'Montant'],
      ]),
      ...row(0.32, [
        [0.11, 0.12, '8'],
        [0.2, 0.27, 'A40962'],
        [0.45, 0.6, 'Câble HDMI 2 m'],
        [0.86, 0.92, '100,00'],
      ]),
      // "3" and the code one cell: the narrow quantity column run into the code column
      ...row(0.34, [
        [0.11, 0.27, '3 ART7745'],
        [0.45, 0.6, 'Cable tie black'],
        [0.86, 0.92, '30,00'],
      ]),
    ]);
    expect(items.map((i) => [i.itemQty, i.itemCode, i.amount])).toEqual([
      [8, 'A40962', 100],
      [3, 'ART7745', 30],
    ]);
  });

  it('keeps the numbers of a text layer as printed', () => {
    const items = itemsOf([...germanHeading(), ...line(0.32, 'Beratung', '2', '150', '300,00')], 'text');
    expect(items.map((i) => [i.itemQty, i.price, i.amount])).toEqual([[2, 150, 300]]);
  });
});

describe('OCR tokens', () => {
  it('puts back a decimal separator lost after thousands groups, and leaves numbers that are whole alone', () => {
    expect(cleanOcrToken('6.43936')).toBe('6.439,36');
    expect(cleanOcrToken('146.30899')).toBe('146.308,99');
    expect(cleanOcrToken('1,23456')).toBe('1,234.56');
    expect(cleanOcrToken('12345')).toBe('12345');
    expect(cleanOcrToken('2024.2670')).toBe('2024.2670');
    expect(cleanOcrToken('1.234')).toBe('1.234');
  });

  it('takes the last of a separator printed twice before two digits for the decimal one, and drops lone sign glyphs', () => {
    expect(cleanOcrToken('11.879.36')).toBe('11.879,36');
    expect(cleanOcrToken('2,305,22')).toBe('2,305.22');
    // thousands groups of a whole-unit amount stay as printed
    expect(cleanOcrToken('1,767,811')).toBe('1,767,811');
    expect(cleanOcrToken('12.03.24')).toBe('12.03.24');
    expect(cleanOcrToken('©')).toBe('');
    expect(cleanOcrToken('¢€')).toBe('€');
    expect(cleanOcrToken('€')).toBe('€');
  });
});

describe('the title of a scan', () => {
  it('is the type named alone in the largest print, not a line whose box a skewed scan made tall', () => {
    // the title, printed larger than the rest
    const title = row(0.13, [[0.81, 0.9, 'RECHNUNG']]).map((w) => ({ ...w, y1: 0.1403 }));
    // two columns' lines taken for one, their baselines a skewed line apart: a box twice a line high
    const skewed = (y: number, left: string, label: string, value: string) => [
      ...row(y + 0.008, [[0.08, 0.3, left]]),
      ...row(y + 0.004, [[0.59, 0.7, label]]),
      ...row(y, [[0.73, 0.85, value]]),
    ];
    const ctx = contextOf(
      docOf([
        ...row(0.068, [[0.39, 0.6, 'Horizon Systems KG']]),
        ...title,
        ...skewed(0.159, 'Le Moulin GmbH', 'Rechnungsnummer', 'INV/2020/72374'),
        ...skewed(0.183, '10115 Berlin', 'Ihre Bestellung', 'PO-615498'),
      ]),
    );
    expect(ctx.lines.find((l) => /Bestellung/.test(l.text))!.words.length).toBeGreaterThan(2);
    expect(documentType(ctx)).toBe('invoice');
  });

  it("is no type word inside a label ('Ihre Bestellung: …', 'Your order'), however large OCR boxed it", () => {
    const tall = (y: number, cells: [number, number, string][]) =>
      row(y, cells).map((w) => ({ ...w, y1: y + 0.0184 }));
    const typeOf = (words: Word[]) => documentType(contextOf(docOf(words)));
    const title = row(0.13, [[0.07, 0.17, 'Rechnung']]).map((w) => ({ ...w, y1: 0.148 }));
    expect(
      typeOf([
        ...title,
        ...row(0.16, [[0.07, 0.3, 'Rechnungsnummer: INV-2019/0105']]),
        ...tall(0.184, [[0.07, 0.3, 'Ihre Bestellung: 2023-5121/72']]),
      ]),
    ).toBe('invoice');
    expect(typeOf([...title, ...tall(0.184, [[0.07, 0.3, 'Your order 2023-5121/72']])])).toBe('invoice');
    // a title that is the type word still names it
    expect(typeOf(tall(0.13, [[0.07, 0.3, 'Bestellung 4711']]))).toBe('order');
  });

  it('is an invoice when OCR lost the title but an invoice number is labelled, whatever order words the header has', () => {
    const typeOf = (words: Word[]) => documentType(contextOf(docOf(words)));
    const header = (numberLabel: string) => [
      ...row(0.16, [
        [0.07, 0.2, numberLabel],
        [0.22, 0.35, 'RE-20417'],
      ]),
      ...row(0.18, [
        [0.07, 0.2, 'Ihre Bestellung:'],
        [0.22, 0.35, 'PO-882891'],
      ]),
    ];
    expect(typeOf(header('Rechnungs-Nr.:'))).toBe('invoice');
    expect(typeOf(header('Invoice No.'))).toBe('invoice');
    // an order's own number label leaves it an order
    expect(typeOf(header('Bestell-Nr.:'))).toBe('order');
  });
});

describe('dates of scans', () => {
  const headersOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
    Object.fromEntries(
      Object.entries(extractHeaders(contextOf(docOf(words, source)))).map(([k, v]) => [k, v.value]),
    );
  const pair = (y: number, label: string, value: string) =>
    row(y, [
      [0.1, 0.25, label],
      [0.3, 0.45, value],
    ]);

  it('takes a date OCR set on a line of its own a little below its label, before the address block right of it', () => {
    const h = headersOf([
      ...row(0.194, [
        [0.1, 0.16, 'Date de facture:'],
        [0.25, 0.3, '24/03/24'],
        [0.55, 0.7, 'Bellevue Office EURL'],
      ]),
      // the label's accent makes its box taller: its foot is the date's
      ...ocrLine(0.205, 0.217, [[0.1, 0.16, 'Echéance:']], null),
      ...ocrLine(0.206, 0.216, [[0.55, 0.72, "A l'attention de M. Dubois"]], null),
      ...ocrLine(0.211, 0.218, [[0.25, 0.3, '23/04/24']], null),
      ...row(0.219, [[0.55, 0.7, '7 boulevard Voltaire']]),
    ]);
    expect([h.invoiceDate, h.dueDate]).toEqual(['2024-03-24', '2024-04-23']);
  });

  it("reads a month's name OCR misread by a letter, and a due-date label misread", () => {
    const h = headersOf([...pair(0.2, 'Datum:', '16. Miirz 2022'), ...pair(0.22, 'Fillig am', '15.04.2022')]);
    expect([h.invoiceDate, h.dueDate]).toEqual(['2022-03-16', '2022-04-15']);
  });

  it('reads header labels whose longer words OCR read a letter off, on a scan only', () => {
    const words = [
      ...pair(0.2, 'Invoicc No.', 'RE-45348'),
      ...pair(0.22, 'Rechnungsdatun:', '20.11.2025'),
      ...pair(0.24, 'PO aumber', 'BE 465208'),
      ...pair(0.28, 'Échéance', '04.12.2025'),
      // a short word a letter off is left alone ("Datun" may be any word)
      ...pair(0.3, 'Datun', '01.01.2020'),
    ];
    const h = headersOf(words);
    expect([h.invoiceNum, h.invoiceDate, h.orderNum, h.dueDate]).toEqual([
      'RE-45348',
      '2025-11-20',
      'BE 465208',
      '2025-12-04',
    ]);
    expect(headersOf([...pair(0.2, 'Factuurhummer', 'F2024-07063')])).toEqual({ invoiceNum: 'F2024-07063' });
    expect(headersOf([...pair(0.2, 'Fchéance', '04.12.2025')]).dueDate).toBe('2025-12-04');
    // the ring of "n°" read as an asterisk or a question mark
    expect(headersOf([...pair(0.2, 'Facture n*', 'F2024-06678')])).toEqual({ invoiceNum: 'F2024-06678' });
    expect(headersOf([...pair(0.2, 'N? de facture', 'INV-2022/0214')])).toEqual({
      invoiceNum: 'INV-2022/0214',
    });
    expect(headersOf([...pair(0.2, 'N* de commande', 'PO-772753')])).toEqual({ orderNum: 'PO-772753' });
    // a text layer's words are as printed
    const text = headersOf(words, 'text');
    expect([text.invoiceNum, text.orderNum]).toEqual([undefined, undefined]);
  });

  it('puts back a separator of a date lost or read as a digit, and takes its month-first order for the page', () => {
    const h = headersOf([
      ...pair(0.2, 'Invoice No.:', '0412/2023'),
      ...pair(0.22, 'Date:', '0520/2021'),
      ...pair(0.24, 'Due date:', '06/03/2021'),
      ...pair(0.26, 'Order date:', '05/1022021'),
    ]);
    expect([h.invoiceNum, h.invoiceDate, h.dueDate, h.orderDate]).toEqual([
      '0412/2023',
      '2021-05-20',
      '2021-06-03',
      '2021-05-10',
    ]);
  });

  it('reads a date one of whose separators OCR read as a tilde', () => {
    const h = headersOf([...pair(0.2, 'Zahlbar bis:', '2018-05~12'), ...pair(0.22, 'Datum:', '28~03.2018')]);
    expect([h.dueDate, h.invoiceDate]).toEqual(['2018-05-12', '2018-03-28']);
  });

  it('reads a date whose separators OCR lost all, day first or year first', () => {
    const h = headersOf([
      ...pair(0.2, 'Gutschriftsnummer:', '3700164'),
      ...pair(0.22, 'Datum:', '16102018'),
      ...pair(0.24, 'Fällig am:', '20181115'),
    ]);
    expect([h.invoiceNum, h.invoiceDate, h.dueDate]).toEqual(['3700164', '2018-10-16', '2018-11-15']);
  });

  it('leaves the dates of a text layer as printed', () => {
    const h = headersOf([...pair(0.2, 'Datum:', '16. Miirz 2022')], 'text');
    expect(h.invoiceDate).toBeUndefined();
  });
});

describe('totals and ids of scans', () => {
  const totalsOf = (words: Word[]) =>
    Object.fromEntries(Object.entries(extractTotals(contextOf(docOf(words)))).map(([k, v]) => [k, v.value]));
  const pair = (y: number, label: string, value: string) =>
    row(y, [
      [0.52, 0.7, label],
      [0.8, 0.9, value],
    ]);

  it('reads a total whose decimal separator OCR lost as cents where net and VAT add up to it', () => {
    const t = totalsOf([
      ...pair(0.4, 'Net HT', '1831,28'),
      ...pair(0.42, 'TVA 20%', '366,26'),
      ...pair(0.44, 'Net à payer', '219754'),
    ]);
    expect([t.net, t.vat, t.invoiceTotal]).toEqual([1831.28, 366.26, 2197.54]);
  });

  it('takes a row named only by its rate, or by a VAT word OCR garbled, for the VAT when it is that rate of the net', () => {
    const lost = totalsOf([
      ...pair(0.4, 'Netto bedrag', '491.219,63'),
      ...pair(0.42, '21%', '103.156,12'),
      ...pair(0.44, 'Te betalen', '594.375,75 €'),
    ]);
    expect([lost.net, lost.vat, lost.invoiceTotal]).toEqual([491219.63, 103156.12, 594375.75]);
    // the total line lost too: the rate of the net still names the VAT
    const garbled = totalsOf([
      ...pair(0.4, 'Gesamt netto', '40.568,72'),
      ...pair(0.42, 'MwsSt. 19 %', '7.708,06'),
    ]);
    expect([garbled.net, garbled.vat]).toEqual([40568.72, 7708.06]);
    // a rate row whose amount is not that rate of the net names nothing
    const other = totalsOf([
      ...pair(0.4, 'Gesamt netto', '40.568,72'),
      ...pair(0.42, 'Rabatt 19 %', '75,00'),
    ]);
    expect(other.vat).toBeUndefined();
  });

  it('adds VAT rows whose per cent sign OCR read as "&"', () => {
    const t = totalsOf([
      ...pair(0.4, 'Montant HT', '22 285,90'),
      ...pair(0.42, 'TVA 20 %', '650,43'),
      ...pair(0.44, 'TVA 10 &', '525,98'),
      ...pair(0.46, 'TVA 5,5 &%', '757,57'),
      ...pair(0.48, 'Total TTC', '24 219,88'),
    ]);
    expect([t.vat, t.invoiceTotal]).toEqual([1933.98, 24219.88]);
  });

  it('adds VAT rows whose per cent sign OCR read as "§"', () => {
    const t = totalsOf([
      ...pair(0.4, 'Totaal excl. BTW', '12.400,00'),
      ...pair(0.42, 'BTW 21 §', '1.680,00'),
      ...pair(0.44, 'BTW 9 §', '396,00'),
      ...pair(0.46, 'Te betalen', '14.476,00'),
    ]);
    expect([t.net, t.vat, t.invoiceTotal]).toEqual([12400, 2076, 14476]);
  });

  it('reads the plain digits of a row named only by its rate as cents when that is the rate of the net', () => {
    const t = totalsOf([
      ...pair(0.4, 'Gesamt netto', '12.345,60'),
      ...pair(0.42, 'MwsSt. 19 %', '234566'),
      ...pair(0.44, 'Rechnungsbetrag', '14.691,26'),
    ]);
    expect([t.net, t.vat, t.invoiceTotal]).toEqual([12345.6, 2345.66, 14691.26]);
  });

  it('takes the sum of the rate rows for the VAT when the totals do not add up, not the last row (a 0 % row)', () => {
    // a credit note: amounts negative, the total printed without its sign; net + VAT = total holds for no sign
    const t = totalsOf([
      ...pair(0.4, 'Net total', '-89.79'),
      ...pair(0.42, 'VAT 20%', '9.63'),
      ...pair(0.44, 'VAT 0%', '0.00'),
      ...pair(0.46, 'Total due', '£99.42'),
    ]);
    expect([t.net, t.vat, t.invoiceTotal]).toEqual([-89.79, 9.63, 99.42]);
    // two rates that both charge VAT: their sum
    const two = totalsOf([
      ...pair(0.4, 'Net total', '300.00'),
      ...pair(0.42, 'VAT 20%', '40.00'),
      ...pair(0.44, 'VAT 10%', '10.00'),
      ...pair(0.46, 'Total due', '351.00'),
    ]);
    expect(two.vat).toBe(50);
    // a row labelled as the VAT total keeps its place
    const labelled = totalsOf([
      ...pair(0.4, 'Net total', '300.00'),
      ...pair(0.42, 'VAT 20%', '40.00'),
      ...pair(0.44, 'VAT 0%', '0.00'),
      ...pair(0.46, 'Total VAT', '41.00'),
      ...pair(0.48, 'Total due', '351.00'),
    ]);
    expect(labelled.vat).toBe(41);
  });

  it('takes no VAT from the total line that names the VAT too, when the totals do not add up', () => {
    // a credit note whose total OCR read without its minus sign
    const t = totalsOf([
      ...pair(0.4, 'Netto bedrag', '-2.823,69'),
      ...pair(0.42, 'BTW 21%', '-592,97'),
      ...pair(0.44, 'Totaal incl. BTW', '3.416,66 €'),
    ]);
    expect([t.net, t.vat, t.invoiceTotal]).toEqual([-2823.69, -592.97, 3416.66]);
  });

  it('takes the rows of a rate table under a VAT heading whose amount is their rate of their base', () => {
    // the total's amount OCR could not read: the net and the table's VAT rows stay
    const words = [
      ...pair(0.4, 'Netto bedrag', "129'097.39"),
      ...pair(0.42, 'Totaal', '5.25 x'),
      ...row(0.44, [
        [0.5, 0.6, 'BTW-tarief'],
        [0.65, 0.75, 'Grondslag'],
        [0.8, 0.9, 'BTW'],
      ]),
      ...row(0.46, [
        [0.5, 0.6, '21%'],
        [0.65, 0.75, '25.00'],
        [0.8, 0.9, '5.25'],
      ]),
      ...row(0.48, [
        [0.5, 0.6, '9%'],
        [0.65, 0.75, "129'072.39"],
        [0.8, 0.9, "11'616.52"],
      ]),
    ];
    expect(totalsOf(words).vat).toBe(11621.77);
    // an item table with a VAT column: its rows are no rate rows
    const items = totalsOf([
      ...row(0.2, [
        [0.1, 0.3, 'Description'],
        [0.5, 0.6, 'VAT %'],
        [0.8, 0.9, 'Amount'],
      ]),
      ...row(0.22, [
        [0.1, 0.3, 'Chairs'],
        [0.5, 0.6, '20%'],
        [0.8, 0.9, '100.00'],
      ]),
      ...row(0.24, [
        [0.1, 0.3, 'Books'],
        [0.5, 0.6, '5%'],
        [0.8, 0.9, '50.00'],
      ]),
      ...pair(0.4, 'Net total', '150.00'),
      ...pair(0.42, 'VAT', '22.50'),
      ...pair(0.46, 'Total due', '170.00'),
    ]);
    expect(items.vat).toBe(22.5);
  });

  it("puts back the O of an id's letter prefix that OCR read as a zero", () => {
    const h = extractHeaders(
      contextOf(
        docOf(
          row(0.2, [
            [0.1, 0.25, 'Invoice No.:'],
            [0.3, 0.45, 'S0-2026/924-7'],
          ]),
        ),
      ),
    );
    expect(h.invoiceNum?.value).toBe('SO-2026/924-7');
  });

  it('takes out a speck OCR read as "$" or "%" inside an id', () => {
    const h = extractHeaders(
      contextOf(
        docOf([
          ...row(0.2, [
            [0.1, 0.25, 'Invoice No.:'],
            [0.3, 0.45, 'K$42-615093'],
          ]),
          ...row(0.22, [
            [0.1, 0.25, 'Customer No.:'],
            [0.3, 0.45, 'C5803%7'],
          ]),
        ]),
      ),
    );
    expect([h.invoiceNum?.value, h.shopAccount?.value]).toEqual(['K42-615093', 'C58037']);
  });

  it('takes out specks OCR read as a tilde, caret or quote in or before an id', () => {
    const h = extractHeaders(
      contextOf(
        docOf([
          ...row(0.2, [[0.1, 0.45, 'Rechnungsnummer: ~~ AB-2021/065-5']]),
          ...row(0.22, [
            [0.1, 0.25, 'Kunden-Nr.:'],
            [0.3, 0.45, 'K55^984'],
          ]),
          ...row(0.24, [
            [0.1, 0.25, 'Bestellnummer:'],
            [0.3, 0.45, '"PO-882891'],
          ]),
        ]),
      ),
    );
    expect([h.invoiceNum?.value, h.shopAccount?.value, h.orderNum?.value]).toEqual([
      'AB-2021/065-5',
      'K55984',
      'PO-882891',
    ]);
  });
});

describe('VAT ids of scans', () => {
  it('puts back the digits OCR read as letters in the digit places of the national format', () => {
    expect(vatDigits('GBA09992556')).toBe('GB409992556');
    expect(vatDigits('GBS505562276')).toBe('GB505562276');
    expect(vatDigits('NL6O3116859B44')).toBe('NL603116859B44');
    expect(vatDigits('DE171174046')).toBe('DE171174046');
    expect(vatDigits('NL895907273835')).toBe('NL895907273B35');
    // letters where the format has letters stay
    expect(vatDigits('FRAB123456789')).toBe('FRAB123456789');
    // but a French key has no O or I: those are digits
    expect(vatDigits('FRO2123456789')).toBe('FR02123456789');
    expect(vatDigits('FR4I123456789')).toBe('FR41123456789');
  });
});

/**
 * A line of OCR'd words (with a confidence) at height `y`: each cell is [x0, text]; its words are set as a
 * blurred monospaced scan sets them: 0.011 a letter, the box ending at the last letter's ink (so the width per
 * letter differs from word to word), a space of 1.3 letter heights between words.
 */
function ocrRow(y: number, cells: [number, string][]): Word[] {
  return cells.flatMap(([x0, text]) => {
    let x = x0;
    return text.split(' ').map((t) => {
      const w = { text: t, page: 1, x0: x, x1: x + (t.length - 0.3) * 0.011, y0: y, y1: y + 0.01, conf: 0.9 };
      x = w.x1 + 0.013;
      return w;
    });
  });
}

describe('words of a scan that OCR set apart', () => {
  const words = [
    ...ocrRow(0.05, [[0.07, 'Horizon Bakery B.V.']]),
    ...ocrRow(0.07, [[0.07, 'Industrieweg 40']]),
    ...ocrRow(0.09, [[0.07, '3511 LK Utrecht']]),
    ...ocrRow(0.19, [
      [0.1, 'Facturé à:'],
      [0.6, 'Facture n°:'],
      [0.75, 'A10-746063'],
    ]),
    ...ocrRow(0.21, [[0.1, 'Polaris Handel SA']]),
    ...ocrRow(0.23, [[0.1, '7 boulevard Voltaire']]),
    ...ocrRow(0.25, [[0.1, '33000 Bordeaux']]),
    ...ocrRow(0.4, [
      [0.55, 'Total TTC'],
      [0.83, '57 551,92'],
    ]),
    ...ocrRow(0.93, [
      [0.07, 'Horizon Bakery'],
      [0.35, 'N° TVA intracom. NL895907273835'],
    ]),
  ];
  const ctx = () => contextOf(docOf(words, 'ocr', true));

  it('keeps a party heading, a name with its legal form and an amount with its thousands group together', () => {
    const c = ctx();
    const p = extractParties(c);
    expect(p.vendor.name).toBe('Horizon Bakery B.V.');
    expect(p.invoiceTo.name).toBe('Polaris Handel SA');
    expect(extractTotals(c).invoiceTotal?.value).toBe(57551.92);
  });

  it('reads a VAT id whose digits OCR read as letters, with its label garbled or without one', () => {
    const vatOf = (text: string) => {
      const c = contextOf(docOf(ocrRow(0.9, [[0.1, text]]), 'ocr', true));
      return extractVat(c, extractParties(c).buyerZone)?.value;
    };
    expect(vatOf('BIW-nummer NLS12345678B01')).toBe('NL512345678B01');
    expect(vatOf('Harbour Tools GmbH DEO12345678')).toBe('DE012345678');
    // a word of letters and digits that is no VAT id once read back
    expect(vatOf('Artikel DEBA1234XY')).toBeUndefined();
  });

  it("reads a VAT id after a label ending in a point, with a Dutch id's B read as an 8", () => {
    const c = ctx();
    expect(extractVat(c, extractParties(c).buyerZone)?.value).toBe('NL895907273B35');
  });
});

describe('legal forms of scans', () => {
  it('reads back a legal form OCR slipped on after a name, on a scan only', () => {
    const textOf = (text: string, source: 'ocr' | 'text' = 'ocr') =>
      contextOf(docOf(ocrRow(0.1, [[0.1, text]]), source, true)).lines[0]!.text;
    expect(textOf('Atlas Textiles 8.V,')).toBe('Atlas Textiles B.V.');
    expect(textOf('Hansa Hardware GmbI-I')).toBe('Hansa Hardware GmbH');
    expect(textOf('Vermeer Papeterie Limitcd')).toBe('Vermeer Papeterie Limited');
    // a unit after a number, a short word a letter off, a form already read, a text layer: as read
    expect(textOf('Battery 8V')).toBe('Battery 8V');
    expect(textOf('Meridian Print Ltx')).toBe('Meridian Print Ltx');
    expect(textOf('Polaris Systems B.V')).toBe('Polaris Systems B.V');
    expect(textOf('Atlas Textiles 8.V,', 'text')).toBe('Atlas Textiles 8.V,');
  });

  it('gives back the letterhead name with its legal form read back', () => {
    const p = extractParties(
      contextOf(
        docOf(
          [
            ...ocrRow(0.05, [[0.07, 'Hansa Hardware GmbI-I']]),
            ...ocrRow(0.07, [[0.07, 'Industriestr. 5a']]),
            ...ocrRow(0.09, [[0.07, '50667 Köln']]),
            ...ocrRow(0.15, [[0.45, 'RECHNUNG']]),
          ],
          'ocr',
          true,
        ),
      ),
    );
    expect(p.vendor.name).toBe('Hansa Hardware GmbH');
  });
});

describe('parties of a scan without party headings', () => {
  const read = (words: Word[]) => extractParties(contextOf(docOf(words, 'ocr', true)));

  it('finds the buyer under a sender line whose separators OCR lost or read as a gap and a speck', () => {
    const window = [
      ...ocrRow(0.17, [[0.11, 'Le Moulin Textiles SAS']]),
      ...ocrRow(0.185, [[0.11, '3 place du Marché']]),
      ...ocrRow(0.2, [[0.11, '75002 Paris']]),
      ...ocrRow(0.3, [[0.55, 'Facture FA-2025-786']]),
      ...ocrRow(0.32, [[0.55, 'Date 08.07.2025']]),
      ...ocrRow(0.4, [[0.1, 'Câble réseau 5 m']]),
      ...ocrRow(0.42, [[0.1, 'Souris sans fil']]),
      ...ocrRow(0.5, [[0.55, 'Total TTC 120,00']]),
      // the footer names the issuer with its VAT id
      ...ocrRow(0.93, [
        [0.07, 'Zonnebloem Print SA'],
        [0.4, 'TVA FR12345678901'],
      ]),
    ];
    // printed larger than the rest
    const letterhead = ocrRow(0.05, [[0.07, 'Zonnebloem Print SA']]).map((w) => ({ ...w, y1: 0.066 }));
    // "Name - Street" and "Postcode Town" as two cells, the last separator a speck under the line
    const cut = read([
      ...letterhead,
      ...ocrRow(0.155, [
        [0.11, 'Zonnebloem Print SA - 7 boulevard Voltaire'],
        [0.7, '75002 Paris'],
      ]),
      { text: '-', page: 1, x0: 0.67, x1: 0.675, y0: 0.162, y1: 0.163, conf: 0.3 },
      ...window,
    ]);
    expect(cut.invoiceTo.name).toBe('Le Moulin Textiles SAS');
    // no separator read at all: the line starts with the vendor's name and goes on with its address
    const lost = read([
      ...letterhead,
      ...ocrRow(0.155, [[0.11, 'Zonnebloem Print SA 7 boulevard Voltaire 75002 Paris']]),
      ...window,
    ]);
    expect(lost.invoiceTo.name).toBe('Le Moulin Textiles SAS');
  });

  it('knows a sender line whose street OCR lost ("Name KG - 27 10115 Berlin"), the window under it high on the page', () => {
    const p = read([
      ...ocrRow(0.045, [[0.08, 'Sonnenhof Metallbau KG']]).map((w) => ({ ...w, y1: 0.057 })),
      ...ocrRow(0.065, [[0.08, 'Gartenweg 27']]),
      ...ocrRow(0.08, [[0.08, '10115 Berlin']]),
      ...ocrRow(0.18, [
        [0.09, 'Sonnenhof Metallbau KG -'],
        [0.36, '27 10115 Berlin'],
        [0.61, 'Re.-Nr.: F2023-55136'],
      ]),
      ...ocrRow(0.194, [
        [0.09, 'Riviera Bakery KG'],
        [0.61, 'Datum: 17.11.2023'],
      ]),
      ...ocrRow(0.21, [[0.09, 'Gartenweg 27']]),
      ...ocrRow(0.225, [[0.09, '20095 Hamburg']]),
      ...ocrRow(0.3, [[0.1, 'Office chair ergonomic']]),
      ...ocrRow(0.39, [[0.54, 'Summe brutto 105.017,36']]),
      // the footer prints the name beside its VAT id, misread beyond recognition
      ...ocrRow(0.926, [
        [0.06, 'Sonncabot Metallbau KG'],
        [0.36, 'USt-IdNr. DE117699302'],
      ]),
      ...ocrRow(0.935, [[0.06, 'Gartenweg 27']]),
    ]);
    // the letterhead, which the return address names again, over the footer's misreading
    expect(p.vendor.name).toBe('Sonnenhof Metallbau KG');
    expect(p.invoiceTo.name).toBe('Riviera Bakery KG');
  });

  it("takes an order's letterhead for the buyer when the supplier is named under its heading", () => {
    const p = read([
      ...ocrRow(0.06, [[0.39, 'Vermeer Services Limited']]).map((w) => ({ ...w, y1: 0.075 })),
      ...ocrRow(0.13, [[0.75, 'PURCHASE ORDER']]),
      ...ocrRow(0.16, [[0.11, 'Supplier:']]),
      ...ocrRow(0.175, [[0.11, 'Meridian Logistics AG']]),
      ...ocrRow(0.19, [[0.11, 'Am Markt 3']]),
      ...ocrRow(0.205, [[0.11, '50667 Köln']]),
    ]);
    expect(p.vendor.name).toBe('Meridian Logistics AG');
    expect(p.invoiceTo.name).toBe('Vermeer Services Limited');
  });

  it('knows the letterhead in a footer OCR misread, and a buyer block with a contact line whose postcode line was lost', () => {
    const p = read([
      ...ocrRow(0.05, [[0.1, 'Halvorsen Trading plc']]).map((w) => ({ ...w, y1: 0.064 })),
      ...ocrRow(0.07, [[0.1, '12 Mill Lane']]),
      ...ocrRow(0.085, [[0.1, 'Leeds LS1 4AB']]),
      ...ocrRow(0.13, [[0.8, 'INVOICE']]),
      ...ocrRow(0.17, [
        [0.1, 'Ostrava Foods AG'],
        [0.55, 'Invoice No.: 1085981'],
      ]),
      ...ocrRow(0.185, [[0.1, 'Attn: Accounts Payable']]),
      ...ocrRow(0.2, [[0.1, 'Am Ring 3']]),
      // "10115 Berlin" read as a speck
      ...ocrRow(0.215, [[0.1, 'J']]),
      ...ocrRow(0.23, [[0.1, 'DE']]),
      ...ocrRow(0.4, [[0.1, 'Office chair 2 50,00 100,00']]),
      ...ocrRow(0.93, [
        [0.07, 'Halvorsem Trading pic'],
        [0.4, 'VAT No. GB215023390'],
      ]),
      ...ocrRow(0.94, [[0.07, '12 Mill Lane']]),
    ]);
    expect([p.vendor.name, p.invoiceTo.name]).toEqual(['Halvorsen Trading plc', 'Ostrava Foods AG']);
  });

  it('never takes the company the goods are delivered to for the vendor, where else its name heads a block', () => {
    const p = read([
      ...ocrRow(0.045, [[0.35, 'Lindqvist Handel V.O.F.']]).map((w) => ({ ...w, y1: 0.065 })),
      ...ocrRow(0.137, [[0.79, 'Factuur']]),
      ...ocrRow(0.168, [
        [0.11, 'Le Moulin Bakery V.O.F.'],
        [0.61, 'Factuurnummer'],
        [0.76, 'AB-2025/298-1'],
      ]),
      ...ocrRow(0.183, [[0.11, 'Prinsengracht 263']]),
      ...ocrRow(0.199, [[0.11, '3511 LK Utrecht']]),
      ...ocrRow(0.246, [[0.11, 'Leveradres:']]),
      ...ocrRow(0.257, [[0.11, 'Le Moulin Bakery V.O.F.']]),
      ...ocrRow(0.276, [[0.11, 'Stationsweg 2']]),
      ...ocrRow(0.292, [[0.11, '1012 AB Amsterdam']]),
    ]);
    expect([p.vendor.name, p.invoiceTo.name, p.recipient.name]).toEqual([
      'Lindqvist Handel V.O.F.',
      'Le Moulin Bakery V.O.F.',
      'Le Moulin Bakery V.O.F.',
    ]);
  });

  it("takes an order's sender line for the buyer when the block under it is the supplier's, under its heading", () => {
    const p = read([
      ...ocrRow(0.14, [[0.08, 'Inkooporder']]),
      ...ocrRow(0.17, [[0.54, 'Atlas Handel V.O.F. - Prinsengracht 263 - 9711 EX Groningen']]),
      ...ocrRow(0.184, [[0.54, 'Leverancier:']]),
      ...ocrRow(0.198, [[0.54, 'Nordlicht Office V.O.F.']]),
      ...ocrRow(0.212, [[0.54, 'Industrieweg 40']]),
      ...ocrRow(0.226, [[0.54, '1012 AB Amsterdam']]),
    ]);
    expect([p.vendor.name, p.invoiceTo.name]).toEqual(['Nordlicht Office V.O.F.', 'Atlas Handel V.O.F.']);
  });

  it('knows a party heading whose words OCR read a letter off ("Gefactureerd asn:", "Factuursdres:")', () => {
    const page = (heading: string) =>
      read([
        ...ocrRow(0.06, [[0.1, 'Vermeer Druk B.V.']]),
        ...ocrRow(0.08, [[0.1, 'Dorpsstraat 8']]),
        ...ocrRow(0.092, [[0.1, '2011 HK Haarlem']]),
        ...ocrRow(0.16, [[0.8, 'Factuur']]),
        ...ocrRow(0.19, [
          [0.09, heading],
          [0.56, 'Factuurnummer: F-7781'],
        ]),
        ...ocrRow(0.203, [
          [0.09, 'Lindeboom Handel V.O0.F,'],
          [0.56, 'Factuurdatum: 3 maart 2021'],
        ]),
        ...ocrRow(0.215, [[0.09, 'Kanaalwag 5']]),
        ...ocrRow(0.221, [[0.56, 'Ordernummer: KL 771234']]),
        ...ocrRow(0.228, [[0.09, '7411 PC Deventer']]),
        ...ocrRow(0.241, [[0.09, 'NL']]),
        ...ocrRow(0.3, [
          [0.11, 'Tuinslang groen'],
          [0.6, '2'],
          [0.75, '602,25'],
          [0.86, '1.204,50'],
        ]),
        ...ocrRow(0.39, [
          [0.51, 'Te betalen'],
          [0.83, '€1.457,45'],
        ]),
        ...ocrRow(0.928, [
          [0.1, 'Vermeer Druk B.vV.'],
          [0.37, 'BTW-nummer NL812345678B01'],
          [0.64, 'IBAN NL17 0277 6465 6285 9943 59'],
        ]),
        ...ocrRow(0.935, [
          [0.1, 'Dorpsstraat 8'],
          [0.37, 'KvK 29196788'],
        ]),
        ...ocrRow(0.942, [[0.1, '2011 HK Haarlem']]),
      ]);
    for (const heading of ['Gefactureerd asn:', 'Factuursdres:']) {
      const p = page(heading);
      expect([p.vendor.name, p.invoiceTo.name]).toEqual(['Vermeer Druk B.V.', 'Lindeboom Handel V.O0.F,']);
    }
  });
});

describe('a scan with receipt words', () => {
  /** a line of words whose letters are `letter` wide (page fractions), one space apart */
  const printed = (y: number, x: number, text: string, letter: number): Word[] => {
    let at = x;
    return text.split(' ').map((t) => {
      const w = { text: t, page: 1, x0: at, x1: at + t.length * letter, y0: y, y1: y + letter * 1.6 };
      at = w.x1 + letter;
      return w;
    });
  };
  const isReceipt = (words: Word[]) => contextOf(docOf(words)).isReceipt;

  it('is an invoice when its lines run wider than a till prints ("Thank you for your business." on an A4 page)', () => {
    const L = 0.0076; // 10 pt on an A4 page
    const words = [
      ...printed(0.05, 0.36, 'Brightwater Services GmbH & Co. KG', L * 1.3),
      ...printed(0.16, 0.08, 'Le Moulin Installatie plc', L),
      ...printed(0.16, 0.59, 'Invoice #: FR-2024/006-2', L),
      ...printed(0.25, 0.09, 'Thank you for your business.', L),
      ...printed(0.28, 0.1, 'Item code', L),
      ...printed(0.28, 0.2, 'Article / service', L),
      ...printed(0.28, 0.61, 'No.', L),
      ...printed(0.28, 0.72, 'Each', L),
      ...printed(0.28, 0.78, 'VAT %', L),
      ...printed(0.28, 0.88, 'Ext. price', L),
      ...printed(0.3, 0.2, 'Koffiebonen biologisch', L),
      ...printed(0.3, 0.61, '75.75', L),
      ...printed(0.3, 0.71, '39.36', L),
      ...printed(0.3, 0.79, '20%', L),
      ...printed(0.3, 0.89, '2,981.52', L),
      ...printed(0.32, 0.1, 'A3421769', L),
      ...printed(0.32, 0.2, 'Prestation de service', L),
      ...printed(0.32, 0.62, '17', L),
      ...printed(0.32, 0.71, '545.67', L),
      ...printed(0.32, 0.79, '20%', L),
      ...printed(0.32, 0.89, '9,276.39', L),
      ...printed(0.42, 0.57, 'Total excl. VAT', L),
      ...printed(0.42, 0.88, '12,257.91', L),
    ];
    expect(isReceipt(words)).toBe(false);
  });

  it("stays a receipt when its lines are a till's width, though the scan is an A4 page", () => {
    const L = 0.009; // Courier 9 pt on an A4 page
    const lines = [
      'SUNRISE BAKERY SDN BHD',
      '12 JALAN MAWAR 3 47400 PETALING JAYA',
      'DATE: 14/08/2019 10:42 CASHIER: AMINAH',
      'BUN KAYA 2 X 1.80 3.60',
      'ROTI SUSU 1 X 4.50 4.50',
      'TOTAL INCL GST 8.10',
      'CASH 10.00 CHANGE 1.90',
      'THANK YOU PLEASE COME AGAIN',
    ];
    expect(isReceipt(lines.flatMap((t, i) => printed(0.2 + i * 0.02, 0.3, t, L)))).toBe(true);
  });
});

describe('a scan’s table of one row whose heading OCR lost', () => {
  const scan = (qty: string | undefined) => [
    ...row(0.1, [[0.08, 0.3, 'Rechnung 20417']]),
    ...row(0.3, [
      [0.08, 0.13, 'K40711'],
      [0.2, 0.36, 'Tea towels linen'],
      ...(qty ? [[0.64, 0.66, qty] as [number, number, string]] : []),
      [0.72, 0.78, '4,20'],
      [0.87, 0.91, '25,20'],
    ]),
    ...row(0.33, [
      [0.55, 0.63, 'Subtotal'],
      [0.87, 0.91, '25,20'],
    ]),
    ...row(0.35, [
      [0.55, 0.62, 'VAT 20 %'],
      [0.88, 0.91, '5,04'],
    ]),
    ...row(0.37, [
      [0.55, 0.6, 'Total'],
      [0.87, 0.91, '30,24'],
    ]),
  ];

  it('is read where the row multiplies out to the totals row under it', () => {
    expect(itemsOf(scan('6')).map((i) => [i.itemDesc, i.itemQty, i.price, i.amount])).toEqual([
      ['Tea towels linen', 6, 4.2, 25.2],
    ]);
  });

  it('is no table where the row does not multiply out (a garbled totals label reads the same)', () => {
    expect(itemsOf(scan(undefined))).toEqual([]);
  });
});
