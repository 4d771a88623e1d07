/**
 * Pictures in a document: a recipe's photo beside its recipe and the product's uploaded cover on the first page (or the
 * photos its generated cover is drawn with).
 * The model names each by its stored JPEG (`media/<hash>.jpg`, chosen here) so that building the model reads no
 * image; `withImageBytes` reads them from the file store just before a render, so the render (in a worker thread,
 * from plain data) needs no store. The stored document's key already changes with any of them: setting, replacing or
 * removing a photo or a cover is a new version of the recipe or the product.
 */
import type { Photo } from '../media/photo.js';
import { mediaKeyOfUrl } from '../media/photo.js';
import { readAll, type FileStore } from '../storage/file-store.js';
import type { DocumentImage, ProductDocument } from './product-document.js';

/**
 * The width asked of a stored rendition for print: 1600 px is about 260 dpi across an A4 text column, and the
 * renderer scales down further to what the printed size needs (never more than 300 dpi).
 */
export const PRINT_PHOTO_WIDTH = 1600;
/** A cover fills a whole page's text area: the largest rendition (3000 px at most), scaled down by the renderer. */
export const PRINT_COVER_WIDTH = 3000;

/** The narrowest JPEG rendition at least `wanted` wide, else the widest there is; null for a photo with none. */
export function printImage(photo: Photo | null, wanted: number): DocumentImage | null {
  if (photo === null) return null;
  const jpegs = photo.variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  const chosen = jpegs.find((variant) => variant.width >= wanted) ?? jpegs[jpegs.length - 1] ?? { url: photo.url, width: photo.width, height: photo.height };
  const key = mediaKeyOfUrl(chosen.url);
  return key === null ? null : { key, width: chosen.width, height: chosen.height };
}

const imagesOf = (document: ProductDocument): DocumentImage[] => [
  ...(document.cover === undefined ? [] : [document.cover]),
  ...document.recipes.flatMap((recipe) => (recipe.photo === undefined ? [] : [recipe.photo])),
  ...(document.generated_cover?.photos ?? []),
];

export interface DocumentWithBytes {
  readonly document: ProductDocument;
  /** Keys that could not be read (store down, file gone): the document is drawn without them and not kept. */
  readonly missing: readonly string[];
}

/**
 * The model with each image's bytes, read from the store one at a time (a book's photos are a few MB at most); an
 * image that comes with its bytes already (a stored generated cover, `withStoredCover`) is not read again.
 */
export async function withImageBytes(files: Pick<FileStore, 'get'>, document: ProductDocument): Promise<DocumentWithBytes> {
  const bytes = new Map<string, Uint8Array>(imagesOf(document).flatMap((image) => (image.bytes === undefined ? [] : [[image.key, image.bytes] as const])));
  const missing: string[] = [];
  for (const { key } of imagesOf(document)) {
    if (bytes.has(key) || missing.includes(key)) continue;
    const found = await files.get(key);
    const read = found.isOk() && found.value !== null ? await readAll(found.value.body).catch(() => null) : null;
    if (read === null) missing.push(key);
    else bytes.set(key, read);
  }
  const resolved = (image: DocumentImage | undefined): { photo?: DocumentImage } | null => {
    if (image === undefined) return null;
    const data = bytes.get(image.key);
    return data === undefined ? null : { photo: { ...image, bytes: data } };
  };
  const cover = resolved(document.cover)?.photo;
  const recipes = document.recipes.map((recipe) => {
    const { photo: _photo, ...rest } = recipe;
    const photo = resolved(recipe.photo)?.photo;
    return photo === undefined ? rest : { ...rest, photo };
  });
  // The generated cover draws only the photos that were read; the others are left out, like a recipe's.
  const generated = document.generated_cover;
  const generatedCover = generated === undefined ? {} : { generated_cover: { ...generated, photos: (generated.photos ?? []).flatMap((photo) => resolved(photo)?.photo ?? []) } };
  const { cover: _cover, generated_cover: _generated, ...base } = document;
  return { document: { ...base, ...(cover === undefined ? {} : { cover }), ...generatedCover, recipes } as ProductDocument, missing };
}
