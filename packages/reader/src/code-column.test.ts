import { describe, expect, it } from 'vitest';
import { onePage, ocrRow as row } from './__tests__/scan-words.js';
import { extractItems } from './items.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

const docOf = (words: Word[], source: 'ocr' | 'text') =>
  onePage(words, source, source === 'ocr' ? { grainy: true } : {});

/** A table whose code column (x 0.45) has no heading: the scan lost it. */
const table = (code2: string) => [
  ...row(0.3, [
    [0.08, 0.16, 'Description'],
    [0.58, 0.62, 'Qty'],
    [0.72, 0.78, 'Price'],
    [0.86, 0.91, 'Amount'],
  ]),
  ...row(0.32, [
    [0.08, 0.24, 'Tea towels linen'],
    [0.45, 0.5, 'K40711'],
    [0.6, 0.62, '3'],
    [0.74, 0.78, '4,20'],
    [0.87, 0.91, '12,60'],
  ]),
  ...row(0.34, [
    [0.08, 0.22, 'Oven mitt grey'],
    [0.45, 0.51, code2],
    [0.6, 0.62, '2'],
    [0.74, 0.78, '7,15'],
    [0.87, 0.91, '14,30'],
  ]),
  ...row(0.36, [
    [0.08, 0.2, 'Bread knife'],
    [0.6, 0.62, '1'],
    [0.74, 0.78, '9,90'],
    [0.87, 0.91, '9,90'],
  ]),
];

describe('a scan’s code column whose heading was lost', () => {
  it('takes the codes out of the descriptions where two rows set one at the same edge', () => {
    const { items } = extractItems(contextOf(docOf(table('883120'), 'ocr')));
    expect(items.map((i) => [i.itemCode, i.itemDesc])).toEqual([
      ['K40711', 'Tea towels linen'],
      ['883120', 'Oven mitt grey'],
      [undefined, 'Bread knife'],
    ]);
  });

  it('leaves a lone code-like cell in its description (no column)', () => {
    const words = table('883120').filter((w) => w.text !== '883120');
    const { items } = extractItems(contextOf(docOf(words, 'ocr')));
    expect(items.map((i) => [i.itemCode, i.itemDesc])[0]).toEqual([undefined, 'Tea towels linen K40711']);
  });
});
