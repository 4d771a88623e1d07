/**
 * The port through which documents are rendered off the caller's thread: a bounded queue in front of renderers that
 * run elsewhere (worker threads in the service). Its failures are expected ones and come back as values: a full
 * queue (`RendererBusy`: try again later) and a render that threw or ran out of time (`RenderFailed`).
 */
import { ResultAsync } from 'neverthrow';
import type { DocumentFormat, PageSize } from './document-options.js';
import type { DocumentRenderer } from './document-renderer.js';
import type { ProductDocument } from './product-document.js';
import { readAll } from '../storage/file-store.js';

export interface RendererBusy {
  readonly type: 'RendererBusy';
  /** When a client should ask again. */
  readonly retryAfterSeconds: number;
}

export interface RenderFailed {
  readonly type: 'RenderFailed';
  /** For the log, never for a client. */
  readonly message: string;
  /** Ran past the queue's time limit (and was stopped), rather than threw. */
  readonly timedOut: boolean;
}

export type RenderFailure = RendererBusy | RenderFailed;

export interface RenderOptions {
  readonly format: DocumentFormat;
  readonly pageSize: PageSize;
}

export interface RenderQueue {
  /** The renderer's layout revision (see `DocumentRenderer.revision`). */
  readonly revision: string;
  /** The whole file. */
  render(document: ProductDocument, options: RenderOptions): ResultAsync<Uint8Array, RenderFailure>;
  /**
   * The pixels across which this renderer prints a document's cover (a PDF's title page at its print resolution, an
   * EPUB's cover width), so that a stored picture can be chosen no larger than it needs; absent: the widest.
   */
  coverWidth?(document: Pick<ProductDocument, 'layout'>, options: RenderOptions): number;
}

/** Every chunk a renderer writes, as one file; a throw becomes `RenderFailed`. */
export function renderWhole(renderer: DocumentRenderer, document: ProductDocument, options: RenderOptions): ResultAsync<Uint8Array, RenderFailed> {
  const run = async () => readAll(await renderer.render(document, options));
  return ResultAsync.fromPromise(run(), (error): RenderFailed => ({ type: 'RenderFailed', message: error instanceof Error ? error.message : String(error), timedOut: false }));
}

/**
 * A queue that renders on the caller's own thread, as calls come: for tests and for programs that embed the domain
 * without worker threads. It never answers `RendererBusy`.
 */
export function inlineRenderQueue(renderer: DocumentRenderer): RenderQueue {
  const queue: RenderQueue = { revision: renderer.revision, render: (document, options) => renderWhole(renderer, document, options) };
  const coverWidth = renderer.coverWidth?.bind(renderer);
  return coverWidth === undefined ? queue : { ...queue, coverWidth };
}
