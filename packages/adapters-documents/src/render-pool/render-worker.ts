/**
 * One worker thread of the render pool: a document model in, the whole file out, its buffer moved (not copied) back
 * to the caller; or a generated cover to draw, its pictures copied back (about a megabyte, and piscina moves only a
 * task's whole result). `fail` and `hang` are test switches, reachable only through `createRenderPool`'s `workerFile`.
 */
import { workerData } from 'node:worker_threads';
import { move } from 'piscina';
import { readAll, type CoverRequest, type ProductDocument, type RenderOptions, type RenditionOptions } from '@larder/domain';
import { createCoverArtist } from '../cover/generated-cover.js';
import { createDocumentRenderer } from '../document-renderer.js';
import { runInBackground } from './background-priority.js';
import { warmUpBook } from './warm-up-book.js';

export interface RenderTask {
  readonly document: ProductDocument;
  readonly options: RenderOptions;
}

/** The pool's first task for a warm thread (`RenderPoolOptions.warmUp`): the small book, its bytes counted and dropped. */
export interface WarmUpTask {
  readonly warmUp: true;
}

/** A generated cover: `listing` asks for the listing cover with its renditions, else the cover `width` px wide. */
export interface CoverTask {
  readonly cover: CoverRequest;
  readonly width?: number;
  readonly listing?: { readonly widths: readonly number[]; readonly options?: RenditionOptions };
}

/** What the pool tells each thread as it starts (piscina's `workerData`). */
export interface RenderWorkerData {
  /** Take `SCHED_IDLE` besides the background nice value (`RenderPoolOptions.idle`). */
  readonly idle: boolean;
}

const renderer = createDocumentRenderer();
const artist = createCoverArtist();
let background = false;

/**
 * A render (the warm-up, a cover) is background work: the service's main thread, which answers requests, goes first
 * (bench/files.ts). Lowered at the first task, not while the thread loads the renderer: a fresh thread (after one was
 * stopped at its time limit) starts as fast as before. (A thread still loading when the service begins to listen is
 * lowered then, with the process's other threads: `lowerOtherThreads`.) Once per thread.
 */
export function lowerThisThread(): void {
  if (background) return;
  const given = workerData as Partial<RenderWorkerData> | undefined;
  runInBackground(given?.idle);
  background = true;
}

export default async function renderInWorker(task: RenderTask | WarmUpTask | CoverTask): Promise<unknown> {
  lowerThisThread();
  if ('cover' in task)
    return task.listing === undefined ? artist.generatedCover(task.cover, task.width) : artist.listingCover(task.cover, task.listing.widths, task.listing.options);
  if ('warmUp' in task) return (await readAll(await renderer.render(warmUpBook(), { format: 'pdf', pageSize: 'a5' }))).byteLength;
  return move(await readAll(await renderer.render(task.document, task.options)));
}
