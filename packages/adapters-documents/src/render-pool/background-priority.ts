/**
 * Background work yields the CPU to requests: the calling thread's nice value raised to `BACKGROUND_NICE` (a lower
 * priority), so that on a small machine the scheduler gives a core to the thread that answers requests before it
 * gives one to a render or a drawing. On Linux, `setpriority` with a thread id sets that thread alone, and threads it
 * starts afterwards inherit it; `/proc/thread-self` names the calling thread. Elsewhere (or when refused) nothing
 * changes: the work runs at the priority it had.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Nice 5: a render on an idle machine runs as fast as before; under load it gets about a quarter of a core beside a
 * busy request thread (10 left it about a tenth). Under 20 readers (bench/files.ts, 2026-11-29, FerretDB on SQLite) the
 * first 500-recipe PDF took 5.65–8.60 s at nice 10 (four runs) and 4.15–5.57 s at nice 5 (three), the readers' p99
 * 1.08–1.22× of theirs before it. `LARDER_BACKGROUND_NICE` sets another (0: none), for the service's render threads
 * and its image process alike (which takes 10 unless told: uploads are nobody's wait).
 */
export const BACKGROUND_NICE = 5;

/** The nice value background work takes: `LARDER_BACKGROUND_NICE` (0 to 19), else `BACKGROUND_NICE`. */
export function backgroundNice(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['LARDER_BACKGROUND_NICE'];
  const value = raw === undefined || raw === '' ? BACKGROUND_NICE : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : BACKGROUND_NICE;
}

/** Lowers the calling thread's priority; true when it did. */
export function runInBackground(): boolean {
  const nice = backgroundNice();
  if (nice === 0) return false;
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(thread) || thread <= 0) return false;
    setPriority(thread, nice);
    return true;
  } catch {
    return false;
  }
}
