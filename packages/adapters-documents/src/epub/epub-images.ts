/**
 * An EPUB's pictures: the cover and each recipe's photo written as files into the render's private directory (the
 * library copies them into the book), scaled down to what a reading screen shows, and given names made from the
 * document instead of the library's random ones, so that one document still gives one file.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentImage, ProductDocument } from '@larder/domain';
import sharp from 'sharp';
import { EPUB_IMAGES } from '../theme.js';
import { printable } from '../pdf/print-images.js';
import { withDrawnCover } from '../cover/generated-cover.js';

export interface EpubImageFiles {
  /** The cover's path, for the library's `cover` option. */
  readonly cover: string | null;
  /** A recipe's anchor → its photo's `file://` URL, for the chapter's `<img>`. */
  readonly photos: ReadonlyMap<string, string>;
}

async function writeScaled(image: DocumentImage & { bytes: Uint8Array }, path: string, maxWidth: number): Promise<void> {
  const bytes = image.width <= maxWidth ? image.bytes : await sharp(image.bytes).resize({ width: maxWidth }).jpeg({ quality: EPUB_IMAGES.jpegQuality }).toBuffer();
  await writeFile(path, bytes);
}

export async function writeEpubImages(given: ProductDocument, directory: string): Promise<EpubImageFiles> {
  const document = await withDrawnCover(given, EPUB_IMAGES.coverWidth);
  let cover: string | null = null;
  if (printable(document.cover)) {
    cover = join(directory, 'cover.jpg');
    await writeScaled(document.cover, cover, EPUB_IMAGES.coverWidth);
  }
  const photos = new Map<string, string>();
  for (const recipe of document.recipes) {
    if (!printable(recipe.photo)) continue;
    const path = join(directory, `photo-${recipe.anchor}.jpg`);
    await writeScaled(recipe.photo, path, EPUB_IMAGES.photoWidth);
    photos.set(recipe.anchor, pathToFileURL(path).href);
  }
  return { cover, photos };
}

/** The library's view of its images and chapters, as far as renaming needs it. */
export interface EpubMediaNames {
  images: { id: string; url: string }[];
  content: { data: string }[];
}

/** Each image named after its file (`photo-recipe-3`) instead of a random UUID, in the manifest and in the chapters. */
export function nameImagesAfterFiles(epub: EpubMediaNames): void {
  for (const image of epub.images) {
    const name = image.url.replace(/^.*\//, '').replace(/\.[a-z]+$/i, '');
    for (const chapter of epub.content) chapter.data = chapter.data.split(`images/${image.id}.`).join(`images/${name}.`);
    image.id = name;
  }
}
