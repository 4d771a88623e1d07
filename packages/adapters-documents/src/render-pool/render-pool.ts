/**
 * The service's `RenderQueue`: documents rendered in worker threads (piscina), so a 500-recipe book never holds the
 * event loop that answers everyone else. Threads: one fewer than the cores (at least one), so requests keep a core.
 * The queue is bounded: past it a render answers `RendererBusy` at once instead of piling models up in memory. A
 * render past the time limit is stopped (its worker is terminated) and answers `RenderFailed` with `timedOut`.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { errAsync, ResultAsync } from 'neverthrow';
import { CoverNotDrawnNow, type CoverArtist, type CoverImage, type ListingCover, type RenderFailure, type RenderQueue } from '@larder/domain';
import { documentCoverWidth } from '../cover/document-cover-width.js';
import { COVER } from '../cover/cover-theme.js';
import { LAYOUT_REVISION } from '../layout-revision.js';
import { backgroundIdle } from './background-priority.js';
import type { CoverTask, RenderTask, RenderWorkerData, WarmUpTask } from './render-worker.js';
// Workers draw and scale pictures with sharp. Loaded here, in the thread that owns the pool, so that libvips stays
// loaded when a worker is terminated (a render past its limit): sharp's advice for worker threads
// (https://sharp.pixelplumbing.com/install#worker-threads).
import 'sharp';

export interface RenderPoolOptions {
  /** Worker threads; default one fewer than the cores, at least one. */
  readonly threads?: number;
  /** Renders waiting for a thread beyond those running; default four per thread. */
  readonly maxQueue?: number;
  /** A render still running after this is stopped; default 60 s. */
  readonly timeoutMs?: number;
  /** An idle worker beyond the first exits after this, giving its memory back; default 30 s. */
  readonly idleTimeoutMs?: number;
  /** Start one worker at once, so that the first render does not wait for a thread to load the renderer; default true. */
  readonly warm?: boolean;
  /**
   * With `warm`: that worker's first task renders a small book (warm-up-book.ts) at background priority, so that the
   * first real render runs on code V8 has compiled (a 500-recipe book through the pool: 3.92–4.41 CPU s against
   * 4.34–5.16, about an eighth less). It takes a thread's turn: with one thread (two cores) a render asked for
   * meanwhile waits for it (half a CPU second), its time limit not started; with more, such a render starts another
   * thread. Under the renders' time limit; stopped by `close`. Default false (the service sets it).
   */
  readonly warmUp?: boolean;
  /**
   * Whether the render threads take `SCHED_IDLE` besides their nice value (Linux, through `chrt`: see
   * background-priority.ts): they then yield a core at once to any other thread that wants it. Default: unless
   * `LARDER_BACKGROUND_IDLE=false`. The CLI passes false unless that variable is set and not empty: its operator
   * waits for the render.
   */
  readonly idle?: boolean;
  /** Another worker module (tests: one that throws or hangs). */
  readonly workerFile?: URL;
}

export interface RenderPool extends RenderQueue {
  readonly threads: number;
  readonly maxQueue: number;
  /** Worker threads started and not yet ended (one at once unless `warm: false`; idle ones end, but for that first). */
  readonly threadsStarted: number;
  /** Settles once the warm-up is over: the bytes of the small book (0 without a warm-up, or when it failed). */
  readonly warmedUp: Promise<number>;
  /**
   * Generated covers drawn on the render threads, each in a render's turn (ahead of the renders waiting: someone
   * reading a product waits for its cover) and within its time limit: one thread never holds a drawing and a book at
   * once, the thread already has the fonts, and the pictures are made with no second process beside the service. A
   * drawing refused for a full queue, or stopped, rejects with `CoverNotDrawnNow` (the caller tries later).
   */
  readonly covers: CoverArtist;
  /** Waits for running renders, then stops the workers. */
  close(): Promise<void>;
}

export const defaultRenderThreads = (): number => Math.max(1, availableParallelism() - 1);
const DEFAULT_TIMEOUT_MS = 60_000;
/** A worker's heap may grow to this; a render past it fails alone instead of taking the process down. */
const WORKER_HEAP_MB = 1024;
/**
 * The worker's young generation: a render allocates short-lived objects by the million, and V8's default lets the
 * nursery grow to 48 MiB of resident memory. Smaller, it is collected more often, for a lower peak.
 */
const WORKER_YOUNG_MB = 8;

// From the sources (tests run TypeScript through tsx) the worker is the .ts file beside this one.
const defaultWorkerFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = options.threads ?? defaultRenderThreads();
  const maxQueue = options.maxQueue ?? threads * 4;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new Piscina<RenderTask | WarmUpTask | CoverTask, Uint8Array | number | CoverImage>({
    filename: (options.workerFile ?? defaultWorkerFile()).href,
    minThreads: options.warm === false ? 0 : 1,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    workerData: { idle: options.idle ?? backgroundIdle() !== 'none' } satisfies RenderWorkerData,
  });
  // The mean of recent render times, for a busy queue's Retry-After.
  let averageMs = 5000;
  // The queue is kept here, not in piscina: a task goes to piscina only when a thread is free, so that the time
  // limit counts the render alone, not the wait (and piscina's maxQueue does not bound tasks that carry a signal).
  let running = 0;
  const waiting: { readonly go: () => void; readonly first: boolean }[] = [];
  /**
   * A thread's turn; `first`: ahead of the renders waiting, behind the other `first` ones (a cover, which someone
   * reading a product waits for).
   */
  const threadFree = (first = false): Promise<void> => {
    if (running < threads) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((go) => {
      const renders = waiting.findIndex((entry) => !entry.first);
      waiting.splice(first && renders >= 0 ? renders : waiting.length, 0, { go, first });
    });
  };
  const threadDone = () => {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next.go();
  };

  const renderOnThread = async (task: RenderTask, signal: AbortSignal): Promise<Uint8Array> => {
    const started = performance.now();
    const bytes = (await pool.run(task, { signal })) as Uint8Array;
    averageMs = 0.7 * averageMs + 0.3 * (performance.now() - started);
    return bytes;
  };

  // The warm-up takes a thread's turn like a render, so that with one thread a render asked for meanwhile waits in
  // this queue. It has the renders' time limit (one that never ended must not hold the turn), and closing the pool
  // stops it: at shutdown it is of no use.
  const closing = new AbortController();
  const warmedUp: Promise<number> =
    options.warm === false || options.warmUp !== true
      ? Promise.resolve(0)
      : threadFree().then(async () => {
          // Its own controller and timer, not AbortSignal.any over AbortSignal.timeout: Node 20 holds the sources of
          // `any` weakly, so the unreferenced timeout signal could be collected before it fired, and a warm-up that
          // never ends kept the turn for good (the render pool test that waits for it ran past 60 s, two runs in five).
          const stop = new AbortController();
          const timer = setTimeout(() => stop.abort(new Error(`the warm-up ran past ${timeoutMs} ms`)), timeoutMs);
          timer.unref();
          const onClosing = () => stop.abort(closing.signal.reason);
          closing.signal.addEventListener('abort', onClosing, { once: true });
          try {
            return (await pool.run({ warmUp: true }, { signal: stop.signal })) as number;
          } catch {
            return 0;
          } finally {
            clearTimeout(timer);
            closing.signal.removeEventListener('abort', onClosing);
            threadDone();
          }
        });

  /**
   * `work` in a thread's turn (`first`: ahead of the renders waiting), under the time limit (counted from the turn,
   * not the wait): its signal aborts the task on the thread. Undefined when the queue is full.
   */
  const inTurn = <T>(work: (signal: AbortSignal) => Promise<T>, first = false): { result: Promise<T>; timedOut: () => boolean } | undefined => {
    if (running + waiting.length >= threads + maxQueue) return undefined;
    let signal: AbortSignal | undefined;
    const result = threadFree(first).then(async () => {
      // A timer of its own (see the warm-up): it also keeps the process alive while the work runs, until its limit.
      const stop = new AbortController();
      signal = stop.signal;
      const limit = setTimeout(() => stop.abort(new Error(`past ${timeoutMs} ms`)), timeoutMs);
      try {
        return await work(stop.signal);
      } finally {
        clearTimeout(limit);
        threadDone();
      }
    });
    return { result, timedOut: () => signal?.aborted === true };
  };
  const busyFor = (): number => Math.max(1, Math.ceil(((running + waiting.length) * averageMs) / threads / 1000));

  const drawOnThread = async <T extends CoverImage>(task: CoverTask): Promise<T> => {
    const turn = inTurn((signal) => pool.run(task, { signal }) as Promise<T>, true);
    if (turn === undefined) throw new CoverNotDrawnNow(`the render threads are busy; try again in ${busyFor()} s`);
    return turn.result.catch((error: unknown) => {
      throw turn.timedOut() ? new CoverNotDrawnNow(`the drawing ran past ${timeoutMs} ms and was stopped`) : error;
    });
  };

  return {
    revision: LAYOUT_REVISION,
    coverWidth: (document, renderOptions) => documentCoverWidth(document, renderOptions),
    warmedUp,
    threads,
    maxQueue,
    get threadsStarted() {
      return pool.threads.length;
    },
    covers: {
      size: { width: COVER.width, height: COVER.height },
      generatedCover: (cover, width) => drawOnThread<CoverImage>({ cover, ...(width === undefined ? {} : { width }) }),
      listingCover: (cover, widths, renditionOptions) => drawOnThread<ListingCover>({ cover, listing: { widths, ...(renditionOptions === undefined ? {} : { options: renditionOptions }) } }),
    },
    render(document, renderOptions) {
      // A generated cover not stored yet is drawn by the thread, at the size the document prints it, within the limit.
      const turn = inTurn((timeLimit) => renderOnThread({ document, options: renderOptions }, timeLimit));
      if (turn === undefined) return errAsync({ type: 'RendererBusy', retryAfterSeconds: busyFor() });
      return ResultAsync.fromPromise(turn.result, (error): RenderFailure =>
        turn.timedOut()
          ? { type: 'RenderFailed', message: `the render ran past ${timeoutMs} ms and was stopped`, timedOut: true }
          : { type: 'RenderFailed', message: messageOf(error), timedOut: false },
      );
    },
    close: async () => {
      closing.abort();
      await warmedUp;
      await pool.close();
    },
  };
}
