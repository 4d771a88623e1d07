/**
 * A product's document as a stored file: rendered once per (product version, its recipes' versions, a lead magnet's
 * source version, renderer revision, format, page size, units), kept in the file store under a key derived from all
 * of them, and served from there afterwards. Concurrent first requests for one file in this process share one render;
 * storing a new generation removes the product's older ones, so storage holds at most the current set per product.
 */
import { createHash } from 'node:crypto';
import { err, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { ProductError } from '../shared/errors.js';
import { oneChunk, type FileStore, type FileStoreError, type StoredFile } from '../storage/file-store.js';
import { DOCUMENT_MEDIA_TYPES } from './document-options.js';
import { PRINT_COVER_WIDTH, withImageBytes } from './document-images.js';
import { withStoredCover } from './stored-cover.js';
import { loadDocumentSubject, prepareSubject, type DocumentCommand, type DocumentDeps, type DocumentSubject, type PreparedDocument } from './prepare-document.js';
import { documentBrandKey } from './document-brand.js';
import { systemClock } from '../shared/node-crypto.js';
import type { Clock } from '../shared/ports.js';
import { recipesAsOf, type RecipeRepository, type RecipesAsOfMark } from '../recipe/recipe-repository.js';
import type { RenderFailure, RenderQueue } from './render-queue.js';

export interface DocumentFileDeps extends DocumentDeps {
  /**
   * With `findByIdsAsOf` (the service's `IndexedRecipeRepository`), a document's recipes come from the search index
   * when the change feed has applied the mark read just before them: a 500-recipe book is then no 500 queries.
   */
  readonly recipes: Pick<RecipeRepository, 'findByIds' | 'changeMark'> & Partial<RecipesAsOfMark>;
  readonly rendering: RenderQueue;
  readonly files: FileStore;
  /**
   * The size generated covers are drawn at (`CoverArtist.size`): with it, a product's generated cover stored when its
   * listing image was made is printed from storage (`withStoredCover`) instead of drawn again for the document.
   */
  readonly coverSize?: { readonly width: number; readonly height: number };
  /** For how long a reused key is trusted; the system clock by default. */
  readonly clock?: Clock;
}

/** Where a document's file is (or will be) kept, what its validator derives from, and what the download is called. */
export interface LocatedDocument {
  readonly subject: DocumentSubject;
  readonly key: string;
  /** Everything the bytes depend on, renderer revision aside (see `documentVersionKey`). */
  readonly versionKey: string;
  readonly fileName: string;
  readonly mediaType: string;
  /** The model, when this call read the recipes; null when the key was reused from an earlier call. */
  readonly prepared: PreparedDocument | null;
  /** The recipes' change mark read before the key was found. */
  readonly mark: string;
  /** Who asked: whose brand a product no user has published carries. */
  readonly requester: string | null;
}

export interface DocumentFile {
  readonly size: number;
  readonly body: AsyncIterable<Uint8Array>;
  /** `stored`: read from the file store; `rendered`: rendered for this call (or a concurrent one). */
  readonly source: 'stored' | 'rendered';
  /**
   * Settles once a render's file is stored and the product's older ones removed, which happens after the file is
   * handed out (a client does not wait for storage): what failed, for the log (the file could not be stored, old ones
   * not removed), or null. Null at once for a file read from storage. Never rejects.
   */
  readonly stored: Promise<string | null>;
}

export type DocumentFileError = RenderFailure | FileStoreError;

interface Rendered {
  readonly bytes: Uint8Array;
  /** The storing that follows the render (see `DocumentFile.stored`). */
  readonly stored: Promise<string | null>;
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
  const { options, contentKey, document } = prepared;
  const generation = digest(`${rendererRevision}\n${contentKey}`, 22);
  return `${documentPrefix(document.product_id)}${generation}/${options.page_size}-${options.units}.${options.format}`;
}

const generationOf = (key: string): string | undefined => key.split('/')[2];

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

/** A key found from the recipes is reused while their change mark stays and for at most this long. */
export const DOCUMENT_KEY_TRUST_MS = 60_000;
const KEYS_REMEMBERED = 1000;

interface RememberedKey {
  readonly mark: string;
  readonly at: number;
  readonly located: LocatedDocument;
}

const subjectKey = ({ product, sourceProduct, options, brand }: DocumentSubject): string =>
  [`${product.id}@${product.version}`, sourceProduct === null ? '-' : `${sourceProduct.id}@${sourceProduct.version}`, options.format, options.page_size, options.units, documentBrandKey(brand)].join('|');

export function documentFiles(deps: DocumentFileDeps) {
  const load = loadDocumentSubject(deps);
  const prepare = prepareSubject(deps);
  const now = () => (deps.clock ?? systemClock).now().getTime();
  const rendering = new Map<string, Promise<Result<Rendered, DocumentFileError>>>();
  // A product's key needs its recipes' versions: 500 reads on a slow engine. Remembered per (product version,
  // source version, options) with the recipes' change mark read before them, it is reused until any recipe is
  // written (the mark moves) or DOCUMENT_KEY_TRUST_MS has passed, whichever comes first.
  const remembered = new Map<string, RememberedKey>();

  const locatedFrom = (subject: DocumentSubject, prepared: PreparedDocument, mark: string, requester: string | null): LocatedDocument => ({
    subject,
    prepared,
    mark,
    requester,
    key: documentFileKey(prepared, deps.rendering.revision),
    versionKey: prepared.versionKey,
    fileName: `${prepared.document.file_stem}.${prepared.options.format}`,
    mediaType: DOCUMENT_MEDIA_TYPES[prepared.options.format],
  });

  const remember = (subject: DocumentSubject, mark: string, located: LocatedDocument) => {
    const key = subjectKey(subject);
    remembered.delete(key);
    remembered.set(key, { mark, at: now(), located: { ...located, prepared: null } });
    if (remembered.size > KEYS_REMEMBERED) remembered.delete(remembered.keys().next().value ?? '');
  };

  /**
   * Keeps a rendered file under its key, then, when the key is still the product's current one, removes the
   * product's older generations. Says what went wrong, if anything; never rejects.
   */
  const store = async (located: LocatedDocument, bytes: Uint8Array): Promise<string | null> => {
    try {
      const stored = await deps.files.put(located.key, bytes, { contentType: located.mediaType });
      if (stored.isErr()) return `render not stored: ${stored.error.message}`;
      return (await stillCurrent(located)) ? await removeOlderGenerations(deps.files, stored.value) : null;
    } catch (error) {
      return `render not stored: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  /**
   * The render's bytes as soon as they exist; storing them follows (`Rendered.stored`), so the first download does
   * not wait for the file store (about 0.7 s for a 500-recipe book on FerretDB among 20 readers).
   */
  const renderAndStore = async (located: LocatedDocument & { prepared: PreparedDocument }): Promise<Result<Rendered, DocumentFileError>> => {
    const { options } = located.prepared;
    // Photos and the cover are read from the store now, so the render (in a worker) needs nothing but the model.
    const renderOptions = { format: options.format, pageSize: options.page_size };
    const given = located.prepared.document;
    const { document, missing } = await withImageBytes(
      deps.files,
      deps.coverSize === undefined ? given : await withStoredCover(deps.files, given, { size: deps.coverSize, width: deps.rendering.coverWidth?.(given, renderOptions) ?? PRINT_COVER_WIDTH }),
    );
    const rendered = await deps.rendering.render(document, renderOptions);
    if (rendered.isErr()) return err(rendered.error);
    const bytes = rendered.value;
    // Drawn without a picture that could not be read: served, never kept under the key of the whole document.
    if (missing.length > 0) return ok({ bytes, stored: Promise.resolve(`render not stored: ${missing.length} image(s) could not be read (${missing[0]})`) });
    // A file that cannot be stored is still the customer's file: it is served, and the next request renders again.
    return ok({ bytes, stored: store(located, bytes) });
  };

  // Each caller gets a body of its own: an iterable is read once.
  const asFile = ({ bytes, stored }: Rendered): DocumentFile => ({ size: bytes.byteLength, body: oneChunk(bytes), source: 'rendered', stored });

  /**
   * One render per key at a time in this process; callers that arrive while it runs, or while its file is being
   * stored, share its result (rather than read a file not stored yet and render it again).
   */
  const renderOnce = (located: LocatedDocument & { prepared: PreparedDocument }): ResultAsync<DocumentFile, DocumentFileError | ProductError> => {
    let running = rendering.get(located.key);
    if (running === undefined) {
      const started = renderAndStore(located);
      running = started;
      rendering.set(located.key, started);
      const forget = () => {
        if (rendering.get(located.key) === started) rendering.delete(located.key);
      };
      void started.then((result) => (result.isOk() ? result.value.stored : null), () => null).then(forget);
    }
    return new ResultAsync(running).map(asFile);
  };

  /** The model for a render: this call's, or read again for a key that was reused. */
  const withModel = (located: LocatedDocument): ResultAsync<LocatedDocument & { prepared: PreparedDocument }, ProductError> =>
    located.prepared !== null
      ? okAsync({ ...located, prepared: located.prepared })
      : deps.recipes.changeMark().andThen((mark) => prepare(located.subject, recipesAsOf(deps.recipes, mark)).map((prepared) => ({ ...locatedFrom(located.subject, prepared, mark, located.requester), prepared })));

  /**
   * Whether `located` still names the current file: no recipe written and the product (and its source) unchanged
   * since its key was found. Only then may a render remove the product's other generations: a render that finished
   * late, after a newer version was rendered, must not remove the newer file.
   */
  const stillCurrent = async (located: LocatedDocument): Promise<boolean> => {
    const { product, options } = located.subject;
    const current = await ResultAsync.combine([deps.recipes.changeMark(), load({ id: product.id, format: options.format, page_size: options.page_size, units: options.units, requester: located.requester })] as const);
    return current.isOk() && current.value[0] === located.mark && subjectKey(current.value[1]) === subjectKey(located.subject);
  };

  return {
    /**
     * The product and the options, settled, and the file's key: from a remembered key while no recipe has been
     * written since it was found, else from the recipes themselves. Nothing is rendered or read from storage.
     */
    locate(command: DocumentCommand): ResultAsync<LocatedDocument, ProductError> {
      // The mark is read before the recipes are (below), side by side with the product: one round trip less.
      return ResultAsync.combine([load(command), deps.recipes.changeMark()] as const).andThen(([subject, mark]) => {
        const known = remembered.get(subjectKey(subject));
        if (known !== undefined && known.mark === mark && now() - known.at < DOCUMENT_KEY_TRUST_MS) return okAsync(known.located);
        return prepare(subject, recipesAsOf(deps.recipes, mark)).map((prepared) => {
          const located = locatedFrom(subject, prepared, mark, command.requester ?? null);
          remember(subject, mark, located);
          return located;
        });
      });
    },

    /** The stored file, or a render of it (stored for the next caller). */
    open(located: LocatedDocument): ResultAsync<DocumentFile, DocumentFileError | ProductError> {
      // A store that cannot be read is no reason to refuse the file: it is rendered (and served) all the same.
      // A render of this key under way here: wait for it rather than read storage (or the recipes) meanwhile.
      const running = rendering.get(located.key);
      if (running !== undefined) return new ResultAsync(running).map(asFile);
      return deps.files
        .get(located.key)
        .orElse(() => okAsync(null))
        .andThen((found) =>
          found === null
            ? withModel(located).andThen(renderOnce)
            : okAsync<DocumentFile, DocumentFileError | ProductError>({ size: found.file.size, body: found.body, source: 'stored', stored: Promise.resolve(null) }),
        );
    },
  };
}

export type DocumentFiles = ReturnType<typeof documentFiles>;
