/**
 * The domain's `ImageProcessor` on sharp (libvips). Decoding and encoding run on libuv's thread pool, not the event
 * loop. Every decode is bounded (`limitInputPixels`) and strict about broken data (`failOn: 'truncated'`: a file
 * cut short is refused rather than rendered grey at the bottom). Output keeps no metadata: sharp writes none unless
 * asked (`keepMetadata`/`withMetadata` are never called), so EXIF (GPS included), XMP, IPTC and the ICC profile all
 * go; pixels are converted to sRGB from the embedded profile first, and the EXIF orientation is applied (`rotate()`).
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  imageTooLarge,
  imageUnsupported,
  wantedRenditions,
  type ImageProbe,
  type ImageProcessor,
  type ImageRejected,
  type ImageRendition,
  type ImagesBusy,
  type PhotoFormat,
} from '@larder/domain';

export interface SharpImageOptions {
  /** JPEG quality 1..100; default 82. */
  readonly jpegQuality?: number;
  /**
   * mozjpeg's slower encoder (trellis quantisation): JPEG renditions a little smaller for about twice the CPU of the
   * whole upload (bench/photos.ts). Off by default: browsers take the WebP renditions, JPEG is the fallback.
   */
  readonly mozjpeg?: boolean;
  /** WebP quality 1..100; default 80. */
  readonly webpQuality?: number;
  /**
   * Uploads rendered at once in this process (default 2): each keeps one thread of libuv's pool busy for about a
   * second and a half per 12 megapixels, so this bounds the CPU and memory (a 50-megapixel decode holds ~200 MB)
   * that uploads can take, whoever sends them.
   */
  readonly maxActive?: number;
  /** Uploads that may wait for a turn (default 8); more are refused with `ImagesBusy` (503, Retry-After). */
  readonly maxQueued?: number;
}

/** Turns for the renders: at most `maxActive` at once, `maxQueued` waiting, first come first served. */
function renderTurns(maxActive: number, maxQueued: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  };
  return {
    /** A promise of a turn (call the function it gives when done), or undefined when the queue is full. */
    take(): Promise<() => void> | undefined {
      if (active < maxActive) {
        active += 1;
        return Promise.resolve(release);
      }
      if (waiting.length >= maxQueued) return undefined;
      return new Promise((resolve) => waiting.push(() => resolve(release)));
    },
  };
}

/** The matte a transparent image's JPEG rendition is flattened onto: white, as on a printed page. */
const JPEG_BACKGROUND = { r: 255, g: 255, b: 255 };

/** sharp's name for what it decoded, in the domain's words: AVIF is AV1 inside HEIF. */
function formatOf(metadata: Metadata): string {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : 'heif';
  return metadata.format;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A framed picture is made of a stored cover or photo, never of an upload: their largest renditions are 3000 px wide. */
const FRAMED_MAX_PIXELS = 3000 * 3000;

/** What a client refused for a full queue is told to wait: about one upload's time. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** sharp's own words for an image over the pixel limit. */
const OVER_PIXELS = /pixel limit/i;

function rejected(error: unknown, maxPixels: number): ImageRejected {
  const message = reason(error);
  if (OVER_PIXELS.test(message)) return imageTooLarge(`the image has more than ${maxPixels / 1_000_000} megapixels`);
  // The decoder's message names the library and the byte offset: nothing a client can use, so it is not passed on.
  return imageUnsupported('the image could not be decoded whole (truncated or corrupt); send a complete JPEG, PNG, WebP or AVIF file');
}

export function sharpImageProcessor(options: SharpImageOptions = {}): ImageProcessor {
  const jpegQuality = options.jpegQuality ?? 82;
  const webpQuality = options.webpQuality ?? 80;
  const mozjpeg = options.mozjpeg ?? false;
  const turns = renderTurns(options.maxActive ?? 2, options.maxQueued ?? 8);

  const open = (bytes: Uint8Array, maxPixels: number | false): Sharp =>
    sharp(bytes, { failOn: 'truncated', limitInputPixels: maxPixels, sequentialRead: true });

  /**
   * The image decoded once: upright, sRGB, 8 bits a channel, no wider than the widest rendition, as raw pixels. Every
   * rendition is scaled from it, so a 50-megapixel upload is decoded once rather than once per rendition, and no more
   * than one full-size decode of an upload is in memory at a time.
   */
  const decoded = async (bytes: Uint8Array, width: number, maxPixels: number): Promise<Sharp> => {
    const { data, info } = await open(bytes, maxPixels)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  };

  const encode = (base: Sharp, width: number, format: PhotoFormat): Promise<ImageRendition> => {
    const resized = base.clone().resize({ width, withoutEnlargement: true });
    const pipeline =
      format === 'jpeg' ? resized.flatten({ background: JPEG_BACKGROUND }).jpeg({ quality: jpegQuality, mozjpeg }) : resized.webp({ quality: webpQuality });
    return pipeline.toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      format,
      width: info.width,
      height: info.height,
    }));
  };

  return {
    probe(bytes): ResultAsync<ImageProbe, ImageRejected> {
      // The header only: no pixel limit here, so that the domain can say how large the image is.
      return ResultAsync.fromPromise(open(bytes, false).metadata(), (error) => rejected(error, 0)).andThen((metadata) => {
        const { width, height } = metadata.autoOrient;
        if (!(width > 0 && height > 0)) return errAsync(imageUnsupported('the image has no size'));
        return okAsync({ format: formatOf(metadata), width, height });
      });
    },

    framed(bytes, frame): ResultAsync<Uint8Array, ImageRejected | ImagesBusy> {
      const turn = turns.take();
      if (turn === undefined) return errAsync({ type: 'ImagesBusy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
      const made = turn.then(async (done) => {
        try {
          const upright = await open(bytes, FRAMED_MAX_PIXELS).rotate().toColourspace('srgb').png().toBuffer();
          const picture = await sharp(upright).resize({ width: frame.width, height: frame.height, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
          const canvas =
            frame.background === null
              ? sharp(upright).resize({ width: frame.width, height: frame.height, fit: 'cover' }).blur(24).modulate({ brightness: 0.7 })
              : sharp({ create: { width: frame.width, height: frame.height, channels: 3, background: frame.background } });
          const left = Math.round((frame.width - picture.info.width) / 2);
          const top = Math.round((frame.height - picture.info.height) / 2);
          const data = await canvas.composite([{ input: picture.data, left, top }]).flatten({ background: JPEG_BACKGROUND }).jpeg({ quality: 86, chromaSubsampling: '4:4:4' }).toBuffer();
          return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        } finally {
          done();
        }
      });
      return ResultAsync.fromPromise(made, (error) => rejected(error, FRAMED_MAX_PIXELS));
    },

    renditions(bytes, widths, maxPixels, options = {}): ResultAsync<ImageRendition[], ImageRejected | ImagesBusy> {
      const turn = turns.take();
      if (turn === undefined) return errAsync({ type: 'ImagesBusy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
      const made = turn.then(async (done) => {
        try {
          const base = await decoded(bytes, Math.max(...widths), maxPixels);
          // One encode at a time: each upload then keeps one thread of the pool busy, not four, and the event loop
          // (and other uploads) keep their share of a small machine's cores. Measured in bench/photos.ts.
          const renditions: ImageRendition[] = [];
          for (const { width, format } of wantedRenditions(widths, options)) renditions.push(await encode(base, width, format));
          return renditions;
        } finally {
          done();
        }
      });
      return ResultAsync.fromPromise(made, (error) => rejected(error, maxPixels));
    },
  };
}
