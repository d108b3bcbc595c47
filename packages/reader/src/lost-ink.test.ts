import { describe, expect, it } from 'vitest';
import type { Gray } from './image.js';
import { newWords, onlyRegions, uncoveredInk } from './lost-ink.js';
import type { Word } from './types.js';

const W = 1000;
const H = 1400;

/** A white page with a line of "letters" (strokes 4 px wide, 12 px apart, 24 px tall) from x0 to x1 at y. */
function page(lines: [number, number, number][]): Gray {
  const data = new Uint8Array(W * H).fill(250);
  for (const [x0, x1, y] of lines)
    for (let x = x0; x < x1; x += 12)
      for (let yy = y; yy < y + 24; yy++) data.fill(20, yy * W + x, yy * W + x + 4);
  return { width: W, height: H, data };
}

const word = (x0: number, x1: number, y: number, text = 'Nettobetrag'): Word => ({
  text,
  page: 1,
  x0: x0 / W,
  x1: x1 / W,
  y0: y / H,
  y1: (y + 24) / H,
});

describe('ink no OCR word covers', () => {
  const img = page([
    [100, 400, 200],
    [100, 400, 260],
    [600, 800, 260],
    [600, 800, 320],
  ]);

  it('is found line by line where the first reading has no word', () => {
    // the reading kept the left column and the first value, and dropped the line under it
    const regions = uncoveredInk(img, [word(100, 400, 200), word(100, 400, 260), word(600, 800, 260)]);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.x0).toBeLessThanOrEqual(600);
    expect(regions[0]!.x1).toBeGreaterThanOrEqual(796);
    expect(regions[0]!.y0).toBeLessThanOrEqual(320);
    expect(regions[0]!.y1).toBeGreaterThanOrEqual(344);
  });

  it('is none where every line is read, or only specks are left', () => {
    const all = [word(100, 400, 200), word(100, 400, 260), word(600, 800, 260), word(600, 800, 320)];
    expect(uncoveredInk(img, all)).toEqual([]);
    const speck = { ...img, data: Uint8Array.from(img.data) };
    for (let y = 900; y < 906; y++) speck.data.fill(0, y * W + 500, y * W + 506);
    expect(uncoveredInk(speck, all)).toEqual([]);
  });

  it('is read again alone: the rest of the page white, and only words standing where none was read kept', () => {
    const only = onlyRegions(img, [{ x0: 600, y0: 320, x1: 800, y1: 344 }]);
    expect(only.data[205 * W + 100]).toBe(255);
    expect(only.data[330 * W + 600]).toBe(20);
    const first = [word(600, 800, 260, '639.53')];
    const again = [
      { ...word(600, 800, 320, 'Endbetrag'), conf: 0.9 },
      { ...word(620, 700, 262, '639.53'), conf: 0.9 },
      { ...word(600, 640, 400, '~'), conf: 0.9 },
      { ...word(600, 700, 450, 'Summe'), conf: 0.1 },
    ];
    expect(newWords(first, again).map((w) => w.text)).toEqual(['Endbetrag']);
  });
});
