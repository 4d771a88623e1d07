/**
 * A document's generated cover taken from storage: the listing image stored when the product was made is drawn from
 * the same request (`coverRequestOf`), so it has the same identity and the same design. The renderer then scales a
 * stored JPEG instead of drawing the cover again (about 2 s of the image process for a title page, during which the
 * first download waits).
 */
import { coverIdentity, generatedCoverPhoto } from '../product/generated-cover.js';
import { readAll, type FileStore } from '../storage/file-store.js';
import { printImage } from './document-images.js';
import type { ProductDocument } from './product-document.js';

/** Where a product's generated cover is stored, and how wide the renderer prints it. */
export interface StoredCoverLookup {
  /** The size covers are drawn at (`CoverArtist.size`): their renditions' keys derive from it. */
  readonly size: { readonly width: number; readonly height: number };
  /** The pixels the render prints the cover across (`RenderQueue.coverWidth`): the narrowest rendition at least as wide. */
  readonly width: number;
}

/**
 * The document with its generated cover, when stored, as its `cover` (with the bytes) and no `generated_cover` left
 * to draw; as it was when the document has an uploaded cover or none, or when the cover is not stored (yet) or
 * cannot be read (the renderer then draws it, as before).
 */
export async function withStoredCover(files: Pick<FileStore, 'get'>, document: ProductDocument, lookup: StoredCoverLookup): Promise<ProductDocument> {
  const request = document.generated_cover;
  if (request === undefined || document.cover !== undefined) return document;
  const image = printImage(generatedCoverPhoto(coverIdentity(request), lookup.size), lookup.width);
  if (image === null) return document;
  const found = await files.get(image.key);
  const bytes = found.isOk() && found.value !== null ? await readAll(found.value.body).catch(() => null) : null;
  if (bytes === null) return document;
  const { generated_cover: _drawnFrom, ...rest } = document;
  return { ...rest, cover: { ...image, bytes } };
}
