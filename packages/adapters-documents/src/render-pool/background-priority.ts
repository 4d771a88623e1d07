/**
 * Background work yields the CPU to requests: the calling thread's nice value raised to `BACKGROUND_NICE` (a lower
 * priority), so that on a small machine the scheduler gives a core to the thread that answers requests before it
 * gives one to a render or a drawing. On Linux, `setpriority` with a thread id sets that thread alone, and threads it
 * starts afterwards inherit it; `/proc/thread-self` names the calling thread. Elsewhere (or when refused) nothing
 * changes: the work runs at the priority it had.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice 10: half-way down. A render on an idle machine runs as fast as before; under load it waits its turn. */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority; true when it did. */
export function runInBackground(): boolean {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(thread) || thread <= 0) return false;
    setPriority(thread, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
