import { type Gray, otsu } from './image.js';
import type { Word } from './types.js';

/** Grid step (px of the prepared page, about 225 dpi) at which ink is counted: a third of a body letter's height. */
const CELL = 8;
/** Dark pixels that make a grid cell ink (a stroke through it), not a speck of grain. */
const INK_PX = 4;

export interface InkRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Lines of ink on a prepared page image that no OCR word covers: text Tesseract's layout analysis dropped (a
 * column of labels between an address window and its values, a letterhead, a totals block). Each word's box,
 * widened by half its height, covers the ink under it; what is left is grouped into lines (letters a word space
 * apart, one grid row up or down), kept when shaped like a line of text: 12–120 px tall, at least 40 px wide and
 * six grid cells of ink. Pixel boxes on `img`.
 */
export function uncoveredInk(img: Gray, words: Word[]): InkRegion[] {
  const { width: w, height: h } = img;
  const gw = Math.ceil(w / CELL);
  const gh = Math.ceil(h / CELL);
  const thr = Math.min(otsu(img), 160);
  const dark = new Uint16Array(gw * gh);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const gy = ((y / CELL) | 0) * gw;
    for (let x = 0; x < w; x++) if (img.data[row + x]! <= thr) dark[gy + ((x / CELL) | 0)]!++;
  }
  const covered = new Uint8Array(gw * gh);
  for (const word of words) {
    const pad = ((word.y1 - word.y0) * h) / 2;
    const x0 = Math.max(0, Math.floor((word.x0 * w - pad) / CELL));
    const x1 = Math.min(gw - 1, Math.floor((word.x1 * w + pad) / CELL));
    const y0 = Math.max(0, Math.floor((word.y0 * h - pad) / CELL));
    const y1 = Math.min(gh - 1, Math.floor((word.y1 * h + pad) / CELL));
    for (let gy = y0; gy <= y1; gy++) covered.fill(1, gy * gw + x0, gy * gw + x1 + 1);
  }
  const ink = (i: number) => dark[i]! >= INK_PX && !covered[i];
  const seen = new Uint8Array(gw * gh);
  const out: InkRegion[] = [];
  for (let start = 0; start < gw * gh; start++) {
    if (seen[start] || !ink(start)) continue;
    seen[start] = 1;
    const stack = [start];
    let n = 0;
    let [gx0, gy0, gx1, gy1] = [gw, gh, 0, 0];
    while (stack.length) {
      const i = stack.pop()!;
      const gx = i % gw;
      const gy = (i / gw) | 0;
      n++;
      gx0 = Math.min(gx0, gx);
      gx1 = Math.max(gx1, gx);
      gy0 = Math.min(gy0, gy);
      gy1 = Math.max(gy1, gy);
      // letters of a line a word space apart (three cells), one grid row up or down
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const x = gx + dx;
          const y = gy + dy;
          if (x < 0 || y < 0 || x >= gw || y >= gh) continue;
          const j = y * gw + x;
          if (!seen[j] && ink(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    const box = { x0: gx0 * CELL, y0: gy0 * CELL, x1: (gx1 + 1) * CELL, y1: (gy1 + 1) * CELL };
    const bh = box.y1 - box.y0;
    if (bh >= 12 && bh <= 120 && box.x1 - box.x0 >= 40 && n >= 6) out.push(box);
  }
  return out;
}

/** The page with only `regions` left (a few pixels around each), the rest white: what a pass reads again. */
export function onlyRegions(img: Gray, regions: InkRegion[], margin = 6): Gray {
  const data = new Uint8Array(img.data.length).fill(255);
  for (const r of regions) {
    const x0 = Math.max(0, r.x0 - margin);
    const x1 = Math.min(img.width, r.x1 + margin);
    for (let y = Math.max(0, r.y0 - margin); y < Math.min(img.height, r.y1 + margin); y++)
      data.set(img.data.subarray(y * img.width + x0, y * img.width + x1), y * img.width + x0);
  }
  return { ...img, data };
}

/**
 * The words a reading of the lost regions found, that stand where no word of the first reading does (centre
 * outside every first-reading box), read with some confidence and holding a letter pair or a digit.
 */
export function newWords(first: Word[], again: (Word & { conf: number })[]): Word[] {
  return again.filter((w) => {
    if (w.conf < 0.3 || !/\p{L}{2}|\d/u.test(w.text)) return false;
    const x = (w.x0 + w.x1) / 2;
    const y = (w.y0 + w.y1) / 2;
    return !first.some((f) => f.page === w.page && x >= f.x0 && x <= f.x1 && y >= f.y0 && y <= f.y1);
  });
}
