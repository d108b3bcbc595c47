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
  // A rule is thin: a few pixels beside the run the paper is light along it. The letters of a blurred bold
  // line of a scan run together at their baseline into a run as long as a rule, but beside it lie the
  // letters' bodies; whitening those runs cut every word of the line in two.
  const maxThick = Math.max(4, Math.round(w / 250));
  const darkShare = (start: number, n: number, step: number) => {
    let d = 0;
    for (let k = 0, i = start; k < n; k++, i += step) if (src[i]! < dark) d++;
    return d / n;
  };
  /** Whether the run of `n` pixels from `start` (along `step`) has light paper within maxThick on both sides. */
  const thin = (start: number, n: number, step: number, across: number, pos: number, size: number) => {
    const clear = (dir: -1 | 1) => {
      for (let k = 1; k <= maxThick; k++) {
        const q = pos + dir * k;
        if (q < 0 || q >= size) return true;
        if (darkShare(start + dir * k * across, n, step) < 0.2) return true;
      }
      return false;
    };
    return clear(-1) && clear(1);
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
      if (e - x >= minRun && thin(row + x, e - x, 1, w, y, h)) whiten(row + x, row + e, 1);
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
      if (e - y >= minRun && thin(y * w + x, e - y, w, 1, x, w)) whiten(y * w + x, e * w + x, w);
      y = e;
    }
  }
  return { ...img, data: out };
}
