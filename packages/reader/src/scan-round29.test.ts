import { describe, expect, it } from 'vitest';
import { itemsOf, ocrRow as row } from './__tests__/scan-words.js';
import { qtyOneLost } from './items.js';
import { buildLines } from './layout.js';
import type { Word } from './types.js';

describe('a scan’s whole quantity whose "1" OCR lost, in a table without unit prices', () => {
  it('puts the 1 back where only that divides the amount into a price to the cent', () => {
    expect(qtyOneLost(17, 2738.97)).toBe(117); // 117 × 23,41
    expect(qtyOneLost(9, 315.77)).toBe(91); // 91 × 3,47
    expect(qtyOneLost(9, -315.77)).toBe(91);
    // the digits as read divide it: left as read
    expect(qtyOneLost(12, 542.04)).toBeUndefined();
    // no way of putting a 1 back divides it
    expect(qtyOneLost(13, 1000.01)).toBeUndefined();
    expect(qtyOneLost(2.5, 1000.01)).toBeUndefined();
  });

  /** Beschreibung | Menge | Betrag: no unit price printed */
  const page = (q2: string, q3: string) => [
    ...row(0.28, [
      [0.09, 0.25, 'Beschreibung'],
      [0.62, 0.67, 'Menge'],
      [0.85, 0.9, 'Betrag'],
    ]),
    ...row(0.3, [
      [0.09, 0.3, 'Zahnradpumpe Typ K'],
      [0.65, 0.67, '12'],
      [0.86, 0.9, '542,04'],
    ]),
    ...row(0.32, [
      [0.09, 0.3, 'Dichtungsring Viton'],
      [0.65, 0.67, q2],
      [0.84, 0.9, '2.738,97'],
    ]),
    ...row(0.34, [
      [0.09, 0.3, 'Schlauchklemme breit'],
      [0.66, 0.67, q3],
      [0.86, 0.9, '315,77'],
    ]),
    ...row(0.38, [
      [0.6, 0.75, 'Summe netto'],
      [0.84, 0.9, '3.596,78'],
    ]),
  ];

  it('reads the row’s quantity with its 1', () => {
    const got = itemsOf(page('17', '9')).map((i) => [i.itemQty, i.amount]);
    expect(got).toEqual([
      [12, 542.04],
      [117, 2738.97],
      [91, 315.77],
    ]);
    // as printed, the same
    expect(itemsOf(page('117', '91')).map((i) => [i.itemQty, i.amount])).toEqual(got);
  });

  it('leaves a text layer’s quantities as printed', () => {
    expect(itemsOf(page('17', '9'), 'text').map((i) => i.itemQty)).toEqual([12, 17, 9]);
  });

  /**
   * Pos | Text | (a quantity heading the labels do not know) | Summe: no unit price; the first rows print quarters
   * (money-shaped), so no rule names the column by its plain numbers
   */
  const unknownHeading = [
    ...row(0.28, [
      [0.08, 0.11, 'Pos'],
      [0.2, 0.26, 'Text'],
      [0.66, 0.71, 'Stick'],
      [0.8, 0.86, 'Summe'],
    ]),
    ...row(0.3, [
      [0.09, 0.1, '1'],
      [0.2, 0.4, 'Kabelbinder schwarz'],
      [0.66, 0.71, '57,25'],
      [0.8, 0.86, '2.354,12'],
    ]),
    ...row(0.32, [
      [0.09, 0.1, '2'],
      [0.2, 0.4, 'Wartungsstunden'],
      [0.66, 0.71, '68,75'],
      [0.8, 0.86, '2.090,69'],
    ]),
    ...row(0.34, [
      [0.09, 0.1, '3'],
      [0.2, 0.4, 'Montagearbeiten'],
      [0.66, 0.71, '97,75'],
      [0.8, 0.86, '2.348,93'],
    ]),
    ...row(0.36, [
      [0.09, 0.1, '4'],
      [0.2, 0.4, 'Leasingrate Kopierer'],
      [0.66, 0.71, '84,75'],
      [0.8, 0.86, '4.095,12'],
    ]),
    ...row(0.38, [
      [0.09, 0.1, '5'],
      [0.2, 0.4, 'Reinigungstuch grau'],
      [0.69, 0.71, '17'],
      [0.8, 0.86, '2.661,75'],
    ]),
    ...row(0.4, [
      [0.09, 0.1, '6'],
      [0.2, 0.4, 'Schleifpapier K120'],
      [0.69, 0.71, '13'],
      [0.8, 0.86, '2.189,94'],
    ]),
    ...row(0.44, [
      [0.6, 0.75, 'Summe netto'],
      [0.8, 0.86, '15.740,55'],
    ]),
  ];

  it('names the column under an unknown heading the quantities though two of its rows lost their 1', () => {
    expect(itemsOf(unknownHeading).map((i) => [i.itemQty, i.amount])).toEqual([
      [57.25, 2354.12],
      [68.75, 2090.69],
      [97.75, 2348.93],
      [84.75, 4095.12],
      [117, 2661.75],
      [113, 2189.94],
    ]);
  });
});

describe('a scan’s row cells left of the description heading, where OCR lost the headings before it', () => {
  /** (Unit | Qty | EAN headings lost) | Omschrijving | Waarde: no unit price */
  const page = (unit: string) => [
    ...row(0.28, [
      [0.38, 0.47, 'Omschrijving'],
      [0.88, 0.93, 'Waarde'],
    ]),
    ...row(0.3, [
      [0.11, 0.13, unit],
      [0.21, 0.23, '12'],
      [0.25, 0.36, '4006381333931'],
      [0.38, 0.43, 'Q2207'],
      [0.88, 0.93, '84,60'],
    ]),
    ...row(0.312, [[0.38, 0.52, 'Zeepdispenser wandmodel']]),
    ...row(0.33, [
      [0.11, 0.13, unit],
      [0.21, 0.23, '3'],
      [0.25, 0.36, '4012345678901'],
      [0.38, 0.55, 'Papierrol industrieel'],
      [0.87, 0.93, '137,85'],
    ]),
    ...row(0.36, [
      [0.6, 0.75, 'Totaal excl. btw'],
      [0.87, 0.93, '222,45'],
    ]),
  ];

  it('leaves the quantities, barcodes and units out of the description', () => {
    const got = itemsOf(page('doos')).map((i) => [i.itemDesc, i.amount]);
    expect(got.map((g) => g[1])).toEqual([84.6, 137.85]);
    for (const [desc] of got) expect(String(desc)).not.toMatch(/\d{13}|doos/);
    expect(String(got[1]![0])).toBe('Papierrol industrieel');
  });

  it('keeps a description begun left of its heading', () => {
    const begun = [
      ...row(0.28, [
        [0.38, 0.47, 'Omschrijving'],
        [0.88, 0.93, 'Waarde'],
      ]),
      ...row(0.3, [
        [0.2, 0.3, 'Zeepdispenser'],
        [0.38, 0.43, 'wandmodel'],
        [0.88, 0.93, '84,60'],
      ]),
      ...row(0.34, [
        [0.6, 0.75, 'Totaal excl. btw'],
        [0.88, 0.93, '84,60'],
      ]),
    ];
    expect(itemsOf(begun).map((i) => i.itemDesc)).toEqual(['Zeepdispenser wandmodel']);
  });

  it('leaves a text layer as it reads', () => {
    const got = itemsOf(page('doos'), 'text').map((i) => i.itemDesc);
    expect(got.some((d) => /4012345678901/.test(String(d)))).toBe(true);
  });
});

describe('a dash OCR boxed far lower than a letter, between a code and a name on one baseline', () => {
  /** "Q4410 - Kaffeefilter rund 4" as Tesseract boxed it: the dash a tenth of a letter high, a little low */
  const w = (text: string, x0: number, x1: number, y0: number, y1: number, conf: number | undefined = 0.95) =>
    ({ text, page: 1, x0, x1, y0, y1, ...(conf === undefined ? {} : { conf }) }) as Word;
  const words = (conf?: number) => [
    w('Q4410', 0.162, 0.22, 0.4536, 0.4617, conf),
    w('-', 0.226, 0.232, 0.4581, 0.4589, conf),
    w('Kaffeefilter', 0.235, 0.295, 0.454, 0.4634, conf),
    w('rund', 0.298, 0.33, 0.454, 0.4617, conf),
    w('4', 0.341, 0.346, 0.454, 0.4613, conf),
    w('Stk', 0.353, 0.37, 0.454, 0.4638, conf),
    w('Filtertüten', 0.162, 0.22, 0.4674, 0.4752, conf),
    w('weiß', 0.235, 0.26, 0.4674, 0.4752, conf),
  ];

  it('keeps the words of the baseline in one line, in their order', () => {
    const lines = buildLines(words(0.95));
    expect(lines.map((l) => l.text)).toEqual(['Q4410 - Kaffeefilter rund 4 Stk', 'Filtertüten weiß']);
  });

  it('keeps a minus sign set apart beside its amount, far from the line’s text', () => {
    const lines = buildLines([
      w('Farbe:', 0.16, 0.2, 0.3836, 0.3917),
      w('blau', 0.205, 0.23, 0.3836, 0.3917),
      w('-', 0.838, 0.843, 0.3871, 0.3879),
      w('121,22', 0.846, 0.88, 0.384, 0.3921),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Farbe: blau - 121,22']);
  });
});
