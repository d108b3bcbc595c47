import type { Gray } from './image.js';

/**
 * Whitens table rules and box borders: horizontal and vertical runs of dark pixels longer than `minRun`.
 * Tesseract's page layout analysis takes ruled, shaded table cells for pictures and drops their text;
 * without the rules the cells read as ordinary text columns. Letters are far shorter than a rule.
 */
export function removeRulingLines(img: Gray, minRun = Math.round(img.width / 30), dark = 128): Gray {
  const { width: w, height: h, data: src } = img;
  const out = new Uint8Array(src);
  const whiten = (start: number, end: number, step: number) => {
    for (let i = start; i < end; i += step) out[i] = 255;
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; ) {
      if (src[row + x]! >= dark) {
        x++;
        continue;
      }
      let e = x;
      while (e < w && src[row + e]! < dark) e++;
      if (e - x >= minRun) whiten(row + x, row + e, 1);
      x = e;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; ) {
      if (src[y * w + x]! >= dark) {
        y++;
        continue;
      }
      let e = y;
      while (e < h && src[e * w + x]! < dark) e++;
      if (e - y >= minRun) whiten(y * w + x, e * w + x, w);
      y = e;
    }
  }
  return { ...img, data: out };
}
