/**
 * A product's generated cover, drawn once and kept: the use case behind the API's `cover` (`generated: true`), the
 * listing image and a lead magnet page's picture. A cover is looked up by its identity (see `generated-cover.ts`);
 * only when it is not stored yet is it drawn (the artist's JPEG and, from the same drawing, the upload renditions'
 * widths and formats), stored, and found from then on. Concurrent asks for one cover share one drawing.
 *
 * Drawing happens off the event loop (sharp's threads, a render thread) but takes about a second: a single product's
 * read waits for it once, a list never does (see `storedCovers`).
 */
import { errAsync, okAsync, ResultAsync, type Result } from 'neverthrow';
import { CoverNotDrawnNow, type CoverArtist, type CoverBrand, type CoverRequest, type ListingCover } from '../document/cover-image.js';
import type { DocumentImage } from '../document/product-document.js';
import { MEDIA_TYPES, mediaKeyOfUrl, photoWidths, type Photo } from '../media/photo.js';
import { findRecipesInPieces, type RecipeRepository } from '../recipe/recipe-repository.js';
import { storeUnavailable, type StoreUnavailable } from '../shared/errors.js';
import { sharedWhileRunning } from '../shared/shared-while-running.js';
import { readAll, type FileStore } from '../storage/file-store.js';
import { coverIdentity, coverRecipeIds, coverRequestOf, generatedCoverPhoto } from './generated-cover.js';
import type { Product } from './product.js';

export interface GeneratedCoverDeps {
  readonly covers: CoverArtist;
  readonly files: FileStore;
  readonly recipes: Pick<RecipeRepository, 'findByIds'>;
  /**
   * Where a list's covers read their recipes (a page takes photos from up to 240): the search index's copy when the
   * service has one (`IndexedRecipeRepository.findByIdsListed`); `recipes` when absent. A single product's cover, the
   * one drawn and the listing image, always reads `recipes`.
   */
  readonly listedRecipes?: Pick<RecipeRepository, 'findByIds'>;
}

export type GeneratedCoverError = StoreUnavailable;

/** The brand a product's cover carries (its creator's name and colour), null for none. */
export type CoverBrandOf = (product: Product) => CoverBrand | null;
const NO_BRAND: CoverBrandOf = () => null;

export interface GeneratedCovers {
  /** The product's generated cover, drawn and stored first when it is not stored yet. */
  coverOf(product: Product, brand?: CoverBrand | null): ResultAsync<Photo, GeneratedCoverError>;
  /**
   * The generated covers already stored, by product id, for a list: one read of recipes for the page, one look-up
   * per cover, no drawing. A cover not stored yet is left out and drawn in the background, one at a time.
   */
  storedCovers(products: readonly Product[], brandOf?: CoverBrandOf): ResultAsync<ReadonlyMap<string, Photo>, StoreUnavailable>;
  /**
   * The product's cover as one JPEG, for a listing image: the uploaded cover's largest rendition, else the generated
   * cover (drawn first if need be). `key` names the file, so that a caller can tell whether it changed before it
   * reads the bytes.
   */
  coverImage(product: Product, brand?: CoverBrand | null): ResultAsync<CoverFile, GeneratedCoverError>;
}

export interface CoverFile {
  readonly key: string;
  bytes(): ResultAsync<Uint8Array, StoreUnavailable>;
}

/** Covers waiting to be drawn for lists, at most: a long list of new products is drawn as it is read again. */
const BACKGROUND_QUEUE = 32;
/** How long a list trusts that a cover is not stored yet before it looks again. */
const NOT_STORED_FOR_MS = 10_000;
/** Covers remembered as not stored, at most (about 100 bytes each). */
const NOT_STORED_KEPT = 10_000;


export function generatedCovers(deps: GeneratedCoverDeps): GeneratedCovers {
  const drawing = sharedWhileRunning<Result<Photo, GeneratedCoverError>>();
  const queued = new Set<string>();
  /** Covers a list found not stored, and when (see `storedForList`). */
  const notStoredAt = new Map<string, number>();
  let background: Promise<unknown> = Promise.resolve();

  const requestsOf = (products: readonly Product[], brandOf: CoverBrandOf, from: Pick<RecipeRepository, 'findByIds'> = deps.recipes): ResultAsync<CoverRequest[], StoreUnavailable> =>
    findRecipesInPieces(from, [...new Set(products.flatMap(coverRecipeIds))]).map((recipes) => products.map((product) => coverRequestOf(product, recipes, brandOf(product))));

  const isStored = (photo: Photo): ResultAsync<boolean, StoreUnavailable> => deps.files.head(mediaKeyOfUrl(photo.url) ?? '').map((found) => found !== null);

  async function withPhotoBytes(request: CoverRequest): Promise<CoverRequest> {
    const photos: DocumentImage[] = [];
    for (const photo of request.photos ?? []) {
      const found = await deps.files.get(photo.key);
      const bytes = found.isOk() && found.value !== null ? await readAll(found.value.body).catch(() => null) : null;
      if (bytes !== null) photos.push({ ...photo, bytes });
    }
    return { ...request, photos };
  }

  /**
   * The artist's drawing, with its renditions (every width and format of an upload's, but the largest JPEG: the drawing
   * itself). With photos it can fail (a stored photo the codec cannot read): then drawn without them, and when even
   * that fails, an error value (the cover is shown as none, and the next read tries again), never a rejection. An
   * artist that could not draw now (`CoverNotDrawnNow`: busy, stopped) is not asked for the picture without photos,
   * which would be stored under this cover's identity for good: the next read tries again.
   */
  const picture = (request: CoverRequest, photo: Photo): ResultAsync<ListingCover, GeneratedCoverError> => {
    const widths = photoWidths(deps.covers.size.width);
    const options = { except: [{ format: 'jpeg' as const, width: photo.width }] };
    return ResultAsync.fromPromise(
      withPhotoBytes(request).then((readable) =>
        deps.covers.listingCover(readable, widths, options).catch((error: unknown) => {
          if ((readable.photos ?? []).length === 0 || error instanceof CoverNotDrawnNow) throw error;
          return deps.covers.listingCover({ ...readable, photos: [] }, widths, options);
        }),
      ),
      (error) => storeUnavailable({ message: `the cover could not be drawn: ${error instanceof Error ? error.message : String(error)}` }),
    );
  };

  /** Draws and stores the cover; its largest JPEG (the drawing itself, with its sRGB profile) last. */
  const draw = (request: CoverRequest, photo: Photo): ResultAsync<Photo, GeneratedCoverError> =>
    picture(request, photo).andThen((drawn) => {
      const keyOf = (format: string, width: number): string | null => {
        const variant = photo.variants.find((candidate) => candidate.format === format && candidate.width === width);
        return variant === undefined ? null : mediaKeyOfUrl(variant.url);
      };
      const largest = mediaKeyOfUrl(photo.url) ?? '';
      const smaller = drawn.renditions.flatMap((rendition) => {
        const key = keyOf(rendition.format, rendition.width);
        return key === null || key === largest ? [] : [{ key, bytes: rendition.bytes, contentType: MEDIA_TYPES[rendition.format] }];
      });
      return ResultAsync.combine(smaller.map((file) => deps.files.put(file.key, file.bytes, { contentType: file.contentType }).mapErr(storeUnavailable)))
        .andThen(() => deps.files.put(largest, drawn.bytes, { contentType: drawn.contentType }).mapErr(storeUnavailable))
        .map(() => {
          notStoredAt.delete(photo.url);
          return photo;
        });
    });

  /** One drawing per cover at a time, shared by every caller that asks meanwhile. */
  const drawOnce = (request: CoverRequest, photo: Photo): ResultAsync<Photo, GeneratedCoverError> => new ResultAsync(drawing(photo.url, () => draw(request, photo)));

  const ensure = (request: CoverRequest): ResultAsync<Photo, GeneratedCoverError> => {
    const photo = generatedCoverPhoto(coverIdentity(request), deps.covers.size);
    return isStored(photo).andThen((stored): ResultAsync<Photo, GeneratedCoverError> => (stored ? okAsync(photo) : drawOnce(request, photo)));
  };

  /**
   * For a list only: a cover found not stored is not looked up again for `NOT_STORED_FOR_MS` (it is being drawn in the
   * background, and this process forgets that once it has drawn it); another process's drawing shows after that at the
   * latest. A cover found stored is looked up again at every list: its files may have gone since (a store restored
   * without them), and then the list shows none and draws it again.
   */
  const storedForList = (photo: Photo): ResultAsync<boolean, StoreUnavailable> => {
    const checked = notStoredAt.get(photo.url);
    if (checked !== undefined && Date.now() - checked < NOT_STORED_FOR_MS) return okAsync(false);
    return isStored(photo).map((stored) => {
      if (stored) notStoredAt.delete(photo.url);
      else {
        if (notStoredAt.size >= NOT_STORED_KEPT) notStoredAt.clear();
        notStoredAt.set(photo.url, Date.now());
      }
      return stored;
    });
  };

  const inBackground = (request: CoverRequest): void => {
    const identity = coverIdentity(request);
    if (queued.has(identity) || queued.size >= BACKGROUND_QUEUE) return;
    queued.add(identity);
    // A failure is no one's to report: the next read of the product draws it, or says why not.
    background = background
      .then(() => ensure(request))
      .then(
        () => queued.delete(identity),
        () => queued.delete(identity),
      );
  };

  const ensureFor = (product: Product, brand: CoverBrand | null): ResultAsync<Photo, GeneratedCoverError> =>
    requestsOf([product], () => brand).andThen(([request]) => (request === undefined ? errAsync(storeUnavailable({ message: 'no cover request' })) : ensure(request)));

  return {
    coverOf: (product, brand = null) => ensureFor(product, brand),
    storedCovers: (products, brandOf = NO_BRAND) =>
      requestsOf(products, brandOf, deps.listedRecipes ?? deps.recipes).andThen((requests) =>
        ResultAsync.combine(
          requests.map((request, index) => {
            const photo = generatedCoverPhoto(coverIdentity(request), deps.covers.size);
            return storedForList(photo).map((stored) => {
              if (!stored) inBackground(request);
              return stored ? ([products[index]?.id ?? '', photo] as const) : null;
            });
          }),
        ).map((found) => new Map(found.flatMap((entry) => (entry === null ? [] : [entry])))),
      ),
    coverImage: (product, brand = null) => {
      const photo: ResultAsync<Photo, GeneratedCoverError> = product.cover !== null ? okAsync(product.cover) : ensureFor(product, brand);
      return photo.map((chosen): CoverFile => {
        const key = mediaKeyOfUrl(chosen.url) ?? '';
        const bytes = () =>
          deps.files
            .get(key)
            .andThen((found) =>
              found === null
                ? errAsync(storeUnavailable({ message: `the cover's file ${key} is missing` }))
                : ResultAsync.fromPromise(readAll(found.body), (error) => storeUnavailable({ message: `the cover's file could not be read: ${String(error)}` })),
            );
        return { key, bytes };
      });
    },
  };
}
