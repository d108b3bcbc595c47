/**
 * The fixed-rate load generator in a process of its own (run.ts forks it once and sends it each load): in the
 * benchmark's own process, which holds the seeded ids, the captured SQL and a whole app's modules from the capture,
 * V8 ran a full collection every half second during the rows (5–18 ms each, bench/RESULTS.md "The load generator in
 * its own process"), and every such pause was counted in the latency of the requests due during it, API and bare alike.
 */
import { steadyLoad, type TSteadyLoad } from './steady.js';

process.on('message', (load: TSteadyLoad) => {
  void steadyLoad(load).then((result) => process.send?.(result));
});
