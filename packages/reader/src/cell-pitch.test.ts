import { describe, expect, it } from 'vitest';
import { ocrLine as line, onePage } from './__tests__/scan-words.js';
import { extractItems } from './items.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

/** Position, description, quantity, unit, price, amount. */
const row = (y0: number, y1: number, ...t: string[]) =>
  line(y0, y1, [
    [0.12, 0.13, t[0]!],
    [0.15, 0.45, t[1]!],
    [0.55, 0.58, t[2]!],
    [0.62, 0.66, t[3]!],
    [0.72, 0.78, t[4]!],
    [0.84, 0.9, t[5]!],
  ]);
const text = (y0: number, y1: number, t: string) => line(y0, y1, [[0.15, 0.15 + t.length * 0.008, t]]);

function itemsOf(words: Word[]) {
  const doc = onePage(words, 'ocr', { width: 1860, height: 2631 });
  return extractItems(contextOf(doc)).items.map((i) => [i.itemCode, i.itemDesc, i.amount]);
}

describe('a scan whose item cells print codes and names above the numbers', () => {
  // Each item's cell is its code, its name's lines, and the row's numbers on the last line; the rows are set only a
  // little further apart than the lines of one cell, and OCR's boxes are as tall as the letters on each line (a
  // line of capitals and digits, one without descenders), so box gaps do not show which row a line belongs to.
  const page = [
    ...line(0.2605, 0.2748, [
      [0.11, 0.14, 'Pos'],
      [0.15, 0.3, 'Description'],
      [0.55, 0.58, 'Qty'],
      [0.62, 0.66, 'Unit'],
      [0.72, 0.78, 'Price'],
      [0.84, 0.9, 'Amount'],
    ]),
    ...text(0.2847, 0.2923, 'QK58555'),
    ...row(0.2986, 0.3084, '1', 'Paper towels recycled', '74', 'kg', '3,39', '250,86'),
    ...text(0.3169, 0.3245, 'ZX8714317'),
    ...row(0.3303, 0.3397, '2', 'Extension cord 5 m', '115', 'pce', '9,60', '1.104,00'),
    ...text(0.3487, 0.3563, 'Coffee filters size 4'),
    ...row(0.3626, 0.3724, '3', 'white unbleached', '20', 'pce', '13,38', '267,60'),
    ...text(0.3814, 0.3885, 'T4563'),
    ...text(0.3948, 0.4024, 'Shelf bracket 40 mm'),
    ...row(0.4087, 0.4176, '4', 'galvanised steel', '1', 'pce', '13,39', '13,39'),
  ];

  it('gives each row the lines above its numbers: its code, then its name', () => {
    expect(itemsOf(page)).toEqual([
      ['QK58555', 'Paper towels recycled', 250.86],
      ['ZX8714317', 'Extension cord 5 m', 1104],
      [undefined, 'Coffee filters size 4 white unbleached', 267.6],
      ['T4563', 'Shelf bracket 40 mm galvanised steel', 13.39],
    ]);
  });
});
