/**
 * When a fixed-rate run's slow requests fell, and how busy the machine was then. Reads the file a run wrote with
 * BENCH_TIMELINE=<file> (each load's requests from steady.ts, the machine's busy % every 50 ms from run.ts) and
 * prints, for each measured load (at least MIN_SECONDS long, so warm-ups are left out), its slowest request in every
 * quarter second beside the machine's busy % in that quarter, and how busy the quarters with a request over
 * SLOW_MS were against the others.
 *
 *   BENCH_TIMELINE=out/timeline.jsonl KEEP_DB=1 BENCH_ONLY='search=INV-0019' BENCH_SKIP_PGLITE=1 npm run bench:lists
 *   node --import tsx bench/lists/timeline.ts bench/lists/out/timeline.jsonl
 */
import { readFileSync } from 'node:fs';

type TLoad = {
  url: string;
  startedAt: number;
  rate: number;
  seconds: number;
  /** [due ms into the load, latency ms, 1 if answered with a 2xx] */
  timeline: [number, number, number][];
};

const SLOT_MS = 250;
const SLOW_MS = Number(process.env.SLOW_MS ?? 30);
const MIN_SECONDS = Number(process.env.MIN_SECONDS ?? 5);

const lines = readFileSync(process.argv[2] ?? 'bench/lists/out/timeline.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as TLoad | { machineBusy: [number, number][] });
const busy = lines.flatMap((l) => ('machineBusy' in l ? l.machineBusy : []));
const mean = (values: number[]) =>
  values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : Number.NaN;

for (const load of lines) {
  if ('machineBusy' in load || load.seconds < MIN_SECONDS) continue;
  const slots = Array.from({ length: Math.ceil((load.seconds * 1000) / SLOT_MS) }, (_, k) => {
    const from = load.startedAt + k * SLOT_MS;
    return {
      worst: Math.max(
        0,
        ...load.timeline.filter(([due]) => Math.floor(due / SLOT_MS) === k).map(([, ms]) => ms),
      ),
      busy: mean(busy.filter(([t]) => t > from && t <= from + SLOT_MS).map(([, pct]) => pct)),
    };
  });
  const slow = slots.filter((s) => s.worst > SLOW_MS);
  console.log(`\n${new URL(load.url).pathname}${new URL(load.url).search} at ${load.rate} req/s`);
  console.log(`  slowest request each ${SLOT_MS} ms: ${slots.map((s) => Math.round(s.worst)).join(' ')}`);
  console.log(`  machine busy % each ${SLOT_MS} ms: ${slots.map((s) => s.busy).join(' ')}`);
  console.log(
    `  ${slow.length} of ${slots.length} quarters had a request over ${SLOW_MS} ms; machine busy in them ` +
      `${mean(slow.map((s) => s.busy))} %, in the others ${mean(slots.filter((s) => s.worst <= SLOW_MS).map((s) => s.busy))} %`,
  );
}
