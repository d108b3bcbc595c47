/**
 * The load generators in a process of their own (run.ts forks it once and sends it each load): in the benchmark's
 * own process, which holds the seeded ids, the captured SQL and a whole app's modules from the capture, V8 ran a
 * full collection every half second during the rows (5–18 ms each, bench/RESULTS.md "The load generator in its own
 * process"), and every such pause was counted in the latency of the requests due during it, API and bare alike.
 * A fixed rate is offered by `steady.ts`; an unthrottled load (`unthrottled`) by autocannon.
 */
import autocannon from 'autocannon';
import { collectGarbage } from './proc.js';
import { steadyLoad, type TSteadyLoad } from './steady.js';

export type TUnthrottled = {
  unthrottled: {
    url: string;
    headers: Record<string, string>;
    requests?: { path: string; headers: Record<string, string> }[];
    connections: number;
    seconds: number;
  };
};
export type TUnthrottledResult = { rps: number; p50: number; p99: number; errors: number };

async function unthrottled({ unthrottled: l }: TUnthrottled): Promise<TUnthrottledResult> {
  const result = await autocannon({
    url: l.url,
    headers: l.headers,
    ...(l.requests ? { requests: l.requests.map((r) => ({ method: 'GET' as const, ...r })) } : {}),
    connections: l.connections,
    duration: l.seconds,
    timeout: 10,
  });
  return {
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

process.on('message', (load: TSteadyLoad | TUnthrottled) => {
  // Its heap is small, but a mark-compact during a load (15–20 ms) made the requests due in it late.
  collectGarbage();
  void ('unthrottled' in load ? unthrottled(load) : steadyLoad(load)).then((result) =>
    process.send?.(result),
  );
});
