// Learning from one correction on layouts nobody has seen: for each generated supplier, two documents of one
// layout (generator.ts: same parties, label words, positions and columns; new numbers, dates and lines). The
// first one's truth is the person's correction (`npm run learn`); the second is read with the learned layout
// and without, and both readings are scored with the corpus scorer. A fresh seed each run unless --seed.
//   npx tsx bench/reader/generated-learning.ts [--seed N] [--suppliers 20] [--verbose]
//     [--scans]  (both documents of a layout as page images with scan noise, as generated.ts makes them)
//     [--phone]  (as the phone scans of issue 18; implies --scans)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freshOut, root, scoreExtraction, tools } from './common.ts';
import { makeTruth, renderPdf, rng, scannedDoc, truthOf } from './generator.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const seed = arg('--seed', Math.floor(Math.random() * 2 ** 31));
const nSuppliers = arg('--suppliers', 20);
const phone = process.argv.includes('--phone');
const scans = phone || process.argv.includes('--scans');
const out = freshOut(`generated-learning-${seed}`);
const dir = (d: string) => {
  fs.mkdirSync(path.join(out, d), { recursive: true });
  return path.join(out, d);
};
const [docs, truth, corrected, profiles] = ['docs', 'truth', 'corrected', 'profiles'].map(dir) as [
  string,
  string,
  string,
  string,
];

const r = rng(seed);
const pairs: { supplier: string; first: string; second: string }[] = [];
const files = new Map<string, string>();
for (let i = 0; i < nSuppliers; i++) {
  const layoutSeed = Math.floor(r() * 2 ** 31);
  const ids = [0, 1].map((k) => `genl-${seed}-${String(i).padStart(3, '0')}-${k === 0 ? 'a' : 'b'}`);
  const a = makeTruth(r, ids[0]!, 30);
  const b = makeTruth(r, ids[1]!, 30, a);
  for (const d of [a, b]) {
    const pdf = await renderPdf(r, d, layoutSeed);
    const scanned = scans ? await scannedDoc(r, pdf, phone) : undefined;
    const format = scanned?.format ?? 'pdf';
    const file = path.join(docs, `${d.id}.${format}`);
    fs.writeFileSync(file, scanned?.bytes ?? pdf.bytes);
    files.set(d.id, file);
    fs.writeFileSync(
      path.join(truth, `${d.id}.json`),
      JSON.stringify(truthOf(d, pdf.printed, pdf.pages, format, !scans), null, 1),
    );
  }
  pairs.push({ supplier: `supplier-${i}`, first: ids[0]!, second: ids[1]! });
}
console.log(
  `seed ${seed}: ${nSuppliers} suppliers, two documents of one layout each${scans ? (phone ? ', phone scans' : ', scanned') : ''}, in ${out}`,
);

const npm = (args: string[]) =>
  execFileSync('npm', ['run', '--silent', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const fileOf = (id: string) => files.get(id)!;
// the second documents read without any learned layout (what a new supplier gets)
npm(['read', '--', ...pairs.map((p) => fileOf(p.second)), '--out', dir('generic')]);
for (const p of pairs) {
  const fix = path.join(corrected, `${p.first}.json`);
  fs.writeFileSync(
    fix,
    execFileSync('node', [path.join(tools, 'truth-to-output.mjs'), path.join(truth, `${p.first}.json`)]),
  );
  npm(['learn', '--', '--profiles', profiles, '--supplier', p.supplier, fileOf(p.first), fix]);
  npm([
    'read',
    '--',
    fileOf(p.second),
    '--out',
    dir('learned'),
    '--profiles',
    profiles,
    '--supplier',
    p.supplier,
  ]);
}
const seconds = pairs.map((p) => p.second);
const score = (pred: string) => {
  const json = `${pred}.score.json`;
  const report = scoreExtraction(pred, {
    ids: seconds,
    truth,
    json,
    verbose: process.argv.includes('--verbose'),
  });
  return { report, summary: JSON.parse(fs.readFileSync(json, 'utf8')).summary };
};
const g = score(path.join(out, 'generic'));
const l = score(path.join(out, 'learned'));
if (process.argv.includes('--verbose')) console.log(l.report);
const f = (x: number | null) => (x === null || Number.isNaN(x) ? '–' : `${x.toFixed(1)} %`);
console.log(`\nseed ${seed}: the second document of ${pairs.length} suppliers`);
for (const [name, s] of [
  ['first sight (no learned layout)', g.summary],
  ['after one corrected document', l.summary],
] as const)
  console.log(
    `${name.padEnd(32)} fields ${f(s.fieldAccuracy)}, line F1 ${f(s.lineF1)}, fully right ${f(s.straightThrough)}, straight through ${s.autoProcessed} (${f(s.autoPrecision)} right)`,
  );
