/**
 * Where one list request's CPU and memory go: builds the real app in this process on the seeded `ob_bench`
 * database (`KEEP_DB=1 npm run bench:lists` leaves it), signs in the benchmark user, sends the call 500 times to warm
 * up, then N times under V8's sampling profiler, and prints the CPU ms a request with the functions that take most
 * of it (self and inclusive), or with PROFILE=alloc the bytes allocated a request (garbage included) by function,
 * or with PROFILE=survivors the bytes a request left alive through a young-generation collection (what makes those
 * collections slow and fills the old generation with garbage).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ob_bench URL='/api/shops/{bigShopId}/orders?PerPage=50' \
 *     node --conditions=source --import tsx bench/lists/profile.ts
 *
 * `{name}` in URL is replaced by that id of the seeded database (bench_meta: bigShopId, typicalShopId, …).
 */
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';

type TFrame = { functionName: string; url: string; lineNumber: number };
type TCpuNode = { id: number; callFrame: TFrame; children?: number[] };
type TAllocNode = { callFrame: TFrame; selfSize: number; children: TAllocNode[] };

const N = Number(process.env.N ?? 3000);
const MODE = process.env.PROFILE ?? 'cpu';
const where = (f: TFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
const top = (m: Map<string, number>, n: number, show: (v: number) => string) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, v]) => {
      console.log(`${show(v).padStart(10)}  ${k}`);
    });

const meta = new pg.Client({ connectionString: process.env.DATABASE_URL });
await meta.connect();
const ids = (await meta.query('SELECT value FROM bench_meta')).rows[0].value.ids as Record<string, number>;
await meta.end();
const url = (process.env.URL ?? '/api/shops/{bigShopId}/orders?PerPage=50').replace(/\{(\w+)\}/g, (_, k) =>
  String(ids[k]),
);

const app = await buildApp(
  loadConfig({
    ...process.env,
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'profile-only-secret-0123456789abcdefghij',
  }),
);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/account/login',
  payload: { userName: 'bench@orderbridge.test', password: 'orderbridge bench 1' },
});
const headers = { authorization: `Bearer ${login.json().data.token}` };
const first = await app.inject({ url, headers });
if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body.slice(0, 200)}`);
console.log(`${url}: ${first.body.length} bytes`);
for (let i = 0; i < 500; i++) await app.inject({ url, headers });

const session = new Session();
session.connect();
if (MODE === 'alloc' || MODE === 'survivors') {
  // `survivors` leaves out what a scavenge freed: what is left lived through one (the objects that make scavenges
  // slow and fill the old generation), whether or not a later mark-compact freed it.
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: MODE === 'alloc',
  });
  for (let i = 0; i < N; i++) await app.inject({ url, headers });
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: TAllocNode };
  };
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: TAllocNode) => {
    total += node.selfSize;
    if (node.selfSize)
      byFunction.set(where(node.callFrame), (byFunction.get(where(node.callFrame)) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  console.log(
    `${MODE === 'alloc' ? 'allocated' : 'lived through a scavenge'} a request: ${(total / N / 1024).toFixed(1)} KB`,
  );
  top(byFunction, 25, (v) => `${(v / N / 1024).toFixed(1)} KB`);
} else {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const started = process.cpuUsage();
  for (let i = 0; i < N; i++) await app.inject({ url, headers });
  const cpu = process.cpuUsage(started);
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: TCpuNode[]; samples: number[] };
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  // Shares of the samples the process was busy in (idle ones left out), each function counted once a stack.
  const busy = profile.samples.filter((id) => nodes.get(id)!.callFrame.functionName !== '(idle)');
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const id of busy) {
    const name = where(nodes.get(id)!.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = where(nodes.get(at)!.callFrame);
      if (!seen.has(f)) inclusive.set(f, (inclusive.get(f) ?? 0) + 1);
      seen.add(f);
    }
  }
  console.log(`CPU a request: ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms`);
  const share = (v: number) => `${((100 * v) / busy.length).toFixed(1)} %`;
  console.log('-- self');
  top(self, 25, share);
  console.log('-- inclusive');
  top(inclusive, 40, share);
}
await app.close();
