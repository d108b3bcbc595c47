import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export type TSteadyLoad = {
  url: string;
  headers?: Record<string, string>;
  /** Paths (on `url`'s host) taken in turn, each with its own headers: a mix. Default: `url` itself. */
  requests?: { path: string; headers: Record<string, string> }[];
  rate: number;
  seconds: number;
  /** At most this many requests in flight; the others wait for a connection, as a user's request would. */
  connections: number;
  timeoutMs?: number;
};

export type TSteadyResult = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** How late this process sent its requests (ms after their due moment), p99 and worst: the generator's own lag. */
  sendLateP99: number;
  sendLateMax: number;
  /** The longest this process's event loop was blocked (ms): a stall here delays sends and answers alike. */
  loopMax: number;
};

/**
 * Offers `rate` requests a second evenly spaced (an open loop): request i is due at start + i / rate whether or not
 * the earlier ones have answered, and its latency counts from that moment, so a server that falls behind shows it
 * in the percentiles. autocannon's `overallRate` is not this: each connection sends its share of a second back to
 * back at the start of every second, so "200 req/s" arrives as a burst of 200 requests at 20 at a time, and the
 * percentiles measure how fast the server drains a burst.
 */
export async function steadyLoad(l: TSteadyLoad): Promise<TSteadyResult> {
  const base = new URL(l.url);
  const targets = l.requests ?? [{ path: `${base.pathname}${base.search}`, headers: {} }];
  const agent = new http.Agent({ keepAlive: true, maxSockets: l.connections });
  const timeoutMs = l.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  const lateness: number[] = [];
  let errors = 0;
  let lastDone = 0;

  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const target = targets[i % targets.length]!;
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        lastDone = performance.now();
        if (ok) latencies.push(lastDone - due);
        else errors++;
        resolve();
      };
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: target.path,
          headers: { ...l.headers, ...target.headers },
          agent,
          // Counts the wait for a free connection too.
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          res.on('error', () => settle(false));
          res.on('end', () => settle((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
          res.resume();
        },
      );
      req.on('error', () => settle(false));
      req.end();
    });

  const total = Math.round(l.rate * l.seconds);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / l.rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    lateness.push(performance.now() - due);
    inFlight.push(send(i, due));
  }
  await Promise.all(inFlight);
  loop.disable();
  agent.destroy();

  const pct = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.ceil(q * sorted.length) - 1]! * 10) / 10 : Number.NaN;
  };
  return {
    // Answers over the time from the first due moment to the last answer: a server that falls behind answers
    // its last requests late, and the rate it held drops below the rate offered.
    rps: Math.round((latencies.length / Math.max((lastDone - start) / 1000, l.seconds)) * 10) / 10,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    errors,
    sendLateP99: pct(lateness, 0.99),
    sendLateMax: pct(lateness, 1),
    loopMax: Math.round(loop.max / 1e5) / 10,
  };
}
