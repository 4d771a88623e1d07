/**
 * One worker thread of the render pool: a document model in, the whole file out, its buffer moved (not copied) back
 * to the caller. `fail` and `hang` are test switches, reachable only through `createRenderPool`'s `workerFile`.
 */
import { move } from 'piscina';
import { readAll, type ProductDocument, type RenderOptions } from '@larder/domain';
import { createDocumentRenderer } from '../document-renderer.js';
import { runInBackground } from './background-priority.js';

export interface RenderTask {
  readonly document: ProductDocument;
  readonly options: RenderOptions;
}

const renderer = createDocumentRenderer();
// A render is background work: the service's main thread, which answers requests, goes first (bench/files.ts).
runInBackground();

export default async function renderInWorker(task: RenderTask): Promise<unknown> {
  return move(await readAll(await renderer.render(task.document, task.options)));
}
