/**
 * Logs a process's garbage collections with their wall time, to set beside a `BENCH_TIMELINE`: one line a
 * collection of at least `GC_LOG_MIN_MS` (default 1), with the process id, the start, the kind (1 scavenge, 4
 * mark-compact, 8 incremental marking, 16 weak callbacks), Node's flags (32: external memory pressure was reported
 * during the cycle, 64: scheduled in idle time), the pause, and the heap, external and ArrayBuffer memory in use
 * when the line is written (just after it), appended to the file `GC_LOG` names. Node refuses `--trace-gc` in
 * NODE_OPTIONS, so it goes in with `--import`:
 *   API_NODE_OPTIONS="--import $PWD/bench/lists/gc-log.mjs" GC_LOG=$PWD/bench/lists/out/gc.log KEEP_DB=1 npm run bench:lists
 */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.GC_LOG;
const min = Number(process.env.GC_LOG_MIN_MS ?? 1);
const mb = (bytes) => (bytes / 1e6).toFixed(1);
const memory = () => {
  const m = process.memoryUsage();
  return `heap=${mb(m.heapUsed)} MB external=${mb(m.external)} MB arrayBuffers=${mb(m.arrayBuffers)} MB`;
};
if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .filter((e) => e.duration >= min)
      .map(
        (e) =>
          `${process.pid} ${new Date(performance.timeOrigin + e.startTime).toISOString()} kind=${e.detail?.kind} flags=${e.detail?.flags} ` +
          `${e.duration.toFixed(1)} ms ${memory()}\n`,
      );
    if (lines.length) appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });
}
