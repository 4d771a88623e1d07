/**
 * One worker thread of the render pool: a document model in, the whole file out, its buffer moved (not copied) back
 * to the caller. `fail` and `hang` are test switches, reachable only through `createRenderPool`'s `workerFile`.
 */
import { move } from 'piscina';
import type { ProductDocument, RenderOptions } from '@larder/domain';
import { createDocumentRenderer } from '../document-renderer.js';

export interface RenderTask {
  readonly document: ProductDocument;
  readonly options: RenderOptions;
}

const renderer = createDocumentRenderer();

export default async function renderInWorker(task: RenderTask): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of await renderer.render(task.document, task.options)) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return move(whole);
}
