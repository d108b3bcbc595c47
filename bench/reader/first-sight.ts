// First-sight run: reads only the corpus documents listed in an ids file (default: new-ids.json, the 72
// documents the corpus added in its second version, of layouts and shops the reader was not written against)
// and scores them. Run it once on documents nobody has looked at before changing the reader for them: that is
// the honest estimate of how the reader does on a new supplier.
//   npx tsx bench/reader/first-sight.ts [CORPUS_DIR] [IDS_FILE]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { docs, freshOut, root, scoreExtraction } from './common.ts';

const idsFile = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, 'new-ids.json'));
const ids: string[] = JSON.parse(fs.readFileSync(idsFile, 'utf8'));
const out = freshOut('first-sight');
const byId = new Map(fs.readdirSync(docs).map((f) => [f.replace(/\.[^.]+$/, ''), path.join(docs, f)]));
const files = ids.map((id) => byId.get(id)).filter((f): f is string => f !== undefined);
const t0 = performance.now();
execFileSync('npm', ['run', '--silent', 'read', '--', ...files, '--out', out, '--timeout', '300'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const seconds = (performance.now() - t0) / 1000;
console.log(scoreExtraction(out, { ids, json: path.join(import.meta.dirname, 'out', 'first-sight.json') }));
console.log(
  `${files.length} of ${ids.length} documents read in ${seconds.toFixed(1)} s (wall clock, CLI default pool)`,
);
