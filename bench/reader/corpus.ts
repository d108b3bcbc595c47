// Reads the dev corpus with the CLI and scores it.
//   npx tsx bench/reader/corpus.ts [CORPUS_DIR]      (default ../shared/corpus next to the repo)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { docs, freshOut, root, scoreExtraction } from './common.ts';

const out = freshOut('pred');
const files = fs.readdirSync(docs).map((f) => path.join(docs, f));
const t0 = performance.now();
execFileSync('npm', ['run', '--silent', 'read', '--', ...files, '--out', out, '--timeout', '300'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const seconds = (performance.now() - t0) / 1000;
console.log(scoreExtraction(out, { json: path.join(import.meta.dirname, 'out', 'score.json') }));
console.log(
  `${files.length} documents read in ${seconds.toFixed(1)} s (wall clock, CLI with its default worker pool)`,
);
