import type { Word } from './types.js';

/** A run of words on one line without a wide gap: usually one label, one value or one table cell. */
export interface Cell {
  text: string;
  words: Word[];
  page: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface Line {
  page: number;
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  words: Word[];
  cells: Cell[];
  text: string;
  /** index in reading order over the whole document */
  index: number;
}

/** A cell of the given words (in reading order). */
export function cellOf(words: Word[]): Cell {
  return {
    text: words.map((w) => w.text).join(' '),
    words,
    page: words[0]!.page,
    x0: Math.min(...words.map((w) => w.x0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y0: Math.min(...words.map((w) => w.y0)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/**
 * A gap between two OCR'd words of a phone scan's page (grainy, blurred), in letter heights, under which they
 * stay in one cell. Tesseract's boxes hold the ink only, so the per-letter width that recognises a monospaced
 * font varies from word to word, and the space of a blurred scan measures 1.1–1.5 letter heights: "Facturé"
 * "à:", "Horizon Bakery" "B.V.", "57" "551,92" fell apart into cells, and neither half was a label, a name or
 * an amount; the columns of those pages stood 4–5 heights apart and more. Not for clean renders, whose dense
 * tables can set columns 1.4–1.7 heights apart, nor for receipts.
 */
export const OCR_WORD_GAP = 2;

/**
 * Groups words into lines (by vertical overlap) and lines into cells (by horizontal gaps). `ocrGap`: the gap
 * (in letter heights) that OCR'd words (those with a confidence) may leave inside a cell, see OCR_WORD_GAP.
 */
export function buildLines(words: Word[], ocrGap = 0): Line[] {
  const byPage = new Map<number, Word[]>();
  for (const w of words) {
    const list = byPage.get(w.page) ?? [];
    list.push(w);
    byPage.set(w.page, list);
  }
  const lines: Line[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const byCentre = (a: Word, b: Word) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0;
    const all = byPage.get(page)!.slice().sort(byCentre);
    // an OCR'd dash ("A6222784 - Cable tie") has a box far lower than a letter's: it would start a line of its
    // own that takes the words after it from their baseline. Such dashes are placed after the words, in the line
    // whose band holds their centre and that has a word close beside it ("- 121,22": a minus sign set apart);
    // else as any word is placed.
    const marks = new Set(smallDashes(all));
    const ws = [...all.filter((w) => !marks.has(w)), ...all.filter((w) => marks.has(w))];
    const groups: Word[][] = [];
    const meta: { c: number; h: number }[] = [];
    for (const w of ws) {
      const c = (w.y0 + w.y1) / 2;
      const h = w.y1 - w.y0;
      // join the closest open line whose centre is within half a word height (a dash: see above)
      const beside = (g: Word[]) =>
        g.some((o) => (o.x1 <= w.x0 && w.x0 - o.x1 < DASH_GAP) || (o.x0 >= w.x1 && o.x0 - w.x1 < DASH_GAP));
      const closest = (from: number, fits: (m: { c: number; h: number }, i: number) => boolean) => {
        let best = -1;
        let bestD = Infinity;
        for (let i = from; i < groups.length; i++) {
          const d = Math.abs(meta[i]!.c - c);
          if (fits(meta[i]!, i) && d < bestD) {
            best = i;
            bestD = d;
          }
        }
        return best;
      };
      const near = (m: { c: number; h: number }) => Math.abs(m.c - c) < Math.min(m.h, h) * 0.5;
      let best = -1;
      if (marks.has(w)) best = closest(0, (m, i) => Math.abs(m.c - c) < m.h * 0.5 && beside(groups[i]!));
      if (best < 0) best = closest(marks.has(w) ? 0 : Math.max(0, groups.length - 4), near);
      if (best >= 0) {
        const g = groups[best]!;
        g.push(w);
        const m = meta[best]!;
        m.c = (m.c * (g.length - 1) + c) / g.length;
        m.h = Math.max(m.h, h);
      } else {
        groups.push([w]);
        meta.push({ c, h });
      }
    }
    for (const g of groups) {
      g.sort((a, b) => a.x0 - b.x0);
      // a gap wider than ~1.2 character heights separates cells
      const hs = g.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
      const h = hs[Math.floor(hs.length / 2)] ?? 0.01;
      // a space of a monospaced font is wider than a letter's height allows: between two words as wide per
      // letter (the same monospaced font), a gap of under two letters stays inside the cell
      const perLetter = (w: Word) => (w.text.length >= 2 ? (w.x1 - w.x0) / w.text.length : Number.NaN);
      // (in a text layer, where a line joins print of two sizes, a sender line in small print beside a due date,
      // the two words' own height: the larger print's spaces are wider than the line's median height allows; an
      // OCR box's height varies with its letters, so a scan keeps the median)
      const gapAfter = (a: Word, b: Word) => {
        const pa = perLetter(a);
        const pb = perLetter(b);
        const scanned = a.conf !== undefined && b.conf !== undefined;
        const hw = scanned ? h : Math.max(h, (a.y1 - a.y0 + b.y1 - b.y0) / 2);
        return Math.max(
          scanned ? h * ocrGap : 0,
          Math.abs(pa - pb) < pa * 0.015 ? Math.max(hw * 1.1, pa * 1.7) : hw * 1.1,
        );
      };
      const cells: Cell[] = [];
      let cur: Word[] = [];
      for (const w of g) {
        const prev = cur[cur.length - 1];
        if (prev && w.x0 - prev.x1 > gapAfter(prev, w)) {
          cells.push(cellOf(cur));
          cur = [];
        }
        cur.push(w);
      }
      if (cur.length) cells.push(cellOf(cur));
      lines.push({
        page,
        words: g,
        cells,
        text: g.map((w) => w.text).join(' '),
        y0: Math.min(...g.map((w) => w.y0)),
        y1: Math.max(...g.map((w) => w.y1)),
        x0: Math.min(...g.map((w) => w.x0)),
        x1: Math.max(...g.map((w) => w.x1)),
        index: 0,
      });
    }
  }
  lines.sort((a, b) => a.page - b.page || a.y0 - b.y0);
  lines.forEach((l, i) => {
    l.index = i;
  });
  return lines;
}

/** How far (page widths) a dash between two words may stand from each: a space or two. */
const DASH_GAP = 0.03;

/**
 * OCR'd dashes whose box is under half the median height of the page's OCR'd words. A text layer's words (no
 * confidence) never are: their boxes are the font's height.
 */
function smallDashes(words: Word[]): Word[] {
  const ocr = words.filter((w) => w.conf !== undefined);
  if (ocr.length < 5) return [];
  const hs = ocr.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const median = hs[Math.floor(hs.length / 2)]!;
  return ocr.filter((w) => w.y1 - w.y0 < median * 0.5 && /^[-‐‑–—]$/u.test(w.text));
}

/** Horizontal overlap of two ranges as a share of the smaller one. */
export function xOverlap(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  const o = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const m = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  return m > 0 ? Math.max(0, o) / m : 0;
}
