/**
 * Matching benchmark (issue 14, ARCHITECTURE.md §8: 200 read lines against a 20,000-product catalogue in ≤ 50 ms).
 * One command: `npm run bench:matching`. Runs the API's own matcher (apps/api/src/modules/catalogue/matcher.ts) in
 * this process: builds a 20,000-product POS catalogue with 300 linked supplier codes, makes a 200-line document
 * (a quarter each by supplier code, barcode, learned alias and description only, the descriptions spelled the way
 * suppliers print them), then times matching the whole document (after warm-up) and building the index.
 * Deterministic data (a seeded generator), so runs compare.
 */
import { cpus, loadavg } from 'node:os';
import {
  buildMatchIndex,
  matchLine,
  normaliseDescription,
  type TMatchLine,
  type TMatchProduct,
} from '../../apps/api/src/modules/catalogue/matcher.js';

const PRODUCTS = 20_000;
const LINES = 200;
const RUNS = Number(process.env.RUNS ?? 50);

let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;

const BRANDS = [
  'Coca-Cola',
  'Pepsi',
  'Fanta',
  'Walkers',
  'Heinz',
  'Kellogg',
  'Cadbury',
  'Nestle',
  'Lurpak',
  'Warburtons',
  'Hovis',
  'Tropicana',
  'Innocent',
  'Mars',
  'Twix',
  'Doritos',
  'Pringles',
  'Ariel',
  'Fairy',
  'Andrex',
  'Colgate',
  'Dove',
  'Lynx',
  'Robinsons',
  'Ribena',
  'Yorkshire',
  'Tetley',
  'PG Tips',
  'Nescafe',
  'Kenco',
  'Birds Eye',
  'McCain',
  'Quaker',
  'Weetabix',
  'Alpro',
  'Muller',
  'Cathedral',
  'Anchor',
  'Hellmanns',
  'Branston',
];
const KINDS = [
  'cola',
  'lemonade',
  'orange juice',
  'apple juice',
  'crisps ready salted',
  'crisps salt vinegar',
  'baked beans',
  'tomato soup',
  'cornflakes',
  'milk chocolate',
  'butter',
  'white bread',
  'wholemeal bread',
  'smoothie',
  'chocolate bar',
  'tortilla chips',
  'washing liquid',
  'toilet tissue',
  'toothpaste',
  'shower gel',
  'squash',
  'tea bags',
  'instant coffee',
  'fish fingers',
  'oven chips',
  'porridge oats',
  'oat drink',
  'yogurt',
  'cheddar',
  'mayonnaise',
  'pickle',
];
const SIZES = [
  '330ml',
  '500ml',
  '1.5L',
  '2L',
  '25g',
  '32.5g',
  '150g',
  '400g',
  '500g',
  '800g',
  '1kg',
  '4 pack',
  '6 pack',
  '9 roll',
  '80 bags',
  '200g',
];

/** A valid GTIN-13 from 12 digits. */
function gtin13(body: string) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

const products: TMatchProduct[] = [];
for (let i = 0; i < PRODUCTS; i++) {
  const brand = pick(BRANDS);
  const kind = pick(KINDS);
  const size = pick(SIZES);
  const caseQty = pick([1, 6, 12, 24, 32]);
  products.push({
    id: i + 1,
    productCode: `P${String(i).padStart(6, '0')}`,
    description: `${brand} ${kind} ${size} ${i}`,
    posDescription: `${brand.toUpperCase().slice(0, 8)} ${kind.toUpperCase().slice(0, 10)} ${size}`,
    barcode: gtin13(`50${String(1_000_000_000 + i).slice(-10)}`),
    boxBarcode: null,
    caseQty,
  });
}
const codes = products
  .slice(0, 300)
  .map((p, i) => ({ code: `SUP-${i}`, posProductId: p.id, packSize: p.caseQty }));
const descriptions = products
  .slice(300, 600)
  .map((p) => ({ value: normaliseDescription(`${p.description} supplier spelling`), posProductId: p.id }));

const lines: TMatchLine[] = [];
for (let i = 0; i < LINES; i++) {
  const p = products[Math.floor(rand() * PRODUCTS)]!;
  const kind = i % 4;
  const base = { itemCode: null, unitBarcode: null, pack: null, unitOfMeasure: null };
  if (kind === 0)
    lines.push({ ...base, itemCode: `SUP-${i % 300}`, itemDesc: 'whatever the supplier prints' });
  else if (kind === 1) lines.push({ ...base, unitBarcode: p.barcode, itemDesc: p.description });
  else if (kind === 2)
    lines.push({ ...base, itemDesc: `${products[300 + (i % 300)]!.description} supplier spelling` });
  // Upper case, the size glued on, the number and pack at the end: "COCA COLA COLA 330ML 123 24X".
  else
    lines.push({
      ...base,
      itemDesc: `${p.description.toUpperCase().replace(' ', '-')} ${p.caseQty}X`,
      pack: String(p.caseQty),
    });
}

const t0 = performance.now();
const buildCpu = process.cpuUsage();
const index = buildMatchIndex({ products, codes, descriptions });
const buildUsed = process.cpuUsage(buildCpu);
const buildMs = performance.now() - t0;

let matched = 0;
let right = 0;
const expected = (i: number) => {
  const l = lines[i]!;
  if (i % 4 === 0) return codes[i % 300]!.posProductId;
  if (i % 4 === 2) return products[300 + (i % 300)]!.id;
  return products.find(
    (p) =>
      p.barcode === l.unitBarcode || l.itemDesc?.startsWith(p.description.toUpperCase().replace(' ', '-')),
  )?.id;
};
for (let i = 0; i < LINES; i++) {
  const r = matchLine(index, lines[i]!);
  if (r.posProductId !== null) matched++;
  if (r.posProductId === expected(i)) right++;
}
for (let w = 0; w < 5; w++) for (const l of lines) matchLine(index, l);
// Wall clock, and this process's CPU time: on a shared machine the wall clock also counts other people's work.
const times: number[] = [];
const cpuTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (const l of lines) matchLine(index, l);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  times.push(performance.now() - start);
}
const quantiles = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
  return { median: q(0.5), p95: q(0.95), max: q(1) };
};
console.log(
  JSON.stringify(
    {
      products: PRODUCTS,
      lines: LINES,
      runs: RUNS,
      matchDocumentMs: quantiles(times),
      matchDocumentCpuMs: quantiles(cpuTimes),
      buildIndexMs: buildMs.toFixed(1),
      buildIndexCpuMs: ((buildUsed.user + buildUsed.system) / 1000).toFixed(1),
      matched: `${matched}/${LINES}`,
      rightProduct: `${right}/${LINES}`,
      node: process.version,
      cpus: cpus().length,
      load: loadavg().map((l) => l.toFixed(1)),
    },
    null,
    2,
  ),
);
