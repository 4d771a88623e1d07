/**
 * Background work yields the CPU to requests: the calling thread's nice value raised to `BACKGROUND_NICE` (a lower
 * priority), so that on a small machine the scheduler gives a core to the thread that answers requests before it
 * gives one to a render or a drawing. On Linux, `setpriority` with a thread id sets that thread alone, and threads it
 * starts afterwards inherit it; `/proc/thread-self` names the calling thread. Elsewhere (or when refused) nothing
 * changes: the work runs at the priority it had.
 *
 * On Linux the service's render threads also take the scheduling policy `SCHED_IDLE` (the CLI's only when told;
 * `idlePolicy`, through util-linux's `chrt`: Node has no call for it). A thread at nice 15 that holds a core keeps it
 * for the rest of its time slice when the request thread wakes; one at `SCHED_IDLE` gives it up at once, and a core
 * running only such threads counts as free when the scheduler places the waking request thread. Under 20 readers (bench/files.ts, three books' renders
 * pooled, 2026-11-29 18:48–18:54, alternating) the readers' p99 during the renders was 1.33, 1.54, 1.50 and 1.36× of
 * theirs before with it, 1.75, 1.66, 1.53 and 2.07× without (1.30 and 1.47× in two runs the afternoon before). Its
 * cost: on a machine whose cores something else keeps busy all the time, a render waits until they are free. With two
 * processes spinning beside it (bench/files.ts `--busy 2`), a 500-recipe book at `SCHED_IDLE` was stopped at its
 * 60 s limit; at nice 15 alone it took 34 s. The service's own requests leave it room (20 readers: 1.3 of 2 cores).
 * `LARDER_BACKGROUND_IDLE=true` gives `SCHED_IDLE` to the service's other background threads too (`lowerOtherThreads`):
 * better still for the readers (1.07–1.62×, seven runs), but V8's helpers also compile and collect for the request
 * thread, and under requests that keep every core busy they then get nothing (10 connections on 100,000 recipes,
 * bench/scale-service.ts, two runs each: the costliest filter took 0.96–1.03 ms of CPU a request with it, 0.86–0.89
 * ms without). `LARDER_BACKGROUND_IDLE=false`: none. Without `chrt` (or where it is refused) the threads keep the
 * nice value.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Nice 15: a render on an idle machine runs as fast as ever, and beside busy request threads it takes what they leave.
 * Under 20 readers (bench/files.ts, FerretDB on SQLite) the first 500-recipe PDF took 5.65–8.60 s at nice 10 and
 * 4.15–5.57 s at nice 5 while each read cost the database a recipe (2026-11-29, morning); once reads by id came from
 * the search index (the readers no longer keep the engine busy), 2.45–4.21 s at nice 15 with the readers' p99 during
 * it 1.21–1.47× of theirs before (four runs), against 1.19–2.42× at nice 5: a render at nice 5 took a quarter of the
 * core the request thread needed. Under requests that keep both cores busy a render at nice 15 gets a few per cent of
 * one, and its time limit is what bounds it. `LARDER_BACKGROUND_NICE` sets another (0: none), for the service's
 * render threads, its other threads but the request thread (`lowerOtherThreads`) and its image process alike (which
 * takes 10 unless told: uploads are nobody's wait).
 */
export const BACKGROUND_NICE = 15;

/** The nice value background work takes: `LARDER_BACKGROUND_NICE` (0 to 19), else `BACKGROUND_NICE`. */
export function backgroundNice(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['LARDER_BACKGROUND_NICE'];
  const value = raw === undefined || raw === '' ? BACKGROUND_NICE : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : BACKGROUND_NICE;
}

/** The calling thread's id, from `/proc/thread-self`; null where it cannot be read (not Linux). */
function callingThread(): number | null {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(thread) && thread > 0 ? thread : null;
  } catch {
    return null;
  }
}

/**
 * Which background threads take `SCHED_IDLE` besides their nice value (`LARDER_BACKGROUND_IDLE`): every one with
 * `true`; none with `false`; the render threads with any other value; `unset` when it is unset or empty (`render`
 * for the service; the CLI, whose operator waits for its render, passes `none`).
 */
export function backgroundIdle(env: NodeJS.ProcessEnv = process.env, unset: 'render' | 'none' = 'render'): 'render' | 'all' | 'none' {
  const raw = env['LARDER_BACKGROUND_IDLE'];
  return raw === undefined || raw === '' ? unset : raw === 'true' ? 'all' : raw === 'false' ? 'none' : 'render';
}

/**
 * Sets the threads' scheduling policy to `SCHED_IDLE` with `chrt` (one shell for all of them, a few milliseconds). A
 * thread gone since it was listed, a refusal, or a machine without `chrt` leaves that thread at its nice value, which
 * is what the callers fall back to. Lowering a thread's policy needs no privilege.
 */
function idlePolicy(threads: readonly number[]): void {
  if (threads.length === 0) return;
  spawnSync('sh', ['-c', 'for thread do chrt --idle --pid 0 "$thread"; done', 'sh', ...threads.map(String)], { stdio: 'ignore', timeout: 5000 });
}

/**
 * Lowers the calling thread's priority, as a render thread's (render-worker.ts): its nice value, and `SCHED_IDLE` when
 * `idle` says so (by default, unless `LARDER_BACKGROUND_IDLE=false`: `backgroundIdle`); true when it did.
 */
export function runInBackground(idle: boolean = backgroundIdle() !== 'none'): boolean {
  const nice = backgroundNice();
  const thread = callingThread();
  if (nice === 0 || thread === null) return false;
  // The policy first: `sh` and `chrt` then start at this thread's priority, not at the background one.
  if (idle) idlePolicy([thread]);
  try {
    setPriority(thread, nice);
  } catch {
    return false;
  }
  return true;
}

/**
 * Lowers every other thread of this process to the background nice (and `SCHED_IDLE` with `LARDER_BACKGROUND_IDLE=true`); the
 * calling thread (the service's main thread, which answers requests) keeps its priority. The service's entry point
 * (`main.ts`, what `pnpm start` runs) calls it once it listens; an embedder that calls `startService` itself decides
 * for its own process. The threads lowered are V8's helpers (four workers and Node's delayed-task scheduler: every
 * isolate's optimising compilations and the parallel and concurrent parts of its collections, the render threads'
 * among them) and libuv's pool (whose threads start libvips's, which inherit their priority). Threads the calling thread starts afterwards keep its priority (the
 * render threads lower themselves; the image process and the database engine are processes of their own).
 *
 * What runs there at the lower priority, beside the renders' share: the pool's work for requests (a password's
 * scrypt at sign-in, a studio file's first compression, an outbound request's DNS lookup and gunzip) and the main
 * thread's own collections where it waits for a helper to finish its piece. On cores the request thread leaves idle
 * that is as fast as before; beside requests that keep every core busy it waits its turn, as the renders do.
 *
 * Why: during a 500-recipe book's first render (bench/files.ts, 20 readers) the render thread ran at nice 15, but its
 * isolate's compilations and collections (on V8's helpers) and the cover's scaling (libvips) took half a core at the
 * service's priority. With every other thread lowered (from outside, 19 runs) the readers' p99 during the render was
 * 1.06–1.64× of theirs before, median 1.36, against 1.07–2.04× without (18 runs); with this function, 16.5–21.3 ms
 * against 20.9–24.8 ms on main before it (docs/benchmarks.md). Returns how many threads' nice it raised: none where
 * `/proc/self/task` cannot be read (not Linux), or when `LARDER_BACKGROUND_NICE` is 0 (then no policy changes either).
 */
export function lowerOtherThreads(): number {
  const nice = backgroundNice();
  const caller = callingThread();
  if (nice === 0 || caller === null) return 0;
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    return 0;
  }
  let lowered = 0;
  const idle: number[] = [];
  for (const thread of threads) {
    if (thread === caller || !Number.isInteger(thread) || thread <= 0) continue;
    try {
      // Never raised: a thread already lower (a render thread) stays where it is.
      if (getPriority(thread) < nice) {
        setPriority(thread, nice);
        lowered += 1;
      }
      idle.push(thread);
    } catch {
      // Gone since the listing, or refused: it keeps its priority.
    }
  }
  if (backgroundIdle() === 'all') idlePolicy(idle);
  return lowered;
}
