import { describe, expect, it } from 'vitest';
import { ocrRow, onePage } from './__tests__/scan-words.js';
import { boxOf } from './context.js';
import type { Gray } from './image.js';
import { columnLost } from './page-passes.js';
import { contextOf } from './read.js';
import { emptyResult } from './types.js';

const W = 1000;
const H = 1414;

/** A white page with a dark block (a printed number) at [x0, x1] × [y0, y1] (page fractions) for each of `marks`. */
function page(marks: [number, number, number, number][]): Gray {
  const data = new Uint8Array(W * H).fill(235);
  for (const [x0, x1, y0, y1] of marks)
    for (let y = Math.round(y0 * H); y < Math.round(y1 * H); y++)
      for (let x = Math.round(x0 * W); x < Math.round(x1 * W); x++) data[y * W + x] = 30;
  return { width: W, height: H, data };
}

/** A scanned table whose rows the first reading gave as name and amount only (its quantity column lost). */
function reading() {
  const rows: [string, string, number][] = [
    ['Ramette papier recyclé', '271.679,66', 271679.66],
    ['Kopierpapier A4 80 g', '2.618,56', 2618.56],
    ['Monthly leasing fee', '23.777,46', 23777.46],
  ];
  const words = [
    ...ocrRow(0.3, [
      [0.35, 0.4, 'Product'],
      [0.88, 0.92, 'Bedrag'],
    ]),
    ...rows.flatMap(([name, amount], k) =>
      ocrRow(0.32 + 0.02 * k, [
        [0.35, 0.48, name],
        [0.86, 0.92, amount],
      ]),
    ),
  ];
  const ctx = contextOf(onePage(words));
  const r = emptyResult('x');
  r.source = 'ocr';
  r.items = rows.map(([itemDesc, , amount]) => ({ itemDesc, itemQty: 1, price: amount, amount }));
  r.items.forEach((_, i) => {
    const line = ctx.lines.find((l) => Math.abs(l.y0 - (0.32 + 0.02 * i)) < 1e-6)!;
    r.boxes[`items.${i}`] = boxOf(line);
  });
  return { r, ctx };
}

describe('a quantity column the first reading of a scan lost', () => {
  // the quantities "118 uur", "49 uur", "18 kg" printed between the names and the amounts, read by no word
  const lost: [number, number, number, number][] = [0, 1, 2].map((k) => [
    0.74,
    0.79,
    0.321 + 0.02 * k,
    0.329 + 0.02 * k,
  ]);

  it('is found where ink no word covers stands between the names and the amounts in two rows or more', () => {
    const { r, ctx } = reading();
    expect(columnLost(r, ctx, new Map([[1, page(lost)]]))).toBe(true);
  });

  it('is not found on a table of amounts alone with nothing printed between, or ink in one row only', () => {
    const { r, ctx } = reading();
    expect(columnLost(r, ctx, new Map([[1, page([])]]))).toBe(false);
    expect(columnLost(r, ctx, new Map([[1, page(lost.slice(0, 1))]]))).toBe(false);
  });

  it('is not asked for where a row carries its own quantity', () => {
    const { r, ctx } = reading();
    r.items[0] = { ...r.items[0]!, itemQty: 118, price: 2302.37 };
    expect(columnLost(r, ctx, new Map([[1, page(lost)]]))).toBe(false);
  });
});
