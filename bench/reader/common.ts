// What the reader benchmarks share: where the corpus is, a fresh output folder, and the corpus scorer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
/**
 * The corpus folder: the first argument that names a folder with docs/ in it, else ../shared/corpus. The
 * checkout after `--reader` is not one (a repository has a docs/ folder too).
 */
export const corpus = path.resolve(
  process.argv
    .slice(2)
    .find((a, i, all) => all[i - 1] !== '--reader' && fs.existsSync(path.join(a, 'docs'))) ??
    path.join(root, '../shared/corpus'),
);
export const docs = path.join(corpus, 'docs');
/** The corpus tools: the scorer, truth-to-output. */
export const tools = path.resolve(corpus, '../tools');

/** bench/reader/out/NAME, emptied. */
export function freshOut(name: string): string {
  const out = path.join(import.meta.dirname, 'out', name);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  return out;
}

/**
 * Scores the predictions in `pred` with ../shared/tools/score-extraction.mjs against the corpus truth (or
 * `truth`); `ids` limits it to those documents, `json` also writes the figures there. Returns the scorer's
 * printed report.
 */
export function scoreExtraction(
  pred: string,
  opts: { ids?: string[]; json?: string; truth?: string; verbose?: boolean } = {},
): string {
  const args = ['--truth', opts.truth ?? path.join(corpus, 'truth'), '--pred', pred];
  if (opts.verbose) args.push('--verbose');
  if (opts.ids) {
    const idsFile = `${pred}.ids.json`;
    fs.writeFileSync(idsFile, JSON.stringify(opts.ids));
    args.push('--ids', idsFile);
  }
  if (opts.json) args.push('--json', opts.json);
  return execFileSync('node', [path.join(tools, 'score-extraction.mjs'), ...args], { encoding: 'utf8' });
}
