// Generated layouts: a fresh set of invoices, credit notes and orders of layouts nobody has seen (see
// generator.ts), read with the CLI and scored with the corpus scorer. A fresh seed each run unless --seed.
//   npx tsx bench/reader/generated.ts [--seed N] [--docs 40] [--scans 8] [--verbose] [--dry] [--reader REPO]
//     [--phone]  (scans as the phone scans of issue 18: 200 dpi, ±1.6°, blurred, grain)
//     [--raw-confidence]  (fields keep their uncalibrated confidence: the input of calibration.ts --write)
//     [--own]  (each document is read knowing its buyer's name, as the API knows the uploading shop: the CLI's
//              --own; a checkout whose CLI predates it reads the map file as one more document)
//     [--timeout S]  (the CLI's time limit per document, 300 s unless given)
// --reader: read with the CLI of another checkout (e.g. main), to compare two versions on the same documents.
// GENERATOR_LABELS=unseen: header and totals labels also from held-out words the reader is not taught
// (generator.ts UNSEEN_LABEL), to measure reading and confidence under labels it does not know; `unseen2` and
// `unseen3` draw the second and third held-out sets, each written before the rules it judges.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freshOut, root, scoreExtraction } from './common.ts';
import { makeTruth, renderPdf, rng, scannedDoc, truthOf } from './generator.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const seed = arg('--seed', Math.floor(Math.random() * 2 ** 31));
const nDocs = arg('--docs', 40);
const nScans = arg('--scans', 8);
const phone = process.argv.includes('--phone');
const withOwn = process.argv.includes('--own');
const out = freshOut(`generated-${seed}`);
const dirs = Object.fromEntries(
  ['docs', 'truth', 'pred'].map((d) => {
    fs.mkdirSync(path.join(out, d));
    return [d, path.join(out, d)];
  }),
) as Record<'docs' | 'truth' | 'pred', string>;

const r = rng(seed);
const files: string[] = [];
/** the uploading shop of each document (--own): its buyer, by the name the truth gives it */
const owners: Record<string, { role: 'buyer'; name: string }> = {};
for (let i = 0; i < nDocs; i++) {
  const scan = i < nScans;
  const id = `gen-${seed}-${String(i).padStart(3, '0')}${scan ? '-scan' : ''}`;
  const d = makeTruth(r, id, scan ? 15 : 60);
  const pdf = await renderPdf(r, d);
  const scanned = scan ? await scannedDoc(r, pdf, phone) : undefined;
  const format = scanned?.format ?? 'pdf';
  const file = path.join(dirs.docs, `${id}.${format}`);
  fs.writeFileSync(file, scanned?.bytes ?? pdf.bytes);
  files.push(file);
  owners[path.basename(file)] = { role: 'buyer', name: d.buyer.name };
  fs.writeFileSync(
    path.join(dirs.truth, `${id}.json`),
    JSON.stringify(truthOf(d, pdf.printed, pdf.pages, format, !scan), null, 1),
  );
}
console.log(`seed ${seed}: ${nDocs} documents (${nScans} scanned) in ${out}`);
// --dry: only write the documents and their truth (to look at them)
if (process.argv.includes('--dry')) process.exit(0);
const t0 = performance.now();
const readerAt = process.argv.indexOf('--reader');
const extra = process.argv.includes('--raw-confidence') ? ['--raw-confidence'] : [];
if (withOwn) {
  const ownFile = path.join(out, 'own.json');
  fs.writeFileSync(ownFile, JSON.stringify(owners, null, 1));
  extra.push('--own', ownFile);
}
execFileSync(
  'npm',
  [
    'run',
    '--silent',
    'read',
    '--',
    ...files,
    '--out',
    dirs.pred,
    '--timeout',
    String(arg('--timeout', 300)),
    ...extra,
  ],
  {
    cwd: readerAt >= 0 ? path.resolve(process.argv[readerAt + 1]!) : root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const seconds = (performance.now() - t0) / 1000;
console.log(
  scoreExtraction(dirs.pred, {
    truth: dirs.truth,
    json: path.join(out, 'score.json'),
    verbose: process.argv.includes('--verbose'),
  }),
);
console.log(`seed ${seed}: read in ${seconds.toFixed(1)} s${withOwn ? ' (knowing each buyer: --own)' : ''}`);
