/**
 * Photos as the upload pipeline stores them: a picture with texture (so JPEG sizes are realistic), its JPEG
 * renditions kept in a file store under `media/` keys, and a recipe or product naming them.
 */
import { createHash } from 'node:crypto';
import { withImageBytes, type FileStore, type Photo, type PhotoVariant, type ProductDocument } from '@larder/domain';
import { InMemoryFileStore } from '@larder/domain/testing';
import sharp from 'sharp';

/** A photo-like JPEG: smooth colour fields with fine noise on top, `width` × `height`. */
export async function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).raw().toBuffer();
  const hue = (seed * 67) % 360;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="hsl(${(hue + 180) % 360},70%,70%)"/></svg>`,
  );
  return sharp(gradient)
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** Stores JPEG renditions at the pipeline's widths (no WebP: documents never use them) and returns the photo. */
export async function storedPhoto(files: FileStore, width: number, height: number, seed = 1): Promise<Photo> {
  const widths = [...new Set([320, 800, 1600].filter((candidate) => candidate < width).concat(Math.min(width, 3000)))];
  const variants: PhotoVariant[] = [];
  for (const each of widths) {
    const eachHeight = Math.round((height * each) / width);
    const bytes = await photoJpeg(each, eachHeight, seed);
    const name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
    await files.put(`media/${name}`, bytes, { contentType: 'image/jpeg' });
    variants.push({ url: `/media/${name}`, width: each, height: eachHeight, format: 'jpeg' });
  }
  const largest = variants[variants.length - 1];
  if (largest === undefined) throw new Error('no rendition');
  return { url: largest.url, width: largest.width, height: largest.height, variants };
}

export const memoryFiles = (): FileStore => new InMemoryFileStore();

/** The model as the render queue receives it: its pictures read from the store. */
export async function resolved(files: FileStore, document: ProductDocument): Promise<ProductDocument> {
  const { document: withBytes, missing } = await withImageBytes(files, document);
  if (missing.length > 0) throw new Error(`images not found: ${missing.join(', ')}`);
  return withBytes;
}
