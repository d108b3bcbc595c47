import { appendFileSync } from 'node:fs';
import net from 'node:net';
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
  const targets = (l.requests ?? [{ path: `${base.pathname}${base.search}`, headers: {} }]).map((t) =>
    requestBytes(base, t.path, { ...l.headers, ...t.headers }),
  );
  const timeoutMs = l.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  const lateness: number[] = [];
  let errors = 0;
  let lastDone = 0;
  const idle: TConnection[] = [];
  const waiting: (() => void)[] = [];
  let opened = 0;
  const all: TConnection[] = [];

  // A free connection, a new one while fewer than `connections` are open, or the next one released; the wait
  // counts in the latency, as it would for a user's request.
  const acquire = async () => {
    for (;;) {
      const c = idle.pop();
      if (c && !c.closed) return c;
      if (c) opened--;
      else if (opened < l.connections) {
        opened++;
        const fresh = connect(base);
        all.push(fresh);
        return fresh;
      } else await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  const send = async (i: number, due: number) => {
    const c = await acquire();
    const ok = await c.request(targets[i % targets.length]!, due + timeoutMs - performance.now());
    lastDone = performance.now();
    if (ok) latencies.push(lastDone - due);
    else errors++;
    timeline?.push([Math.round(due - start), Math.round((lastDone - due) * 10) / 10, ok ? 1 : 0]);
    if (!c.closed) idle.push(c);
    else opened--;
    waiting.shift()?.();
  };

  const total = Math.round(l.rate * l.seconds);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const startedAt = Date.now();
  // BENCH_TIMELINE=<file>: each request's due moment (ms into the run), latency and outcome, a JSON line a run, to
  // see when in a run its slow requests fell and set them beside what else the machine did at that wall time.
  const timeline: [number, number, number][] | undefined = process.env.BENCH_TIMELINE ? [] : undefined;
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
  if (timeline)
    appendFileSync(
      process.env.BENCH_TIMELINE!,
      `${JSON.stringify({ url: l.url, startedAt, rate: l.rate, seconds: l.seconds, timeline })}\n`,
    );
  for (const c of all) c.close();

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

/** A GET request as bytes, built once a load. */
function requestBytes(base: URL, path: string, headers: Record<string, string>): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${base.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

type TConnection = {
  /** Sends one request and resolves true on a 2xx answer read whole, false on anything else or the deadline. */
  request: (bytes: Buffer, deadlineMs: number) => Promise<boolean>;
  close: () => void;
  closed: boolean;
};

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One keep-alive HTTP/1.1 connection carrying a request at a time, its answer read by Content-Length (the API and
 * the bare server are Fastify, which sends it for every reply). The generator stands for clients on other
 * machines but shares the two cores with the servers: node:http cost it 0.6–1.1 ms of CPU a request of a 50-row page
 * (an object per answer and per header, a timer signal per request), about a tenth of what a search costs the
 * servers, so this reads only the status line and the length.
 */
function connect(base: URL): TConnection {
  const socket = net.connect({ host: base.hostname, port: Number(base.port), noDelay: true });
  let head: Buffer | undefined;
  let bodyLeft = -1;
  let status = 0;
  let settle: ((ok: boolean) => void) | undefined;
  const c: TConnection = {
    closed: false,
    close: () => {
      c.closed = true;
      socket.destroy();
    },
    request: (bytes, deadlineMs) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(
          () => {
            c.close();
            finish(false);
          },
          Math.max(0, deadlineMs),
        );
        settle = (ok) => {
          clearTimeout(timer);
          resolve(ok);
        };
        head = undefined;
        bodyLeft = -1;
        socket.write(bytes);
      }),
  };
  const finish = (ok: boolean) => {
    const s = settle;
    settle = undefined;
    s?.(ok);
  };
  socket.on('data', (chunk: Buffer) => {
    let rest = chunk;
    if (bodyLeft < 0) {
      head = head ? Buffer.concat([head, chunk]) : chunk;
      const end = head.indexOf(HEAD_END);
      if (end < 0) return;
      const text = head.subarray(0, end).toString('latin1');
      status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(text);
      if (!length) {
        // Not an answer this client can delimit: count it as an error and start afresh.
        c.close();
        finish(false);
        return;
      }
      bodyLeft = Number(length[1]);
      rest = head.subarray(end + HEAD_END.length);
      head = undefined;
    }
    bodyLeft -= rest.length;
    if (bodyLeft <= 0) {
      bodyLeft = -1;
      finish(status >= 200 && status < 300);
    }
  });
  const lost = () => {
    c.closed = true;
    finish(false);
  };
  socket.on('error', lost);
  socket.on('close', lost);
  return c;
}
