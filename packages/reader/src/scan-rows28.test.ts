import { describe, expect, it } from 'vitest';
import { itemsOf, ocrRow as row } from './__tests__/scan-words.js';
import { joinSplitDecimals, type OcrWord } from './ocr.js';

describe('a scan’s discount rates under no heading of their own, nearer the amount heading', () => {
  /** Pos | Bezeichnung | Menge | Einzelpreis | (a rate column whose heading OCR lost) | Betrag */
  const page = [
    ...row(0.28, [
      [0.08, 0.11, 'Pos'],
      [0.13, 0.25, 'Bezeichnung'],
      [0.44, 0.48, 'Menge'],
      [0.58, 0.65, 'Einzelpreis'],
      [0.79, 0.85, 'Betrag'],
    ]),
    ...row(0.3, [
      [0.09, 0.1, '1'],
      [0.13, 0.3, 'Kabelbinder schwarz'],
      [0.46, 0.48, '12'],
      [0.6, 0.65, '14,50'],
      [0.8, 0.85, '174,00'],
    ]),
    ...row(0.32, [
      [0.09, 0.1, '2'],
      [0.13, 0.3, 'Druckerpapier A4'],
      [0.46, 0.48, '8'],
      [0.6, 0.65, '25,00'],
      [0.73, 0.75, '10%'],
      [0.8, 0.85, '180,00'],
    ]),
    ...row(0.34, [
      [0.09, 0.1, '3'],
      [0.13, 0.3, 'Montagematerial'],
      [0.46, 0.48, '7'],
      [0.6, 0.65, '40,00'],
      [0.73, 0.75, '5%'],
      [0.8, 0.85, '266,00'],
    ]),
    ...row(0.38, [
      [0.6, 0.75, 'Summe netto'],
      [0.8, 0.85, '620,00'],
    ]),
  ];

  it('reads the rate as the row’s discount, not as its amount', () => {
    expect(itemsOf(page).map((i) => [i.itemQty, i.price, i.amount])).toEqual([
      [12, 14.5, 174],
      [8, 22.5, 180],
      [7, 38, 266],
    ]);
  });
});

describe('a scan’s amount split at its decimal separator into two OCR blocks', () => {
  /** a word of a 1000 × 1000 image, 10 px high on the baseline at y */
  const word = (text: string, x0: number, x1: number, line: string, y = 500): OcrWord => ({
    text,
    page: 1,
    x0: x0 / 1000,
    x1: x1 / 1000,
    y0: y / 1000,
    y1: (y + 10) / 1000,
    conf: 0.9,
    line,
  });

  it('joins "289." and "10" of two blocks on one baseline, the cents later in reading order; not cents apart', () => {
    const out = joinSplitDecimals(
      [
        word('49', 680, 693, '3.1.1'),
        word('5.90', 775, 804, '4.1.1'),
        word('289.', 880, 907, '5.1.1'),
        word('13.', 888, 907, '5.1.2', 530),
        word('10', 911, 924, '7.1.1'),
        word('36', 911, 924, '7.1.2', 530),
      ],
      1000,
      1000,
    );
    expect(out.map((w) => w.text)).toEqual(['49', '5.90', '289.10', '13.36']);
    expect(out[2]!.x1).toBeCloseTo(0.924);
    // cents on another baseline, or farther than a letter’s height, are another cell
    const below = joinSplitDecimals(
      [word('289.', 880, 907, '5.1.1'), word('10', 911, 924, '7.1.1', 512)],
      1000,
      1000,
    );
    expect(below.map((w) => w.text)).toEqual(['289.', '10']);
    const far = joinSplitDecimals(
      [word('289.', 880, 907, '5.1.1'), word('10', 920, 933, '7.1.1')],
      1000,
      1000,
    );
    expect(far.map((w) => w.text)).toEqual(['289.', '10']);
  });
});
