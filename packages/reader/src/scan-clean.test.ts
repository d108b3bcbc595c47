import { describe, expect, it } from 'vitest';
import { enInvoice, makePdf } from './__tests__/make-docs.js';
import {
  cleanScan,
  denoise,
  estimateSkew,
  type Gray,
  normalizeContrast,
  paperNoise,
  renderPdfPage,
  rotate,
  toPng,
  whitenPaper,
} from './image.js';
import { joinSplitDecimals, type OcrWord } from './ocr.js';
import { readDocument } from './read.js';
import { removeRulingLines } from './ruling.js';

/** A phone scan of a page: grey paper with grain (a fixed pseudo-random sequence), ink not quite black. */
function grainy(img: Gray, grain = 18): Gray {
  let s = 12345;
  const rand = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) {
    const g = 40 + (img.data[i]! / 255) * 195 + (rand() + rand() + rand() - 1.5) * grain;
    data[i] = Math.max(0, Math.min(255, Math.round(g)));
  }
  return { ...img, data };
}

const scanned = async (deg: number) =>
  grainy(rotate(await renderPdfPage(await makePdf(enInvoice(3)), 1, 200, 40_000_000), deg));

describe('cleaning phone scans', () => {
  it('tells grainy paper from a clean render, and smoothing takes the grain away', async () => {
    const clean = await renderPdfPage(await makePdf(enInvoice(3)), 1, 200, 40_000_000);
    const noisy = grainy(clean);
    expect(paperNoise(clean)).toBeLessThan(1);
    expect(paperNoise(noisy)).toBeGreaterThan(5);
    expect(paperNoise(denoise(denoise(noisy)))).toBeLessThan(paperNoise(noisy) / 2);
  });

  it('turns grey paper white and keeps the ink dark', () => {
    const data = new Uint8Array(100 * 100).fill(215);
    for (let i = 0; i < 2000; i++) data[i] = 50;
    const out = whitenPaper({ width: 100, height: 100, data });
    expect(out.data[5000]).toBe(255);
    expect(out.data[10]).toBeLessThan(70);
  });

  it('turns paper white when the grain is so heavy that a threshold would split the paper itself', () => {
    // grey paper (170) with heavy grain that two smoothing passes left, and 2 % ink
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const data = new Uint8Array(200 * 200);
    for (let i = 0; i < data.length; i++)
      data[i] = i < 800 ? 60 : Math.round(170 + (rand() + rand() + rand() - 1.5) * 40);
    const out = whitenPaper({ width: 200, height: 200, data });
    const paper = [...out.data.subarray(800)].sort((a, b) => a - b);
    // the paper is white, nine pixels of it in ten nearly so, and the ink stays dark
    expect(paper[paper.length >> 1]).toBe(255);
    expect(paper[Math.floor(paper.length * 0.1)]).toBeGreaterThanOrEqual(240);
    expect(out.data[10]).toBeLessThan(110);
  });

  it('does not stretch the grain of a page that is nearly all paper (a last page with the totals alone)', () => {
    // grey paper (228) with grain, and 0.3 % ink: the darkest 1 % of the page is grain, not ink
    let seed = 11;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const data = new Uint8Array(200 * 200);
    for (let i = 0; i < data.length; i++)
      data[i] = i < 120 ? 40 : Math.round(228 + (rand() + rand() + rand() - 1.5) * 12);
    const img = { width: 200, height: 200, data };
    const out = normalizeContrast(img);
    // the grain stays about as it was (stretched black, it was speckles all over the page), the ink black
    expect(paperNoise(out)).toBeLessThan(paperNoise(img) * 1.6);
    expect(out.data[10]).toBeLessThan(20);
    // a page with ink enough is stretched as before: its darkest 1 % black
    const inked = new Uint8Array(data);
    inked.fill(60, 0, 1200);
    expect(normalizeContrast({ width: 200, height: 200, data: inked }).data[10]).toBe(0);
  });

  it('straightens a grainy scan turned by 1.5°', async () => {
    const scan = await scanned(1.5);
    const straight = cleanScan(scan);
    expect(Math.abs(estimateSkew(straight))).toBeLessThanOrEqual(0.5);
  });

  it('reads the header fields and the total of a grainy, skewed 200 dpi scan', async () => {
    const spec = enInvoice(3);
    const r = await readDocument(await toPng(await scanned(-1.2)), { fileName: 'phone.png' });
    expect(r.headers.invoiceNum).toBe('INV-2024-0003');
    expect(r.totals.invoiceTotal).toBe(spec.total);
    expect(r.items.length).toBe(spec.items.length);
  });
});

describe('table rules of a scan', () => {
  it('whitens a thin rule but not the baseline where blurred bold letters run together', () => {
    const w = 300;
    const img: Gray = { width: w, height: 80, data: new Uint8Array(w * 80).fill(255) };
    // a line of bold letters: stems every 6 px from y 20 to 34, joined along the baseline rows 33–34
    for (let y = 20; y < 35; y++)
      for (let x = 20; x < 280; x++) if (x % 6 < 3 || y >= 33) img.data[y * w + x] = 0;
    // a rule 2 px thick
    for (let y = 60; y < 62; y++) for (let x = 20; x < 280; x++) img.data[y * w + x] = 0;
    const out = removeRulingLines(img, 60);
    expect(out.data[34 * w + 100]).toBe(0);
    expect(out.data[34 * w + 104]).toBe(0);
    expect(out.data[61 * w + 100]).toBe(255);
  });
});

describe('amounts OCR split at their decimal separator', () => {
  const word = (text: string, x0: number, x1: number, line = '1.1.1'): OcrWord => ({
    text,
    page: 1,
    x0: x0 / 1000,
    x1: x1 / 1000,
    y0: 0.5,
    y1: 0.51,
    conf: 0.9,
    line,
  });
  // a 1000 × 1000 image: words 10 px high
  it('joins "382.349," and "62" into one amount', () => {
    const out = joinSplitDecimals(
      [word('Total', 600, 650), word('382.349,', 800, 860), word('62', 865, 880)],
      1000,
      1000,
    );
    expect(out.map((w) => w.text)).toEqual(['Total', '382.349,62']);
    expect(out[1]!.x1).toBeCloseTo(0.88);
  });

  it('joins "€828.807" and "41", an amount whose decimal separator the blur took, with the other separator', () => {
    const out = joinSplitDecimals(
      [word('Summe', 600, 650), word('€828.807', 790, 860), word('41', 865, 880)],
      1000,
      1000,
    );
    expect(out.map((w) => w.text)).toEqual(['Summe', '€828.807,41']);
    const dot = joinSplitDecimals([word('1,234', 800, 840), word('56', 845, 860)], 1000, 1000);
    expect(dot.map((w) => w.text)).toEqual(['1,234.56']);
    // a number without thousands groups, or apart by more than a letter's height, is another number
    const plain = joinSplitDecimals([word('234', 800, 830), word('56', 835, 850)], 1000, 1000);
    expect(plain.map((w) => w.text)).toEqual(['234', '56']);
    const far = joinSplitDecimals([word('1.234', 800, 840), word('56', 860, 875)], 1000, 1000);
    expect(far.map((w) => w.text)).toEqual(['1.234', '56']);
  });

  it('keeps apart numbers of two cells, of two lines, and a sentence comma before a number', () => {
    const far = joinSplitDecimals([word('12,', 100, 120), word('50', 200, 215)], 1000, 1000);
    expect(far.map((w) => w.text)).toEqual(['12,', '50']);
    const lines = joinSplitDecimals([word('12,', 100, 120), word('50', 123, 138, '1.1.2')], 1000, 1000);
    expect(lines.map((w) => w.text)).toEqual(['12,', '50']);
    const year = joinSplitDecimals([word('3,', 100, 120), word('2024', 123, 160)], 1000, 1000);
    expect(year.map((w) => w.text)).toEqual(['3,', '2024']);
  });
});
