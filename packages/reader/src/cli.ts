import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { learn } from './learn.js';
import type { OwnCompany } from './own-company.js';
import { createReader } from './pool.js';
import { createFileProfileStore } from './profile.js';
import type { ReadOptions } from './read.js';

/**
 * `read FILE... --out DIR [--profiles P --supplier KEY] [--own OWN.json]` (OWN.json: the uploading company per
 * file name, `{ "a.pdf": { "role": "buyer", "name": "…" } }`, as the API passes it) and `learn --profiles P --supplier KEY FILE CORRECTED.json` */
async function main(argv: string[]): Promise<number> {
  const cmd = argv[0];
  // npm runs workspace scripts in the package folder: resolve paths against where the user typed the command
  const base = process.env.INIT_CWD ?? process.cwd();
  const args = argv
    .slice(1)
    .map((a, i, all) =>
      a.startsWith('--') ||
      all[i - 1] === '--supplier' ||
      all[i - 1] === '--workers' ||
      all[i - 1] === '--timeout'
        ? a
        : path.resolve(base, a),
    );
  const opt = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const out = opt('--out');
  const profiles = opt('--profiles');
  const supplier = opt('--supplier');
  const workers = opt('--workers');
  const timeout = opt('--timeout');
  const ownFile = opt('--own');
  const owners: Record<string, OwnCompany> = ownFile ? JSON.parse(await fs.readFile(ownFile, 'utf8')) : {};
  const files = args.filter((a) => !a.startsWith('--'));
  const defaults: ReadOptions = {};
  if (args.includes('--raw-confidence')) defaults.rawConfidence = true;
  if (process.env.READER_OCR_ENGINE)
    defaults.ocrEngine = process.env.READER_OCR_ENGINE as ReadOptions['ocrEngine'];
  if (process.env.READER_MODEL_URL && process.env.READER_MODEL)
    defaults.model = {
      url: process.env.READER_MODEL_URL,
      model: process.env.READER_MODEL,
      apiKey: process.env.READER_MODEL_KEY,
      vision: process.env.READER_MODEL_VISION === 'true',
    };

  if (cmd === 'learn') {
    if (!profiles || !supplier || files.length !== 2) {
      console.error('usage: npm run learn -- --profiles P --supplier KEY FILE CORRECTED.json');
      return 2;
    }
    const store = createFileProfileStore(profiles);
    const corrected = JSON.parse(await fs.readFile(files[1]!, 'utf8'));
    const p = await learn(store, supplier, new Uint8Array(await fs.readFile(files[0]!)), corrected, defaults);
    console.error(
      `learned ${supplier} from ${path.basename(files[0]!)} (${Object.keys(p.fields).length} fields, ${p.learnedFrom} document(s))`,
    );
    const { closeOcr } = await import('./ocr.js');
    await closeOcr();
    return 0;
  }
  if (cmd !== 'read' || !out || !files.length) {
    console.error('usage: npm run read -- FILE... --out DIR [--profiles P --supplier KEY] [--own OWN.json]');
    return 2;
  }
  const outDir = out;
  await fs.mkdir(outDir, { recursive: true });
  const store = profiles ? createFileProfileStore(profiles) : undefined;
  const profile = store && supplier ? await store.get(supplier) : undefined;
  const size = workers ? Number(workers) : Math.max(1, os.availableParallelism() - 1);
  const reader = createReader({
    workers: size,
    timeoutMs: timeout ? Number(timeout) * 1000 : 60_000,
    defaults,
  });
  let n = 0;
  const t0 = performance.now();
  const queue = files.slice();
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) await readOne(f);
    }),
  );
  async function readOne(f: string) {
    const name = path.basename(f);
    const base = name.replace(/\.[^.]+$/, '');
    const started = performance.now();
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await fs.readFile(f));
    } catch (e) {
      bytes = new Uint8Array();
      console.error(`cannot open ${f}: ${(e as Error).message}`);
    }
    const ownCompany = owners[name];
    const r = await reader.read(bytes, {
      fileName: name,
      profile,
      supplierKey: supplier,
      ...(ownCompany ? { ownCompany } : {}),
    });
    await fs.writeFile(path.join(outDir, `${base}.json`), JSON.stringify(r, null, 1));
    n++;
    const ms = Math.round(performance.now() - started);
    console.error(
      `[${n}/${files.length}] ${name}: ${r.source}, ${r.pendingReview ? `review (${r.issues.length} issue${r.issues.length === 1 ? '' : 's'})` : 'auto'}, ${ms} ms`,
    );
  }
  await reader.close();
  console.error(`read ${files.length} file(s) in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${out}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
