/** Grey images in memory, clean-up and deskew before OCR (pure TypeScript, no native code). */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

type MuPdf = typeof import('mupdf');
let mupdfPromise: Promise<MuPdf> | undefined;
/** Loads MuPDF (WASM) once. */
export function loadMuPdf(): Promise<MuPdf> {
  mupdfPromise ??= import('mupdf');
  return mupdfPromise;
}

function pixmapToGray(pix: import('mupdf').Pixmap): Gray {
  const w = pix.getWidth();
  const h = pix.getHeight();
  const src = pix.getPixels();
  const stride = pix.getStride();
  const n = Math.max(1, Math.round(stride / w));
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let o = y * stride;
    for (let x = 0; x < w; x++, o += n) {
      data[y * w + x] = n >= 3 ? (src[o]! * 299 + src[o + 1]! * 587 + src[o + 2]! * 114) / 1000 : src[o]!;
    }
  }
  return { width: w, height: h, data };
}

/**
 * Decodes a PNG or JPEG into grey pixels, refusing images above `maxPixels`. An image above `fitPixels`
 * is scaled down by MuPDF while decoding: a 600 dpi scan has far more pixels than OCR needs, and every
 * later step costs time per pixel.
 */
export async function decodeImage(bytes: Uint8Array, maxPixels: number, fitPixels = Infinity): Promise<Gray> {
  // Checked on the header first: MuPDF refuses (or tries to allocate) a decompression-bomb image before we can.
  const claimed = headerSize(bytes);
  if (claimed && claimed.w * claimed.h > maxPixels)
    throw new ReaderError('too-large', `The image is ${claimed.w}×${claimed.h} pixels, more than the limit`);
  const mupdf = await loadMuPdf();
  const img = new mupdf.Image(bytes);
  try {
    const w = img.getWidth();
    const h = img.getHeight();
    if (w * h > maxPixels)
      throw new ReaderError('too-large', `The image is ${w}×${h} pixels, more than the limit`);
    const pix = w * h > fitPixels ? drawScaled(mupdf, img, Math.sqrt(fitPixels / (w * h))) : img.toPixmap();
    try {
      return pixmapToGray(pix);
    } finally {
      pix.destroy();
    }
  } finally {
    img.destroy();
  }
}

/** Width and height as a PNG or JPEG header states them, without decoding anything. */
export function headerSize(bytes: Uint8Array): { w: number; h: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452)
    return { w: view.getUint32(16), h: view.getUint32(20) };
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return null;
  // JPEG: walk the segments to the first start-of-frame marker (C0–CF except C4, C8, CC).
  for (let i = 2; i + 9 < bytes.length; ) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { w: view.getUint16(i + 7), h: view.getUint16(i + 5) };
    i += 2 + view.getUint16(i + 2);
  }
  return null;
}

function drawScaled(mupdf: MuPdf, img: import('mupdf').Image, scale: number): import('mupdf').Pixmap {
  const w = Math.max(1, Math.round(img.getWidth() * scale));
  const h = Math.max(1, Math.round(img.getHeight() * scale));
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
  pix.clear(255);
  const dev = new mupdf.DrawDevice(mupdf.Matrix.identity, pix);
  try {
    dev.fillImage(img, [w, 0, 0, h, 0, 0], 1);
    dev.close();
  } finally {
    dev.destroy();
  }
  return pix;
}

/** Renders one PDF page (1-based) to grey pixels at `dpi`. */
export async function renderPdfPage(
  bytes: Uint8Array,
  page: number,
  dpi: number,
  maxPixels: number,
): Promise<Gray> {
  const mupdf = await loadMuPdf();
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const p = doc.loadPage(page - 1);
    try {
      const [x0, y0, x1, y1] = p.getBounds();
      let scale = dpi / 72;
      const px = (x1 - x0) * (y1 - y0) * scale * scale;
      if (px > maxPixels) scale *= Math.sqrt(maxPixels / px);
      const pix = p.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
      try {
        return pixmapToGray(pix);
      } finally {
        pix.destroy();
      }
    } finally {
      p.destroy();
    }
  } finally {
    doc.destroy();
  }
}

export class ReaderError extends Error {
  constructor(
    readonly code: 'too-large' | 'encrypted' | 'malformed' | 'unsupported' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** Bilinear resize. */
export function resize(img: Gray, scale: number): Gray {
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(w * h);
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(img.height - 1, (y + 0.5) * sy - 0.5);
    const y0 = Math.max(0, Math.floor(fy));
    const y1 = Math.min(img.height - 1, y0 + 1);
    const ty = Math.max(0, fy - y0);
    for (let x = 0; x < w; x++) {
      const fx = Math.min(img.width - 1, (x + 0.5) * sx - 0.5);
      const x0 = Math.max(0, Math.floor(fx));
      const x1 = Math.min(img.width - 1, x0 + 1);
      const tx = Math.max(0, fx - x0);
      const a = img.data[y0 * img.width + x0]! * (1 - tx) + img.data[y0 * img.width + x1]! * tx;
      const b = img.data[y1 * img.width + x0]! * (1 - tx) + img.data[y1 * img.width + x1]! * tx;
      out[y * w + x] = a * (1 - ty) + b * ty;
    }
  }
  return { width: w, height: h, data: out };
}

/** Otsu threshold of the histogram. */
export function otsu(img: Gray): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  const total = img.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let thr = 128;
  for (let i = 0; i < 256; i++) {
    wB += hist[i]!;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += i * hist[i]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      thr = i;
    }
  }
  return thr;
}

/**
 * Stretches contrast so that the darkest 1% is black and the lightest 1% white. On a page that is nearly all
 * paper (a last page holding the totals alone) ink is less than 1% of it, and the darkest 1% is the paper's own
 * grain: stretched black, the grain became speckles all over the page and Tesseract read no word. The black
 * point is then the darkest 0.1%, and never inside the grain (4 of its standard deviations under the paper).
 */
export function normalizeContrast(img: Gray): Gray {
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  const cut = img.data.length * 0.01;
  let lo = 0;
  let acc = 0;
  while (lo < 255 && acc + hist[lo]! < cut) acc += hist[lo++]!;
  const { peak, sd } = paperPeak(hist);
  const grainFrom = Math.floor(peak - 4 * sd);
  if (lo > grainFrom) {
    lo = 0;
    acc = 0;
    while (lo < grainFrom && acc + hist[lo]! < cut / 10) acc += hist[lo++]!;
  }
  let hi = 255;
  acc = 0;
  while (hi > 0 && acc + hist[hi]! < cut) acc += hist[hi--]!;
  if (hi - lo < 10) return img;
  const out = new Uint8Array(img.data.length);
  const k = 255 / (hi - lo);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, (img.data[i]! - lo) * k));
  return { ...img, data: out };
}

/** Black-and-white copy (Otsu). */
export function binarize(img: Gray, thr = otsu(img)): Gray {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i]! > thr ? 255 : 0;
  return { ...img, data: out };
}

/** Estimates the skew angle (degrees) by maximising the variance of row projections. */
export function estimateSkew(img: Gray, maxDeg = 5, step = 0.25): number {
  // work on a small copy for speed
  const scale = Math.min(1, 800 / Math.max(img.width, img.height));
  const small = scale < 1 ? resize(img, scale) : img;
  const thr = otsu(small);
  const pts: [number, number][] = [];
  for (let y = 0; y < small.height; y++)
    for (let x = 0; x < small.width; x++) if (small.data[y * small.width + x]! <= thr) pts.push([x, y]);
  if (pts.length < 50 || pts.length > small.width * small.height * 0.5) return 0;
  let bestAngle = 0;
  let bestScore = -1;
  const rows = new Float64Array(small.height * 2 + 10);
  for (let a = -maxDeg; a <= maxDeg + 1e-9; a += step) {
    const t = Math.tan((a * Math.PI) / 180);
    rows.fill(0);
    for (const [x, y] of pts) {
      // an integer index: with an odd height, `height / 2` made every row a miss and every angle score 0
      const r = Math.round(y + x * t) + (small.height >> 1);
      if (r >= 0 && r < rows.length) rows[r]!++;
    }
    let s = 0;
    for (let i = 1; i < rows.length; i++) s += (rows[i]! - rows[i - 1]!) ** 2;
    // on a tie the smaller angle wins: a page that gives no signal is left straight
    if (s > bestScore || (s === bestScore && Math.abs(a) < Math.abs(bestAngle))) {
      bestScore = s;
      bestAngle = a;
    }
  }
  return bestAngle;
}

/** Rotates by `deg` degrees around the centre (white background). */
export function rotate(img: Gray, deg: number): Gray {
  if (Math.abs(deg) < 0.1) return img;
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const { width: w, height: h } = img;
  const out = new Uint8Array(w * h).fill(255);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const sx = Math.round(cx + dx * c - dy * s);
      const sy = Math.round(cy + dx * s + dy * c);
      if (sx >= 0 && sy >= 0 && sx < w && sy < h) out[y * w + x] = img.data[sy * w + sx]!;
    }
  return { width: w, height: h, data: out };
}

/** Encodes grey pixels as PNG through MuPDF. */
export async function toPng(img: Gray): Promise<Uint8Array> {
  const mupdf = await loadMuPdf();
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, img.width, img.height], false);
  try {
    const px = pix.getPixels();
    const stride = pix.getStride();
    if (stride === img.width) px.set(img.data);
    else
      for (let y = 0; y < img.height; y++)
        px.set(img.data.subarray(y * img.width, (y + 1) * img.width), y * stride);
    return pix.asPNG().slice();
  } finally {
    pix.destroy();
  }
}

/** Encodes grey pixels as binary PGM, which Tesseract (Leptonica) reads directly. */
export function toPgm(img: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header, 0);
  out.set(img.data, header.length);
  return out;
}

/**
 * The median height in pixels of the dark blobs of an image (letters, for a page of text), by connected
 * components on a copy at most `maxSide` wide; 0 when there are too few blobs to tell.
 */
export function textHeight(img: Gray, maxSide = 1600): number {
  const scale = Math.min(1, maxSide / img.width);
  const g = scale < 1 ? resize(img, scale) : img;
  const { width: w, height: h } = g;
  // a local threshold: faint print next to a dark scanner border still counts as ink
  const ink = adaptiveBinarize(g, 41).data;
  const parent = new Int32Array(w * h).fill(-1);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (ink[i]) continue;
      parent[i] = i;
      const up = y > 0 && parent[i - w]! >= 0 ? find(i - w) : -1;
      const left = x > 0 && parent[i - 1]! >= 0 ? find(i - 1) : -1;
      if (up >= 0) parent[i] = up;
      if (left >= 0) {
        if (up >= 0 && up !== left) parent[Math.max(up, left)] = Math.min(up, left);
        parent[i] = Math.min(up >= 0 ? up : left, left);
      }
    }
  const top = new Map<number, [number, number, number, number]>();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (parent[i]! < 0) continue;
      const r = find(i);
      const b = top.get(r);
      if (!b) top.set(r, [x, y, x, y]);
      else {
        if (x < b[0]) b[0] = x;
        if (x > b[2]) b[2] = x;
        b[3] = y;
      }
    }
  // letters: taller than a speck, not a rule or a picture
  const hs = [...top.values()]
    .map(([x0, y0, x1, y1]) => [x1 - x0 + 1, y1 - y0 + 1] as const)
    .filter(([bw, bh]) => bh >= 4 && bh <= h / 10 && bw <= bh * 3)
    .map(([, bh]) => bh)
    .sort((a, b) => a - b);
  if (hs.length < 20) return 0;
  return hs[Math.floor(hs.length / 2)]! / scale;
}

/**
 * Black-and-white copy by the mean of a window around each pixel (Bradley): faint print on grey paper
 * or under a shadow stays readable where one global threshold loses it.
 */
export function adaptiveBinarize(img: Gray, window: number, t = 0.15): Gray {
  const { width: w, height: h } = img;
  const sum = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += img.data[y * w + x]!;
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1]! + row;
    }
  }
  const r = Math.max(1, Math.round(window / 2));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s =
        sum[y1 * (w + 1) + x1]! - sum[y0 * (w + 1) + x1]! - sum[y1 * (w + 1) + x0]! + sum[y0 * (w + 1) + x0]!;
      const mean = s / ((x1 - x0) * (y1 - y0));
      out[y * w + x] = img.data[y * w + x]! < mean * (1 - t) ? 0 : 255;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * How grainy the paper of a scan is: the mean absolute difference between neighbouring pixels where both
 * are paper (lighter than the Otsu threshold, away from ink edges), on a sample of rows. A rendered page is
 * 0; a phone scan or a photo of paper is several grey levels.
 */
export function paperNoise(img: Gray): number {
  const { width: w, height: h, data } = img;
  const thr = otsu(img);
  // paper well above the threshold: a step between paper and an ink edge is not grain
  const light = thr + (255 - thr) / 3;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < h; y += 4)
    for (let x = 0, i = y * w; x + 1 < w; x++, i++) {
      const a = data[i]!;
      const b = data[i + 1]!;
      if (a > light && b > light) {
        sum += Math.abs(a - b);
        n++;
      }
    }
  return n ? sum / n : 0;
}

/**
 * Smooths grain with a small Gaussian (1-2-1 in each direction). Tesseract's own threshold turns heavy grain
 * into speckles, and its page analysis then takes a whole noisy page for a picture and reads no word at all.
 */
export function denoise(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const tmp = new Uint16Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      tmp[i] = data[x > 0 ? i - 1 : i]! + 2 * data[i]! + data[x < w - 1 ? i + 1 : i]!;
    }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      out[i] = (tmp[y > 0 ? i - w : i]! + 2 * tmp[i]! + tmp[y < h - 1 ? i + w : i]! + 8) >> 4;
    }
  return { width: w, height: h, data: out };
}

/**
 * Maps the paper of a scan to white and stretches the ink below it: grey paper with the remains of grain
 * reads as a picture to Tesseract, and no row of it is blank where a page is cut between blocks.
 */
export function whitenPaper(img: Gray): Gray {
  const thr = otsu(img);
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  let n = 0;
  for (let v = thr + 1; v < 256; v++) n += hist[v]!;
  // a paper level a little below its median: most of the remaining grain turns white too
  let acc = 0;
  let paper = 255;
  for (let v = thr + 1; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= n * 0.1) {
      paper = v;
      break;
    }
  }
  // on heavy grain Otsu's threshold splits the paper itself (its light side is then all paper): the page
  // stayed grey and Tesseract read it as one picture, no word at all. The paper is then found from the
  // histogram's peak instead
  if (paper - thr < 5) paper = paperBelowPeak(hist);
  if (paper < 64 || paper >= 250) return img;
  const out = new Uint8Array(img.data.length);
  const k = 255 / paper;
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, img.data[i]! * k);
  return { ...img, data: out };
}

/**
 * A level below most of the paper's grain: the histogram's peak (ink covers a small share of a page) less
 * 1.3 standard deviations of the grain, measured on the peak's light side, where there is no ink (the median
 * distance above the peak × 1.48).
 */
function paperBelowPeak(hist: number[]): number {
  const { peak, sd } = paperPeak(hist);
  return Math.round(peak - 1.3 * sd);
}

/**
 * The paper's level (the histogram's peak: ink covers a small share of a page) and the standard deviation of its
 * grain, measured on the peak's light side, where there is no ink (the median distance above the peak × 1.48).
 */
function paperPeak(hist: number[]): { peak: number; sd: number } {
  let peak = 0;
  let best = -1;
  for (let v = 2; v < 254; v++) {
    const s = hist[v - 2]! + hist[v - 1]! + hist[v]! + hist[v + 1]! + hist[v + 2]!;
    if (s > best) {
      best = s;
      peak = v;
    }
  }
  let above = 0;
  for (let v = peak + 1; v < 256; v++) above += hist[v]!;
  let acc = 0;
  for (let v = peak + 1; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= above / 2) return { peak, sd: 1.48 * (v - peak) };
  }
  return { peak, sd: 0 };
}

/** Paper grain (see paperNoise) above which a scan is smoothed before OCR; a clean render stays sharp. */
const GRAINY = 3;

/** Whether a scan's paper is grainy enough to be smoothed before OCR (a phone scan, not a clean render). */
export const isGrainy = (img: Gray): boolean => paperNoise(normalizeContrast(img)) > GRAINY;

/** Cleans a scan for OCR: contrast stretch, grain smoothed, then deskew. */
export function cleanScan(img: Gray): Gray {
  let g = normalizeContrast(img);
  // heavy grain takes a second pass; more would blur small print
  let smoothed = false;
  for (let pass = 0; pass < 2 && paperNoise(g) > GRAINY; pass++) {
    g = denoise(g);
    smoothed = true;
  }
  if (smoothed) g = whitenPaper(g);
  const skew = estimateSkew(g);
  return Math.abs(skew) >= 0.3 ? rotate(g, -skew) : g;
}

const MAX_OCR_PIXELS = 3_500_000;

/**
 * Scales a scan so that its letters are about `letterPx` high, the size Tesseract reads best: small print
 * of a 100 dpi receipt is enlarged (at most `maxScale`), a 600 dpi scan shrunk, which also saves OCR time.
 * Images whose letters cannot be measured are left as they are.
 */
export function scaleToLetters(img: Gray, letterPx: number, maxScale = 2): Gray {
  const h = textHeight(img);
  if (!h) return img;
  // OCR time grows with pixels: beyond a long receipt's worth, letters stay smaller
  const cap = Math.sqrt(MAX_OCR_PIXELS / (img.width * img.height));
  const scale = Math.max(0.3, Math.min(maxScale, letterPx / h, Math.max(cap, 1)));
  return Math.abs(scale - 1) < 0.1 ? img : resize(img, scale);
}

/** The part of an image between page fractions (x0, y0) and (x1, y1). */
export function crop(img: Gray, x0: number, y0: number, x1: number, y1: number): Gray {
  const left = Math.max(0, Math.floor(x0 * img.width));
  const top = Math.max(0, Math.floor(y0 * img.height));
  const w = Math.max(1, Math.min(img.width, Math.ceil(x1 * img.width)) - left);
  const h = Math.max(1, Math.min(img.height, Math.ceil(y1 * img.height)) - top);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    out.set(img.data.subarray((top + y) * img.width + left, (top + y) * img.width + left + w), y * w);
  return { width: w, height: h, data: out };
}

/** Page fractions of a part of an image. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The longest run of true entries, bridging gaps of up to `gap`; [start, end) or undefined. */
function longestRun(on: boolean[], gap: number): [number, number] | undefined {
  let best: [number, number] | undefined;
  let start = -1;
  let last = -1;
  const close = () => {
    if (start >= 0 && (!best || last + 1 - start > best[1] - best[0])) best = [start, last + 1];
  };
  on.forEach((v, i) => {
    if (!v) return;
    if (start < 0 || i - last > gap + 1) {
      close();
      start = i;
    }
    last = i;
  });
  close();
  return best;
}

/** Width of the copy `paperOf` measures on: enough for a receipt's column and its printed lines. */
const PAPER_PROBE_WIDTH = 320;
/** Paper narrower than this share of the image is a slip on a scanner bed, not a page. */
const NARROW_PAPER = 0.6;

/**
 * Where a till receipt lies on a larger image: a narrow slip on an A4 scanner bed under the open lid's dark or
 * grey. The columns whose pixels are mostly paper-white must be a narrow run (a page gives undefined); inside it,
 * the rows and columns that carry ink, each as their longest run, with a margin. `whiteBed`: the paper may fill
 * the image, and a narrow run of print holding most of the ink is the slip (asked only of a page that read as
 * nearly empty: a page of print side by side could pass it).
 */
export function paperOf(img: Gray, whiteBed = false): Box | undefined {
  const g = resize(img, Math.min(1, PAPER_PROBE_WIDTH / img.width));
  const { width: w, height: h, data } = g;
  const sorted = Uint8Array.from(data).sort();
  const white = sorted[Math.floor(sorted.length * 0.95)]!;
  if (white < 96) return undefined;
  const paper = white * 0.82;
  const ink = white * 0.6;
  const bright = new Array<number>(w).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (data[y * w + x]! >= paper) bright[x]!++;
  const cols = longestRun(
    bright.map((n) => n >= h * 0.5),
    Math.ceil(w * 0.01),
  );
  // paper as wide as most of the image is a page, or a slip on a white bed (looked for only when asked)
  if (!cols || (!whiteBed && cols[1] - cols[0] >= NARROW_PAPER * w)) return undefined;
  // ink inside the paper's columns, leaving out rows inked across most of them (a rule, the scanner's edge):
  // columns with ink in two rows or more, their longest run bridging the gaps between a slip's columns
  const dark = (x: number, y: number) => data[y * w + x]! < ink;
  const ruled = (y: number) => {
    let n = 0;
    for (let x = cols[0]; x < cols[1]; x++) if (dark(x, y)) n++;
    return n > (cols[1] - cols[0]) / 2;
  };
  const rows = Array.from({ length: h }, (_, y) => !ruled(y));
  const inkCol = new Array<number>(w).fill(0);
  for (let y = 0; y < h; y++)
    if (rows[y]) for (let x = cols[0] + 2; x < cols[1] - 2; x++) if (dark(x, y)) inkCol[x]!++;
  const inkCols = longestRun(
    inkCol.map((n) => n >= 2),
    Math.ceil(w * 0.03),
  );
  if (!inkCols) return undefined;
  // on a white bed the print alone tells the slip: one narrow run holding most of it (punched holes and a
  // stamp beside a slip held a quarter; a page's columns side by side hold more)
  const inkIn = (from: number, to: number) => inkCol.slice(from, to).reduce((t, n) => t + n, 0);
  if (
    whiteBed &&
    (inkCols[1] - inkCols[0] >= NARROW_PAPER * w || inkIn(inkCols[0], inkCols[1]) < 0.7 * inkIn(0, w))
  )
    return undefined;
  const inkRow = new Array<number>(h).fill(0);
  for (let y = 0; y < h; y++) for (let x = inkCols[0]; x < inkCols[1]; x++) if (dark(x, y)) inkRow[y]!++;
  const inkRows = longestRun(
    inkRow.map((n, y) => n > 0 && rows[y]!),
    // a slip's blank stretches (between the sale and the card payment) are part of it
    Math.ceil(h * 0.15),
  );
  if (!inkRows) return undefined;
  const m = 0.015;
  return {
    x0: Math.max(0, inkCols[0] / w - m),
    x1: Math.min(1, inkCols[1] / w + m),
    y0: Math.max(0, inkRows[0] / h - m),
    y1: Math.min(1, inkRows[1] / h + m),
  };
}

/** A full-size white image with `part` placed at `box` (for passes that crop by page fractions later). */
export function placeOnWhite(size: { width: number; height: number }, part: Gray, box: Box): Gray {
  const out = new Uint8Array(size.width * size.height).fill(255);
  const left = Math.floor(box.x0 * size.width);
  const top = Math.floor(box.y0 * size.height);
  const w = Math.min(part.width, size.width - left);
  for (let y = 0; y < Math.min(part.height, size.height - top); y++)
    out.set(part.data.subarray(y * part.width, y * part.width + w), (top + y) * size.width + left);
  return { ...size, data: out };
}
