/**
 * A recipe's photo or a product's cover as the API shows it: the largest rendition (`url`, JPEG) and every rendition
 * in WebP and JPEG. Each `url` is `/media/<file>` and the file is stored under the key `media/<file>`: the address
 * and the storage key are one name, so nothing else needs keeping.
 */
export const PHOTO_FORMATS = ['webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export interface PhotoVariant {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly format: PhotoFormat;
}

export interface Photo {
  /** The largest JPEG rendition (the original's size, capped at `MAX_PHOTO_WIDTH`). */
  readonly url: string;
  readonly width: number;
  readonly height: number;
  /** Narrowest first; WebP before JPEG at each width. */
  readonly variants: readonly PhotoVariant[];
}

/** Widths made below the original's own; never wider than the original (no upscaling). */
export const PHOTO_WIDTHS = [320, 800, 1600] as const;
/** The original is kept at most this wide. */
export const MAX_PHOTO_WIDTH = 3000;
/** An upload over this many bytes is refused (413) before it is read further. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** An image with more pixels than this is refused (413) before it is decoded. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The widths to render for an image `width` pixels wide (after orientation): each distinct, ascending. */
export function photoWidths(width: number): number[] {
  const top = Math.min(width, MAX_PHOTO_WIDTH);
  return [...new Set([...PHOTO_WIDTHS.filter((candidate) => candidate < top), top])];
}

export const MEDIA_URL_PREFIX = '/media/';
const MEDIA_FILE = /^[0-9a-f]{64}\.(?:webp|jpg)$/;

/** A `GET /media/{file}` name the service could have made: 64 hex digits and `.webp` or `.jpg`, nothing else. */
export const isMediaFileName = (name: string): boolean => MEDIA_FILE.test(name);
export const mediaKeyOfFile = (name: string): string => `media/${name}`;
export const mediaUrlOfKey = (key: string): string => `/${key}`;
/** The storage key behind a photo's `url`; null for a url the service did not make. */
export function mediaKeyOfUrl(url: string): string | null {
  const name = url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : '';
  return isMediaFileName(name) ? mediaKeyOfFile(name) : null;
}

export const MEDIA_TYPES: Record<PhotoFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };
export const MEDIA_EXTENSIONS: Record<PhotoFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** Every storage key a photo's files are kept under. */
export const photoKeys = (photo: Photo | null): string[] =>
  photo === null ? [] : [...new Set([photo.url, ...photo.variants.map((variant) => variant.url)].flatMap((url) => mediaKeyOfUrl(url) ?? []))];
