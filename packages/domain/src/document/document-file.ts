/**
 * A product's document as a stored file: rendered once per (product version, its recipes' versions, a lead magnet's
 * source version, renderer revision, format, page size, units), kept in the file store under a key derived from all
 * of them, and served from there afterwards. Concurrent first requests for one file in this process share one render;
 * storing a new generation removes the product's older ones, so storage holds at most the current set per product.
 */
import { createHash } from 'node:crypto';
import { ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { ProductError } from '../shared/errors.js';
import type { FileStore, FileStoreError, StoredFile } from '../storage/file-store.js';
import { DOCUMENT_MEDIA_TYPES } from './document-options.js';
import { prepareProductDocument, type DocumentDeps, type PreparedDocument } from './prepare-document.js';
import type { RenderFailure, RenderQueue } from './render-queue.js';

export interface DocumentFileDeps extends DocumentDeps {
  readonly rendering: RenderQueue;
  readonly files: FileStore;
}

/** Where a document's file is (or will be) kept, and what the download is called. */
export interface LocatedDocument {
  readonly prepared: PreparedDocument;
  readonly key: string;
  readonly fileName: string;
  readonly mediaType: string;
}

export interface DocumentFile {
  readonly size: number;
  readonly body: AsyncIterable<Uint8Array>;
  /** `stored`: read from the file store; `rendered`: rendered for this call (or a concurrent one). */
  readonly source: 'stored' | 'rendered';
  /** Housekeeping that failed after a render (the file could not be stored, old ones not removed): for the log. */
  readonly storageProblem: string | null;
}

export type DocumentFileError = RenderFailure | FileStoreError;

interface Rendered {
  readonly bytes: Uint8Array;
  readonly storageProblem: string | null;
}

const PRODUCT_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;
const digest = (text: string, length: number): string => createHash('sha256').update(text).digest('base64url').slice(0, length);

/** `documents/<product>/`: every file of one product's documents. */
export const documentPrefix = (productId: string): string => `documents/${PRODUCT_SEGMENT.test(productId) ? productId : digest(productId, 32)}/`;

/**
 * `documents/<product>/<generation>/<page size>-<units>.<format>`. The generation is a digest of everything the
 * content depends on except the options, so that one generation holds every variant of one version of a product.
 */
export function documentFileKey(prepared: PreparedDocument, rendererRevision: string): string {
  const { options, versionKey, document } = prepared;
  // The version key ends with the options; the generation is made of what comes before them.
  const generation = digest(`${rendererRevision}\n${versionKey.split('|').slice(0, -3).join('|')}`, 22);
  return `${documentPrefix(document.product_id)}${generation}/${options.page_size}-${options.units}.${options.format}`;
}

const generationOf = (key: string): string | undefined => key.split('/')[2];

function oneChunk(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  return (async function* () {
    yield bytes;
  })();
}

/** Removes the product's files of other generations stored no later than `kept`; says what went wrong, if anything. */
async function removeOlderGenerations(files: FileStore, kept: StoredFile): Promise<string | null> {
  const prefix = kept.key.split('/').slice(0, 2).join('/') + '/';
  const listed = await files.list(prefix);
  if (listed.isErr()) return `old renders not removed: ${listed.error.message}`;
  const stale = listed.value.filter((file) => generationOf(file.key) !== generationOf(kept.key) && file.storedAt.getTime() <= kept.storedAt.getTime());
  for (const file of stale) {
    const removed = await files.delete(file.key);
    if (removed.isErr()) return `old render ${file.key} not removed: ${removed.error.message}`;
  }
  return null;
}

export function documentFiles(deps: DocumentFileDeps) {
  const prepare = prepareProductDocument(deps);
  const rendering = new Map<string, Promise<Result<Rendered, DocumentFileError>>>();

  const renderAndStore = async (located: LocatedDocument): Promise<Result<Rendered, DocumentFileError>> => {
    const { document, options } = located.prepared;
    const rendered = await deps.rendering.render(document, { format: options.format, pageSize: options.page_size });
    if (rendered.isErr()) return rendered.map(() => undefined as never);
    const bytes = rendered.value;
    // A file that cannot be stored is still the customer's file: it is served, and the next request renders again.
    const stored = await deps.files.put(located.key, bytes, { contentType: located.mediaType });
    const storageProblem = stored.isErr() ? `render not stored: ${stored.error.message}` : await removeOlderGenerations(deps.files, stored.value);
    return ok({ bytes, storageProblem });
  };

  /** One render per key at a time in this process; callers that arrive while it runs share its result. */
  const renderOnce = (located: LocatedDocument): ResultAsync<DocumentFile, DocumentFileError> => {
    let running = rendering.get(located.key);
    if (running === undefined) {
      running = renderAndStore(located).finally(() => rendering.delete(located.key));
      rendering.set(located.key, running);
    }
    // Each caller gets a body of its own: an iterable is read once.
    return new ResultAsync(running).map(({ bytes, storageProblem }) => ({ size: bytes.byteLength, body: oneChunk(bytes), source: 'rendered' as const, storageProblem }));
  };

  return {
    /** The product, its recipes and the options, settled; the file's key. Nothing is rendered or read from storage. */
    locate(command: Parameters<typeof prepare>[0]): ResultAsync<LocatedDocument, ProductError> {
      return prepare(command).map((prepared) => ({
        prepared,
        key: documentFileKey(prepared, deps.rendering.revision),
        fileName: `${prepared.document.file_stem}.${prepared.options.format}`,
        mediaType: DOCUMENT_MEDIA_TYPES[prepared.options.format],
      }));
    },

    /** The stored file, or a render of it (stored for the next caller). */
    open(located: LocatedDocument): ResultAsync<DocumentFile, DocumentFileError> {
      // A store that cannot be read is no reason to refuse the file: it is rendered (and served) all the same.
      return deps.files.get(located.key).orElse(() => okAsync(null)).andThen((found) =>
        found === null
          ? renderOnce(located)
          : okAsync<DocumentFile, DocumentFileError>({ size: found.file.size, body: found.body, source: 'stored', storageProblem: null }),
      );
    },
  };
}

export type DocumentFiles = ReturnType<typeof documentFiles>;
