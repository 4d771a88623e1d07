/**
 * From an upload's bytes to a stored photo: the checks in the contract's order (size, magic numbers, markup, the
 * codec's reading, pixels), then the renditions, each stored under a key derived from its bytes and its owner.
 *
 * Keys are `media/<sha256 of owner and bytes>.<ext>`: unguessable without the file itself, stable for the same upload
 * to the same owner, and never shared between two owners, so that removing one recipe's replaced photo can never take
 * away another's (two recipes given the same picture keep two copies).
 */
import { createHash } from 'node:crypto';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { storeUnavailable, type StoreUnavailable } from '../shared/errors.js';
import type { FileStore } from '../storage/file-store.js';
import { containsMarkup, sniffImageFormat } from './image-format.js';
import { imageTooLarge, imageUnsupported, type ImageProcessor, type ImageRejected, type ImageRendition, type ImagesBusy } from './image-processor.js';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MEDIA_EXTENSIONS,
  MEDIA_TYPES,
  PHOTO_FORMATS,
  mediaUrlOfKey,
  photoKeys,
  photoWidths,
  type Photo,
  type PhotoVariant,
} from './photo.js';

export interface PhotoDeps {
  readonly images: ImageProcessor;
  readonly files: FileStore;
}

export type PhotoError = ImageRejected | ImagesBusy | StoreUnavailable;

const ACCEPTED = 'JPEG, PNG, WebP or AVIF';

/** The checks that need no decoder. */
export function checkUpload(bytes: Uint8Array): ResultAsync<void, ImageRejected> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) return errAsync(imageTooLarge(`an image may be up to ${MAX_PHOTO_BYTES} bytes (20 MiB)`));
  if (bytes.byteLength === 0) return errAsync(imageUnsupported(`the body is empty; send the image itself (${ACCEPTED})`));
  const sniffed = sniffImageFormat(bytes);
  if (sniffed === null) return errAsync(imageUnsupported(`the body is not a ${ACCEPTED} image`));
  if (containsMarkup(bytes)) return errAsync(imageUnsupported(`the ${sniffed.toUpperCase()} image also holds markup or script; send the image alone`));
  return okAsync(undefined);
}

function mediaKey(owner: string, rendition: ImageRendition): string {
  const digest = createHash('sha256').update(owner).update('\u0000').update(rendition.bytes).digest('hex');
  return `media/${digest}.${MEDIA_EXTENSIONS[rendition.format]}`;
}

const byWidthThenFormat = (a: PhotoVariant, b: PhotoVariant): number =>
  a.width - b.width || PHOTO_FORMATS.indexOf(a.format) - PHOTO_FORMATS.indexOf(b.format);

/**
 * Checks, renders and stores an upload for `owner` (`recipe:<id>`, `product:<id>`); the photo to record. Nothing is
 * stored unless every check passed and every rendition was made.
 */
export const storePhoto =
  (deps: PhotoDeps) =>
  (bytes: Uint8Array, owner: string): ResultAsync<Photo, PhotoError> =>
    checkUpload(bytes)
      .andThen(() => deps.images.probe(bytes))
      .andThen((probe) => {
        const sniffed = sniffImageFormat(bytes);
        if (probe.format !== sniffed) {
          return errAsync(imageUnsupported(`the bytes begin like ${String(sniffed).toUpperCase()} but decode as ${probe.format}; send a plain ${ACCEPTED} image`));
        }
        if (probe.width * probe.height > MAX_PHOTO_PIXELS) {
          return errAsync(imageTooLarge(`the image is ${probe.width} × ${probe.height} pixels; up to ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted`));
        }
        return deps.images.renditions(bytes, photoWidths(probe.width), MAX_PHOTO_PIXELS);
      })
      .andThen((renditions) =>
        ResultAsync.combine(
          renditions.map((rendition) => {
            const key = mediaKey(owner, rendition);
            return deps.files
              .put(key, rendition.bytes, { contentType: MEDIA_TYPES[rendition.format] })
              .mapErr(storeUnavailable)
              .map((): PhotoVariant => ({ url: mediaUrlOfKey(key), width: rendition.width, height: rendition.height, format: rendition.format }));
          }),
        ),
      )
      .map((variants): Photo => {
        const sorted = [...variants].sort(byWidthThenFormat);
        const largest = sorted.filter((variant) => variant.format === 'jpeg').at(-1) ?? sorted[sorted.length - 1];
        if (largest === undefined) throw new Error('an image processor returned no renditions');
        return { url: largest.url, width: largest.width, height: largest.height, variants: sorted };
      });

/**
 * Removes the files of a photo that was replaced or removed, keeping any the new one still uses (the same upload
 * again). Best effort: a store that fails here leaves files no photo names, never a photo without its files.
 */
export const removeReplacedPhoto =
  (deps: Pick<PhotoDeps, 'files'>) =>
  async (replaced: Photo | null, current: Photo | null): Promise<void> => {
    const kept = new Set(photoKeys(current));
    await Promise.all(photoKeys(replaced).filter((key) => !kept.has(key)).map((key) => deps.files.delete(key)));
  };

export const samePhoto = (a: Photo | null, b: Photo | null): boolean => JSON.stringify(a) === JSON.stringify(b);
