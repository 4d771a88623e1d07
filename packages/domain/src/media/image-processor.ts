/**
 * The port to an image codec (sharp in the service). It reads what an image is and renders the photo's renditions;
 * the rules (which formats, how large, which widths) are the domain's (`photo-upload.ts`). Bytes the codec cannot
 * read, or reads as a format other than the one asked, are `ImageUnsupported`.
 */
import type { ResultAsync } from 'neverthrow';
import { PHOTO_FORMATS, type PhotoFormat } from './photo.js';

export interface ImageUnsupported {
  readonly type: 'ImageUnsupported';
  readonly detail: string;
}

export interface ImageTooLarge {
  readonly type: 'ImageTooLarge';
  readonly detail: string;
}

export type ImageRejected = ImageUnsupported | ImageTooLarge;

/** Every image worker is busy and the queue is full: try again in a moment (503 with Retry-After). */
export interface ImagesBusy {
  readonly type: 'ImagesBusy';
  readonly retryAfterSeconds: number;
}

export const imageUnsupported = (detail: string): ImageUnsupported => ({ type: 'ImageUnsupported', detail });
export const imageTooLarge = (detail: string): ImageTooLarge => ({ type: 'ImageTooLarge', detail });

/** What the codec reads from an image's header. */
export interface ImageProbe {
  /** The codec's own reading, in `ImageFormat` words (`avif` for AV1 in HEIF) or as the codec names anything else (`heif`, `svg`, `gif`). */
  readonly format: string;
  /** Upright, as it will be shown (EXIF orientation applied). */
  readonly width: number;
  readonly height: number;
}

export interface ImageRendition {
  readonly bytes: Uint8Array;
  readonly format: PhotoFormat;
  readonly width: number;
  readonly height: number;
}

/** A rendition the caller has already and does not want made again (a generated cover's drawing is its largest JPEG). */
export interface RenditionOptions {
  readonly except?: readonly { readonly format: PhotoFormat; readonly width: number }[];
}

/** The renditions to make at `widths`, in order: each width, WebP before JPEG, but those `options.except` names. */
export function wantedRenditions(widths: readonly number[], options: RenditionOptions = {}): { readonly width: number; readonly format: PhotoFormat }[] {
  const skipped = (width: number, format: PhotoFormat): boolean => (options.except ?? []).some((left) => left.width === width && left.format === format);
  return widths.flatMap((width) => PHOTO_FORMATS.filter((format) => !skipped(width, format)).map((format) => ({ width, format })));
}

export interface ImageProcessor {
  probe(bytes: Uint8Array): ResultAsync<ImageProbe, ImageRejected>;
  /**
   * The image upright, in sRGB, with no metadata (EXIF, GPS, XMP, ICC), at each of `widths` (never wider than the
   * image) in every `PHOTO_FORMATS`; JPEG renditions of transparent images are flattened onto white.
   * Refuses an image of more than `maxPixels` pixels (`ImageTooLarge`) or one that does not decode whole (`ImageUnsupported`);
   * `ImagesBusy` when it already has as much work as it takes (the CPU an upload costs is bounded per process).
   * `options.except`: renditions left out (an implementation may still give them; callers ignore them).
   */
  renditions(bytes: Uint8Array, widths: readonly number[], maxPixels: number, options?: RenditionOptions): ResultAsync<ImageRendition[], ImageRejected | ImagesBusy>;
  /**
   * The image (upright, sRGB) scaled to fit inside `frame.width` × `frame.height` whole, never cropped, centred on a
   * canvas of exactly that size: filled with `frame.background` (`#rrggbb`), or when null with the image itself,
   * enlarged to cover the canvas, blurred and darkened. A JPEG: a share card (1200 × 630) made of a 4:3 cover.
   */
  framed(bytes: Uint8Array, frame: ImageFrame): ResultAsync<Uint8Array, ImageRejected | ImagesBusy>;
}

export interface ImageFrame {
  readonly width: number;
  readonly height: number;
  readonly background: string | null;
}
