/**
 * The service's `RenderQueue`: documents rendered in worker threads (piscina), so a 500-recipe book never holds the
 * event loop that answers everyone else. Threads: one fewer than the cores (at least one), so requests keep a core.
 * The queue is bounded: past it a render answers `RendererBusy` at once instead of piling models up in memory. A
 * render past the time limit is stopped (its worker is terminated) and answers `RenderFailed` with `timedOut`.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { errAsync, ResultAsync } from 'neverthrow';
import type { RenderFailure, RenderQueue } from '@larder/domain';
import { LAYOUT_REVISION } from '../document-renderer.js';
import type { RenderTask } from './render-worker.js';

export interface RenderPoolOptions {
  /** Worker threads; default one fewer than the cores, at least one. */
  readonly threads?: number;
  /** Renders waiting for a thread beyond those running; default four per thread. */
  readonly maxQueue?: number;
  /** A render still running after this is stopped; default 60 s. */
  readonly timeoutMs?: number;
  /** An idle worker exits after this, giving its memory back; default 30 s. */
  readonly idleTimeoutMs?: number;
  /** Another worker module (tests: one that throws or hangs). */
  readonly workerFile?: URL;
}

export interface RenderPool extends RenderQueue {
  readonly threads: number;
  readonly maxQueue: number;
  /** Waits for running renders, then stops the workers. */
  close(): Promise<void>;
}

export const defaultRenderThreads = (): number => Math.max(1, availableParallelism() - 1);
const DEFAULT_TIMEOUT_MS = 60_000;
/** A worker's heap may grow to this; a render past it fails alone instead of taking the process down. */
const WORKER_HEAP_MB = 1024;

// From the sources (tests run TypeScript through tsx) the worker is the .ts file beside this one.
const defaultWorkerFile = (): URL => new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = options.threads ?? defaultRenderThreads();
  const maxQueue = options.maxQueue ?? threads * 4;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new Piscina<RenderTask, Uint8Array>({
    filename: (options.workerFile ?? defaultWorkerFile()).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // The mean of recent render times, for a busy queue's Retry-After.
  let averageMs = 5000;
  // Counted here: piscina keeps tasks that carry an abort signal outside the queue its `maxQueue` bounds.
  let inFlight = 0;

  const failure = (error: unknown, signal: AbortSignal): RenderFailure => {
    if (signal.aborted) return { type: 'RenderFailed', message: `the render ran past ${timeoutMs} ms and was stopped`, timedOut: true };
    return { type: 'RenderFailed', message: messageOf(error), timedOut: false };
  };

  return {
    revision: LAYOUT_REVISION,
    threads,
    maxQueue,
    render(document, renderOptions) {
      if (inFlight >= threads + maxQueue) {
        return errAsync({ type: 'RendererBusy', retryAfterSeconds: Math.max(1, Math.ceil((inFlight * averageMs) / threads / 1000)) });
      }
      inFlight += 1;
      const signal = AbortSignal.timeout(timeoutMs);
      const started = performance.now();
      const run = pool
        .run({ document, options: renderOptions }, { signal })
        .then((bytes) => {
          averageMs = 0.7 * averageMs + 0.3 * (performance.now() - started);
          return bytes;
        })
        .finally(() => (inFlight -= 1));
      return ResultAsync.fromPromise(run, (error) => failure(error, signal));
    },
    close: () => pool.close(),
  };
}
