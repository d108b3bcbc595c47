import { spawn, spawnSync } from 'node:child_process';
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

/** Fixes common OCR slips inside numbers: "o.00" → "0.00", "~50.00" → "50.00", "1O,5O" → "10,50". */
export function cleanOcrToken(t: string): string {
  const stripped = t.replace(/^[~“”"'`‘’^*»«]+(?=[\dOo.,-])/, '');
  if (/^[-(]?[\dOoIl]*\d[\dOoIl]*[.,]\d[\dOo]?\)?$|^[Oo][.,]\d{2}$/.test(stripped) && /[.,]/.test(stripped))
    return stripped.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  return stripped;
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
  return out;
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

/** Builds a folder with the npm traineddata files so tesseract.js never looks at a CDN. */
function wasmLangPath(langs: readonly string[]): string {
  const require = createRequire(import.meta.url);
  const dir = path.join(os.tmpdir(), `orderbridge-tessdata-${process.getuid?.() ?? 0}`);
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
const wasmWorkers = new Map<string, Promise<TWorker>>();
async function wasmWorker(langs: readonly string[]): Promise<TWorker> {
  const key = langs.join('+');
  let w = wasmWorkers.get(key);
  if (!w) {
    w = (async () => {
      const T = await import('tesseract.js');
      return T.createWorker([...langs], 1, {
        langPath: wasmLangPath(langs),
        cacheMethod: 'none',
        gzip: true,
        logger: () => {},
      });
    })();
    wasmWorkers.set(key, w);
  }
  return w;
}

/** Stops tesseract.js workers (lets the process or worker thread exit). */
export async function closeOcr(): Promise<void> {
  const ws = [...wasmWorkers.values()];
  wasmWorkers.clear();
  for (const w of ws) await (await w).terminate().catch(() => {});
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
  const w = await wasmWorker(wanted);
  await w.setParameters({ tessedit_pageseg_mode: String(opts.psm) as never });
  const r = await w.recognize(Buffer.from(png), {}, { tsv: true, text: false, blocks: false });
  return parseTsv(r.data.tsv ?? '', img.width, img.height, page);
}
