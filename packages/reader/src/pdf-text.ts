import type { PageWords, Word } from './types.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;
/** Loads pdf.js once (legacy build: the one meant for Node). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

export interface PdfTextResult {
  pages: PageWords[];
  numPages: number;
  attachments: { name: string; content: Uint8Array }[];
}

export interface PdfTextOptions {
  maxPages: number;
  password?: string;
}

/** Splits a pdf.js text item into words, spreading the item's width over its characters. */
function splitItem(
  str: string,
  x: number,
  yTop: number,
  w: number,
  h: number,
  page: number,
  pw: number,
  ph: number,
): Word[] {
  const out: Word[] = [];
  const n = str.length;
  if (!n) return out;
  const cw = w / n;
  for (const m of str.matchAll(/\S+/g)) {
    const x0 = x + m.index * cw;
    out.push({
      text: m[0],
      page,
      x0: x0 / pw,
      x1: (x0 + m[0].length * cw) / pw,
      y0: yTop / ph,
      y1: (yTop + h) / ph,
    });
  }
  return out;
}

/** Reads the text layer of every page (words with positions) and the file attachments of a PDF. */
export async function readPdfText(bytes: Uint8Array, opts: PdfTextOptions): Promise<PdfTextResult> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    password: opts.password,
  });
  const doc = await task.promise;
  try {
    const pages: PageWords[] = [];
    const n = Math.min(doc.numPages, opts.maxPages);
    for (let p = 1; p <= n; p++) {
      const page = await doc.getPage(p);
      const vp = page.getViewport({ scale: 1 });
      const tc = await page.getTextContent();
      const words: Word[] = [];
      for (const item of tc.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const tr = pdfjs.Util.transform(vp.transform, item.transform) as number[];
        const fontH = Math.hypot(tr[2] ?? 0, tr[3] ?? 0) || item.height || 8;
        // skip rotated text (watermarks, side notes): they confuse line grouping
        if (Math.abs(tr[1] ?? 0) > 0.1 * Math.abs(tr[0] ?? 1)) continue;
        const x = tr[4] ?? 0;
        const yBase = tr[5] ?? 0;
        const w = item.width * (vp.scale || 1);
        words.push(...splitItem(item.str, x, yBase - fontH * 0.8, w, fontH, p, vp.width, vp.height));
      }
      pages.push({ page: p, width: vp.width, height: vp.height, words, source: 'text' });
      page.cleanup();
    }
    const attachments: { name: string; content: Uint8Array }[] = [];
    try {
      const att = (await doc.getAttachments()) as Record<
        string,
        { filename: string; content: Uint8Array }
      > | null;
      if (att) for (const v of Object.values(att)) attachments.push({ name: v.filename, content: v.content });
    } catch {
      // attachments are optional; a broken name tree must not stop reading the pages
    }
    return { pages, numPages: doc.numPages, attachments };
  } finally {
    await doc.destroy();
  }
}
