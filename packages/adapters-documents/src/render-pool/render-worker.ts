/**
 * One worker thread of the render pool: a document model in, the whole file out, its buffer moved (not copied) back
 * to the caller. `fail` and `hang` are test switches, reachable only through `createRenderPool`'s `workerFile`.
 */
import { move } from 'piscina';
import { readAll, type ProductDocument, type RenderOptions } from '@larder/domain';
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

const renderer = createDocumentRenderer();
let background = false;

export default async function renderInWorker(task: RenderTask | WarmUpTask): Promise<unknown> {
  // A render (and the warm-up) is background work: the service's main thread, which answers requests, goes first
  // (bench/files.ts). Lowered at the first task, not while the thread loads the renderer: a fresh thread (after one
  // was stopped at its time limit) starts as fast as before.
  if (!background) {
    runInBackground();
    background = true;
  }
  if ('warmUp' in task) return (await readAll(await renderer.render(warmUpBook(), { format: 'pdf', pageSize: 'a5' }))).byteLength;
  return move(await readAll(await renderer.render(task.document, task.options)));
}
