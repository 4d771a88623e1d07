import type { DocumentFormat, PageSize } from './document-options.js';
import type { ProductDocument } from './product-document.js';

/**
 * The port a rendering adapter implements: a document model in, the file's bytes out as a stream, so that a large
 * book reaches the customer while it is still being written. A failure here is a bug (the model is valid by
 * construction), so it rejects or errors the stream rather than returning a domain error.
 */
export interface DocumentRenderer {
  /** Changes when the renderer's layouts change, so that a validator derived from a document changes with them. */
  readonly revision: string;
  render(document: ProductDocument, options: { readonly format: DocumentFormat; readonly pageSize: PageSize }): Promise<AsyncIterable<Uint8Array>>;
  /** The pixels across which it prints a document's cover (see `RenderQueue.coverWidth`). */
  coverWidth?(document: Pick<ProductDocument, 'layout'>, options: { readonly format: DocumentFormat; readonly pageSize: PageSize }): number;
}
