// Page timings: a text-layer page, one OCR pass compared with the native tesseract CLI on the same image,
// and every image document of the corpus read whole (all passes).
//   npx tsx bench/reader/timing.ts [CORPUS_DIR] [--pages | --rendered]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanScan, decodeImage, toPng } from '../../packages/reader/src/image.ts';
import { closeOcr, nativeTesseractLangs, readDocument } from '../../packages/reader/src/index.ts';
import { ocrImage } from '../../packages/reader/src/ocr.ts';
import { docs } from './common.ts';

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const best = (xs: number[]) => Math.min(...xs);
const time = async (n: number, f: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    xs.push(performance.now() - t);
  }
  return { med: median(xs), min: best(xs) };
};

console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
// text-layer pages: every one-page text PDF of the corpus, warm (pdf.js loaded), median of 5 reads each
const textPdfs = fs.readdirSync(docs).filter((f) => f.endsWith('.pdf'));
const perPage: number[] = [];
await readDocument(new Uint8Array(fs.readFileSync(path.join(docs, textPdfs[0]!))), {});
for (const f of textPdfs) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(docs, f)));
  const first = await readDocument(bytes, {});
  if (first.source !== 'text') continue;
  const ms = await time(5, () => readDocument(bytes, {}));
  perPage.push(ms.med / first.pages);
}
console.log(
  `text-layer page: median ${median(perPage).toFixed(0)} ms, worst ${Math.max(...perPage).toFixed(0)} ms per page over ${perPage.length} PDFs`,
);

// one OCR pass (our clean-up excluded: the same prepared image goes to both) vs the native CLI
const native = nativeTesseractLangs();
if (!native)
  console.log('native tesseract not installed: OCR runs on tesseract.js (WASM), as on a fresh clone');
const images = ['fx107-f20220024-render.png', 'sroie-000.jpg', 'sroie-100.jpg'].filter((f) =>
  fs.existsSync(path.join(docs, f)),
);
// without the native binary there is nothing to compare a pass with
for (const f of native ? images : []) {
  const img = cleanScan(await decodeImage(new Uint8Array(fs.readFileSync(path.join(docs, f))), 1e9));
  const png = path.join(os.tmpdir(), `bench-${f}.png`);
  fs.writeFileSync(png, await toPng(img));
  // alternated, best of 7 each: this machine's speed drifts by ±30 % from minute to minute
  const ours: number[] = [];
  const cli: number[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push((await time(1, () => ocrImage(img, 1, { psm: 6, langs: ['eng'] }))).min);
    cli.push(
      (
        await time(1, async () =>
          spawnSync('tesseract', [png, 'stdout', '--psm', '6', '-l', 'eng', 'tsv'], {
            env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          }),
        )
      ).min,
    );
  }
  console.log(
    `${f} (${img.width}×${img.height}): one OCR pass ${best(ours).toFixed(0)} ms, tesseract CLI ${best(cli).toFixed(0)} ms (alternated, best of 7 each), ratio ${(best(ours) / best(cli)).toFixed(2)}`,
  );
}

// whole image documents, all passes included: every image of the corpus (--pages: only the page images of
// invoices and orders, not the receipts; --rendered: only the rendered invoice pages, a quick run), read once
// in this thread with each engine there is: native tesseract when installed, tesseract.js always
const pagesOnly = process.argv.includes('--pages');
const renderedOnly = process.argv.includes('--rendered');
const isReceipt = (f: string) => {
  const t = path.join(docs, '../truth', `${f.replace(/\.[^.]+$/, '')}.json`);
  return fs.existsSync(t) && JSON.parse(fs.readFileSync(t, 'utf8')).kind === 'receipt';
};
const imageFiles = fs
  .readdirSync(docs)
  .filter(
    (f) =>
      /\.(?:png|jpe?g)$/i.test(f) && !(pagesOnly && isReceipt(f)) && !(renderedOnly && !/-render\./.test(f)),
  );
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
// wall clock, and the CPU time of this process (all its threads: the reader and tesseract's workers), which
// the other processes of a shared machine do not inflate; the native binary runs in child processes, whose
// CPU time `process.resourceUsage` does not count, so it is taken from the children's rusage
const childCpu = () => {
  if (!fs.existsSync('/proc/self/stat')) return 0;
  const r = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime + cstime, in clock ticks (100 a second)
  return ((Number(r[13]) || 0) + (Number(r[14]) || 0)) * 10;
};
for (const engine of native ? (['native', 'wasm'] as const) : (['wasm'] as const)) {
  // one read first: the engine and its traineddata loaded, as in a running reader
  await readDocument(new Uint8Array(fs.readFileSync(path.join(docs, imageFiles[0]!))), { ocrEngine: engine });
  const whole: { f: string; ms: number; cpu: number }[] = [];
  const before = load();
  for (const f of imageFiles) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(docs, f)));
    const t = performance.now();
    const c = process.cpuUsage();
    const cc = childCpu();
    await readDocument(bytes, { ocrEngine: engine });
    const u = process.cpuUsage(c);
    whole.push({ f, ms: performance.now() - t, cpu: (u.user + u.system) / 1000 + childCpu() - cc });
  }
  whole.sort((a, b) => a.ms - b.ms);
  const at = (q: number) => whole[Math.min(whole.length - 1, Math.floor(q * whole.length))]!.ms;
  console.log(
    `${engine === 'native' ? 'native tesseract' : 'tesseract.js'}, load average ${before} before, ${load()} after; whole image documents (${whole.length}): median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, slowest ${whole
      .slice(-3)
      .reverse()
      .map((w) => `${w.f} ${w.ms.toFixed(0)} ms`)
      .join(
        ', ',
      )}; CPU time median ${median(whole.map((w) => w.cpu)).toFixed(0)} ms, slowest ${Math.max(...whole.map((w) => w.cpu)).toFixed(0)} ms`,
  );
}
await closeOcr();
