// Reads the dev corpus with the CLI and scores it.
//   npx tsx bench/reader/corpus.ts [CORPUS_DIR]      (default ../shared/corpus next to the repo)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const corpus = path.resolve(process.argv[2] ?? path.join(root, '../shared/corpus'));
const tools = path.resolve(corpus, '../tools');
const out = path.join(import.meta.dirname, 'out', 'pred');
fs.rmSync(out, { recursive: true, force: true });
const docs = fs.readdirSync(path.join(corpus, 'docs')).map((f) => path.join(corpus, 'docs', f));
const t0 = performance.now();
execFileSync('npm', ['run', '--silent', 'read', '--', ...docs, '--out', out, '--timeout', '300'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const seconds = (performance.now() - t0) / 1000;
const json = path.join(import.meta.dirname, 'out', 'score.json');
const report = execFileSync(
  'node',
  [
    path.join(tools, 'score-extraction.mjs'),
    '--truth',
    path.join(corpus, 'truth'),
    '--pred',
    out,
    '--json',
    json,
  ],
  { encoding: 'utf8' },
);
console.log(report);
console.log(
  `${docs.length} documents read in ${seconds.toFixed(1)} s (wall clock, CLI with its default worker pool)`,
);
