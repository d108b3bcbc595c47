import { describe, expect, it } from 'vitest';
import { ocrRow, onePage } from './__tests__/scan-words.js';
import { extractItems } from './items.js';
import { contextOf } from './read.js';
import type { Word } from './types.js';

const itemsOf = (words: Word[], source: 'ocr' | 'text' = 'ocr') =>
  extractItems(contextOf(onePage(words, source))).items.map((i) => [
    i.itemDesc,
    i.itemQty,
    i.price,
    i.amount,
  ]);

/**
 * A Dutch table as a scan read it with its "Aantal" heading lost: each row's quantity stands far right of its name,
 * inside the description's range, and is found again only by the arithmetic (amount ÷ unit price).
 */
const table: Word[] = [
  ...ocrRow(0.3, [
    [0.088, 0.12, 'Code'],
    [0.193, 0.268, 'Beschrijving'],
    [0.625, 0.674, 'Eenheid'],
    [0.729, 0.783, 'Stukprijs'],
    [0.861, 0.903, 'Bedrag'],
  ]),
  ...ocrRow(0.32, [
    [0.088, 0.124, 'A4389'],
    [0.193, 0.309, 'Espresso beans 1 kg'],
    [0.59, 0.604, '47'],
    [0.624, 0.642, 'uur'],
    [0.75, 0.782, '90,36'],
    [0.854, 0.903, '4.246,92'],
  ]),
  ...ocrRow(0.34, [
    [0.088, 0.162, 'ART0521136'],
    [0.192, 0.3, 'Monthly leasing fee'],
    [0.59, 0.604, '42'],
    [0.624, 0.637, 'kg'],
    [0.735, 0.782, '1.431,62'],
    [0.847, 0.903, '60.128,04'],
  ]),
  // a number that is part of the name stands right after it, not a column away
  ...ocrRow(0.36, [
    [0.088, 0.124, 'P4649'],
    [0.193, 0.28, 'Verlengsnoer 5'],
    [0.624, 0.637, 'kg'],
    [0.735, 0.782, '226,95'],
    [0.847, 0.903, '1.134,75'],
  ]),
];

describe("a scan's quantity read into the description", () => {
  it('leaves out of the name a number standing a column away that is the quantity the arithmetic found', () => {
    expect(itemsOf(table)).toEqual([
      ['Espresso beans 1 kg', 47, 90.36, 4246.92],
      ['Monthly leasing fee', 42, 1431.62, 60128.04],
      ['Verlengsnoer 5', 5, 226.95, 1134.75],
    ]);
  });
});
