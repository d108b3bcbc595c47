// Gzipped JavaScript a route needs on first load: the entry chunk plus the route module and everything it
// imports statically, read from Vite's build manifest. Usage: node scripts/bundle-size.mjs [module ...]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 150;

function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  for (const k of keys) walk(k);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['src/features/accounts/routes/login-page.tsx'];
let failed = false;
for (const route of routes) {
  const files = [...new Set(closure(['index.html', route]))];
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const kb = total / 1024;
  const ok = kb <= BUDGET_KB;
  failed ||= !ok;
  console.log(
    `${route}: ${kb.toFixed(1)} KB gzipped JS in ${files.length} files (budget ${BUDGET_KB} KB) ${ok ? 'OK' : 'OVER'}`,
  );
}
process.exit(failed ? 1 : 0);
