import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Gray, toPgm, toPng } from './image.js';
import type { Word } from './types.js';

export const OCR_LANGS = ['eng', 'deu', 'fra', 'nld'] as const;

export interface OcrOptions {
  /** Tesseract page-segmentation mode (4 = single column, 6 = uniform block, 11 = sparse text). */
  psm: number;
  langs?: readonly string[];
  /** 'auto' uses the native binary when installed, else tesseract.js */
  engine?: 'auto' | 'native' | 'wasm';
  timeoutMs?: number;
}

export interface OcrWord extends Word {
  conf: number;
  line: string;
}

let nativeChecked: string[] | null | undefined;
/** The languages the native `tesseract` binary has, or null when it is not installed. */
export function nativeTesseractLangs(): string[] | null {
  if (nativeChecked !== undefined) return nativeChecked;
  try {
    const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 5000 });
    nativeChecked =
      r.status === 0
        ? r.stdout
            .split('\n')
            .slice(1)
            .map((s) => s.trim())
            .filter(Boolean)
        : null;
  } catch {
    nativeChecked = null;
  }
  return nativeChecked;
}

/**
 * Fixes common OCR slips inside numbers: "o.00" → "0.00", "~50.00" → "50.00", "1O,5O" → "10,50", and an
 * amount whose decimal separator a blurred scan lost after its thousands groups: "6.43936" → "6.439,36".
 */
export function cleanOcrToken(t: string): string {
  // a lone sign glyph OCR makes of a speck or a rule's end ("26,471,283 ©"): no printed value is one
  if (/^[©®™¤¢]+$/.test(t)) return '';
  // ... or beside a currency sign ("335,658.15 ¢€")
  if (/^[©®™¤¢]+[€$£]$|^[€$£][©®™¤¢]+$/.test(t)) return t.replace(/[©®™¤¢]/g, '');
  const stripped = t.replace(/^[~“”"'`‘’^*»«]+(?=[\dOo.,-])/, '');
  // the decimal separator read as the thousands one ("11.879.36"): no amount prints one separator twice before
  // two final digits, so the last one is the decimal separator
  const same = /^([-(]?\d{1,3}(?:([.,])\d{3})+)\2(\d{2}\)?)$/.exec(stripped);
  if (same) return `${same[1]}${same[2] === '.' ? ',' : '.'}${same[3]}`;
  if (/^[-(]?[\dOoIl]*\d[\dOoIl]*[.,]\d[\dOo]?\)?$|^[Oo][.,]\d{2}$/.test(stripped) && /[.,]/.test(stripped))
    return stripped.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  return lostDecimal(stripped);
}

/**
 * A group of five digits after a thousands separator is never printed: it is a group of three and the cents
 * of an amount whose decimal comma or point (a few pixels) the blur took. The decimal separator is the other
 * one of "." and "," (a point after apostrophe groups).
 */
function lostDecimal(t: string): string {
  const m = /^([-(]?\d{1,3}(?:([.,'’])\d{3})*)([.,'’])(\d{3})(\d{2})(\)?)$/.exec(t);
  if (!m || (m[2] && m[2] !== m[3])) return t;
  const dec = m[3] === '.' ? ',' : '.';
  return `${m[1]}${m[3]}${m[4]}${dec}${m[5]}${m[6]}`;
}

/** The words worth keeping: read with some confidence, or holding a digit (an amount read unsurely still counts). */
export function wordsOf(ocr: OcrWord[]): Word[] {
  return ocr.filter((w) => w.conf > 0.1 || /\d/.test(w.text));
}

/** Parses Tesseract TSV output into words with page-fraction positions. */
export function parseTsv(tsv: string, width: number, height: number, page: number): OcrWord[] {
  const out: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = cleanOcrToken((c[11] ?? '').trim());
    if (!text) continue;
    const left = +c[6]!;
    const top = +c[7]!;
    const w = +c[8]!;
    const h = +c[9]!;
    out.push({
      text,
      page,
      x0: left / width,
      y0: top / height,
      x1: (left + w) / width,
      y1: (top + h) / height,
      conf: +c[10]! / 100,
      line: `${c[2]}.${c[3]}.${c[4]}`,
    });
  }
  return joinSplitDecimals(out, width, height);
}

/**
 * Joins an amount that OCR split after its decimal separator ("382.349," and "62" → "382.349,62"): on a
 * blurred scan the separator's dot or comma leaves a gap Tesseract takes for a space, and neither half is an
 * amount then. Only two decimals right after a separator, on the same OCR line, closer than a letter's height.
 */
export function joinSplitDecimals(words: OcrWord[], width: number, height: number): OcrWord[] {
  const out: OcrWord[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.line === w.line &&
      ((/\d[.,]$/.test(prev.text) && /^\d{2}(?!\d)/.test(w.text) && w.text.length <= 4) ||
        // the separator itself lost ("€828.807" and "41"): after thousands groups, two digits alone
        (/\d{1,3}(?:[.,']\d{3})+$/.test(prev.text) && /^\d{2}$/.test(w.text))) &&
      (w.x0 - prev.x1) * width < (prev.y1 - prev.y0) * height
    ) {
      const group = /([.,'])\d{3}$/.exec(prev.text)?.[1];
      const sep = /[.,]$/.test(prev.text) ? '' : group === ',' ? '.' : ',';
      out[out.length - 1] = {
        ...prev,
        text: prev.text + sep + w.text,
        x1: w.x1,
        y0: Math.min(prev.y0, w.y0),
        y1: Math.max(prev.y1, w.y1),
        conf: Math.min(prev.conf, w.conf),
      };
      continue;
    }
    out.push(w);
  }
  return joinAcrossBlocks(out, width, height);
}

/** The block of an OCR line id ("block.paragraph.line"): two lines of one block are two lines of text. */
const blockOf = (line: string) => line.split('.').slice(0, -2).join('.');

/**
 * The same split amount when Tesseract set its two halves in different blocks ("289." and "10", each a line of
 * its own: the gap the blurred separator left can cut a narrow amount column in two blocks, and the cents'
 * block comes later in reading order): joined where the two stand on one baseline (their boxes overlapping by
 * most of a letter's height), the cents right of the separator closer than a letter's height. Without this
 * the row keeps only the cents as its amount.
 */
function joinAcrossBlocks(words: OcrWord[], width: number, height: number): OcrWord[] {
  const heads = words.filter((w) => /\d[.,]$/.test(w.text));
  if (!heads.length) return words;
  const gone = new Set<OcrWord>();
  const joined = new Map<OcrWord, OcrWord>();
  for (const w of words) {
    if (!/^\d{2}(?!\d)/.test(w.text) || w.text.length > 4) continue;
    const head = heads.find((h) => {
      const cur = joined.get(h) ?? h;
      const lh = Math.min(cur.y1 - cur.y0, w.y1 - w.y0);
      return (
        !gone.has(h) &&
        /\d[.,]$/.test(cur.text) &&
        blockOf(h.line) !== blockOf(w.line) &&
        h.page === w.page &&
        Math.min(cur.y1, w.y1) - Math.max(cur.y0, w.y0) >= lh * 0.6 &&
        w.x0 >= cur.x1 &&
        (w.x0 - cur.x1) * width < (cur.y1 - cur.y0) * height
      );
    });
    if (!head) continue;
    const cur = joined.get(head) ?? head;
    joined.set(head, {
      ...cur,
      text: cur.text + w.text,
      x1: w.x1,
      y0: Math.min(cur.y0, w.y0),
      y1: Math.max(cur.y1, w.y1),
      conf: Math.min(cur.conf, w.conf),
    });
    gone.add(w);
  }
  if (!gone.size) return words;
  return words.filter((w) => !gone.has(w)).map((w) => joined.get(w) ?? w);
}

function runNative(image: Uint8Array, psm: number, langs: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'tesseract',
      // no `-c` settings: any one makes Tesseract about 10 % slower, and the defaults are what we need
      ['stdin', 'stdout', '--psm', String(psm), '-l', langs, 'tsv'],
      {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('OCR timed out'));
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', () => {});
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`tesseract exited with ${code}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.from(image));
  });
}

/**
 * Builds a folder with the npm traineddata files so tesseract.js never looks at a CDN. It links into this
 * checkout's node_modules, so each checkout has its own folder: one shared by two clones would point into
 * whichever clone came first, and break when that clone is removed.
 */
function wasmLangPath(langs: readonly string[]): string {
  const require = createRequire(import.meta.url);
  const checkout = createHash('sha256')
    .update(import.meta.dirname)
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(os.tmpdir(), `orderbridge-tessdata-${process.getuid?.() ?? 0}-${checkout}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const l of langs) {
    const target = path.join(dir, `${l}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${l}/package.json`));
    const src = path.join(pkg, '4.0.0_best_int', `${l}.traineddata.gz`);
    try {
      fs.symlinkSync(src, `${target}.${process.pid}`);
      fs.renameSync(`${target}.${process.pid}`, target);
    } catch {
      fs.copyFileSync(src, target);
    }
  }
  return dir;
}

type TWorker = import('tesseract.js').Worker;
/**
 * tesseract.js workers per language set, each in its own thread and kept warm (the traineddata loaded once):
 * two, so that the two halves of a page are read on both cores at once.
 */
export const WASM_WORKERS = 2;
interface WasmSet {
  idle: TWorker[];
  made: Promise<TWorker>[];
  waiting: ((w: TWorker) => void)[];
}
const wasmSets = new Map<string, WasmSet>();

function wasmSet(langs: readonly string[]): WasmSet {
  const key = langs.join('+');
  let set = wasmSets.get(key);
  if (!set) {
    set = { idle: [], made: [], waiting: [] };
    wasmSets.set(key, set);
  }
  return set;
}

async function createWasmWorker(langs: readonly string[]): Promise<TWorker> {
  const T = await import('tesseract.js');
  // OEM 1 (LSTM only): tesseract.js then loads its smaller LSTM-only core
  return T.createWorker([...langs], 1, {
    langPath: wasmLangPath(langs),
    cacheMethod: 'none',
    gzip: true,
    logger: () => {},
  });
}

/** An idle worker for `langs`: a warm one, a new one while there are fewer than WASM_WORKERS, else the next freed. */
async function acquireWasm(langs: readonly string[]): Promise<TWorker> {
  const set = wasmSet(langs);
  const idle = set.idle.pop();
  if (idle) return idle;
  if (set.made.length < WASM_WORKERS) {
    const made = createWasmWorker(langs);
    set.made.push(made);
    try {
      return await made;
    } catch (e) {
      set.made.splice(set.made.indexOf(made), 1);
      throw e;
    }
  }
  return new Promise((resolve) => set.waiting.push(resolve));
}

function releaseWasm(langs: readonly string[], w: TWorker): void {
  const set = wasmSet(langs);
  const next = set.waiting.shift();
  if (next) next(w);
  else set.idle.push(w);
}

/**
 * Starts the tesseract.js workers for `langs` in the background (no-op with the native binary), so that
 * loading the engine and its traineddata overlaps decoding and cleaning the image instead of following it.
 */
export function warmOcr(langs: readonly string[] = ['eng'], engine: OcrOptions['engine'] = 'auto'): void {
  if (engine !== 'wasm' && nativeTesseractLangs()) return;
  const set = wasmSet(langs);
  while (set.made.length < WASM_WORKERS) {
    const made = createWasmWorker(langs);
    set.made.push(made);
    made.then(
      // closed meanwhile: closeOcr terminates it
      (w) => wasmSets.get(langs.join('+')) === set && releaseWasm(langs, w),
      () => set.made.splice(set.made.indexOf(made), 1),
    );
  }
}

/** Stops tesseract.js workers (lets the process or worker thread exit). */
export async function closeOcr(): Promise<void> {
  const made = [...wasmSets.values()].flatMap((s) => s.made);
  wasmSets.clear();
  for (const w of made) await (await w.catch(() => null))?.terminate().catch(() => {});
}

/** OCRs one grey image: native `tesseract` when present, else tesseract.js with the npm traineddata. */
export async function ocrImage(img: Gray, page: number, opts: OcrOptions): Promise<OcrWord[]> {
  const wanted = opts.langs ?? OCR_LANGS;
  const native = opts.engine === 'wasm' ? null : nativeTesseractLangs();
  if (native && wanted.some((l) => native.includes(l))) {
    const langs = wanted.filter((l) => native.includes(l)).join('+');
    // uncompressed PGM: no encoding cost, Leptonica reads it from stdin
    const tsv = await runNative(toPgm(img), opts.psm, langs, opts.timeoutMs ?? 60_000);
    return parseTsv(tsv, img.width, img.height, page);
  }
  if (opts.engine === 'native') throw new Error('native tesseract is not installed');
  const png = await toPng(img);
  const w = await acquireWasm(wanted);
  try {
    await w.setParameters({ tessedit_pageseg_mode: String(opts.psm) as never });
    const r = await w.recognize(Buffer.from(png), {}, { tsv: true, text: false, blocks: false });
    return parseTsv(r.data.tsv ?? '', img.width, img.height, page);
  } finally {
    releaseWasm(wanted, w);
  }
}

/** Smallest blank band (share of the height) a page is split at: a gap between lines of text. */
const MIN_GAP = 0.004;
/** White rows added above and below each half: Tesseract reads a line touching the image's edge worse. */
const PAD = 24;

/**
 * The row at which a page image can be cut in two without cutting a line of text: the middle of the widest
 * blank band (no dark pixel in the row) in the page's middle third, so the cut falls between blocks (header,
 * table, totals) rather than between two rows of a table; the one nearest the middle on a tie; null when none.
 */
export function blankRowNearMiddle(img: Gray): number | null {
  const { width: w, height: h } = img;
  const from = Math.floor(h / 3);
  const to = Math.ceil((2 * h) / 3);
  const minRun = Math.max(3, Math.round(h * MIN_GAP));
  let best: { mid: number; run: number } | null = null;
  let run = 0;
  for (let y = from; y <= to; y++) {
    let blank = y < to;
    if (blank)
      for (let x = 0, o = y * w; x < w; x++, o++)
        if (img.data[o]! < 128) {
          blank = false;
          break;
        }
    if (blank) run++;
    else {
      const mid = y - Math.ceil(run / 2);
      if (
        run >= minRun &&
        (!best || run > best.run || (run === best.run && Math.abs(mid - h / 2) < Math.abs(best.mid - h / 2)))
      )
        best = { mid, run };
      run = 0;
    }
  }
  return best?.mid ?? null;
}

/** Rows `top` to `bottom` of an image, with PAD white rows above and below. */
function padded(img: Gray, top: number, bottom: number): Gray {
  const data = new Uint8Array(img.width * (bottom - top + 2 * PAD)).fill(255);
  data.set(img.data.subarray(top * img.width, bottom * img.width), PAD * img.width);
  return { width: img.width, height: bottom - top + 2 * PAD, data };
}

/**
 * OCRs a page image as two halves at once, cut at a blank band near its middle: each half in its own
 * tesseract.js worker or native process, so a page takes about half the time on two cores. Positions are
 * page fractions as for one pass; a page without such a band is read whole.
 */
export async function ocrPage(img: Gray, page: number, opts: OcrOptions): Promise<OcrWord[]> {
  const cut = blankRowNearMiddle(img);
  if (cut === null) return ocrImage(img, page, opts);
  const halves = [
    { top: 0, bottom: cut },
    { top: cut, bottom: img.height },
  ];
  const read = await Promise.all(halves.map((r) => ocrImage(padded(img, r.top, r.bottom), page, opts)));
  return read.flatMap((words, i) => {
    const { top, bottom } = halves[i]!;
    // from fractions of the padded half to fractions of the page
    const k = (bottom - top + 2 * PAD) / img.height;
    const t = (top - PAD) / img.height;
    return words.map((w) => ({ ...w, y0: t + w.y0 * k, y1: t + w.y1 * k, line: `${i}.${w.line}` }));
  });
}
