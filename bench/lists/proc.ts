import { readFileSync } from 'node:fs';

/** /proc reports CPU times in USER_HZ ticks, 100 a second on Linux. */
const TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): state, ppid, … */
function statFields(pid: number | undefined): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU ms a process (all its threads) has used so far; 0 where /proc cannot tell (not Linux, or it has exited). */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** A process's parent; throws where /proc cannot tell. */
export const parentOf = (pid: number): number => Number(statFields(pid)[1]);

/** The machine's CPU ticks so far, all cores: idle (idle and iowait) and in all. */
export function machineTicks(): { idle: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + f[4]!, total: f.reduce((a, b) => a + b, 0) };
}

/** Busy % of the machine between two readings of `machineTicks`. */
export const busyPct = (a: { idle: number; total: number }, b: { idle: number; total: number }) =>
  b.total > a.total ? Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * 100) : 0;

/**
 * A full garbage collection of this process now, where it runs with `--expose-gc` (`npm run bench:lists` starts it
 * so, and its forked load generator inherits the flag), else nothing: the benchmark's own processes collect between
 * loads rather than during them.
 */
export const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
