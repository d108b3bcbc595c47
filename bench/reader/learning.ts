// Learning run: for each layout with several documents, learn from the first (its truth is the correction)
// and read the others with the learned profile; score the others with and without the profile.
//   npx tsx bench/reader/learning.ts [CORPUS_DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { corpus, docs, freshOut, root, scoreExtraction, tools } from './common.ts';

const out = freshOut('learning');

// a layout = documents of one stratum and file type that come from one generator (the truth's stratum and
// the leading part of the id); only layouts with at least two documents can show learning
const truths = fs
  .readdirSync(path.join(corpus, 'truth'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(corpus, 'truth', f), 'utf8')));
const docFile = (id: string) => fs.readdirSync(docs).find((f) => f.replace(/\.[^.]+$/, '') === id);
const layouts = new Map<string, string[]>();
for (const t of truths) {
  const file = docFile(t.id);
  // receipts and the assorted invoice2data documents are all different suppliers: no layout repeats
  if (!file || t.kind === 'receipt' || String(t.source).includes('invoice2data')) continue;
  const key = `${t.stratum}:${path.extname(file)}:${t.id.split('-')[0]}`;
  layouts.set(key, [...(layouts.get(key) ?? []), t.id]);
}
const run = (args: string[]) =>
  execFileSync('npm', ['run', '--silent', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const score = (pred: string, ids: string[]) => {
  const json = `${pred}.score.json`;
  scoreExtraction(pred, { ids, json });
  return JSON.parse(fs.readFileSync(json, 'utf8')).summary;
};
const others: string[] = [];
for (const [key, ids] of layouts) {
  if (ids.length < 2) continue;
  ids.sort();
  const [first, ...rest] = ids;
  const supplier = key.replace(/[^a-z0-9]+/gi, '_');
  const corrected = path.join(out, `${first}.corrected.json`);
  fs.writeFileSync(
    corrected,
    execFileSync('node', [
      path.join(tools, 'truth-to-output.mjs'),
      path.join(corpus, 'truth', `${first}.json`),
    ]),
  );
  run([
    'learn',
    '--',
    '--profiles',
    path.join(out, 'profiles'),
    '--supplier',
    supplier,
    path.join(docs, docFile(first!)!),
    corrected,
  ]);
  run([
    'read',
    '--',
    ...rest.map((id) => path.join(docs, docFile(id)!)),
    '--out',
    path.join(out, 'with-profile'),
    '--profiles',
    path.join(out, 'profiles'),
    '--supplier',
    supplier,
    '--timeout',
    '300',
  ]);
  run([
    'read',
    '--',
    ...rest.map((id) => path.join(docs, docFile(id)!)),
    '--out',
    path.join(out, 'generic'),
    '--timeout',
    '300',
  ]);
  others.push(...rest);
  console.log(`${key}: learned from ${first}, read ${rest.length} more`);
}
const g = score(path.join(out, 'generic'), others);
const p = score(path.join(out, 'with-profile'), others);
const f = (x: number) => x.toFixed(1);
console.log(`\n${others.length} documents read after learning one document of their layout`);
console.log(
  `generic reader : field accuracy ${f(g.fieldAccuracy)}%, line F1 ${f(g.lineF1)}%, straight-through ${f(g.straightThrough)}%`,
);
console.log(
  `learned layout : field accuracy ${f(p.fieldAccuracy)}%, line F1 ${f(p.lineF1)}%, straight-through ${f(p.straightThrough)}%`,
);
