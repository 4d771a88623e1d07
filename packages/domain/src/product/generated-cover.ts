/**
 * What a product's generated cover shows, and where it is kept: pure rules, so that the API, the listing image and a
 * document's first page all draw the same cover from the same product.
 *
 * A cover is named by what it depends on (the words drawn, the kind's ornament, the chosen photos' keys, the design's
 * version): its files' keys are derived from that identity, so a stored cover is found again without drawing it,
 * and a new title or another photo gives new keys (a new cover) rather than a stale one. Two products with the same
 * words and photos share one cover; generated covers are never deleted (a few hundred KB each).
 */
import { createHash } from 'node:crypto';
import type { CoverBrand, CoverRequest } from '../document/cover-image.js';
import { printImage } from '../document/document-images.js';
import type { DocumentImage } from '../document/product-document.js';
import type { Recipe } from '../recipe/recipe.js';
import { coverSubtitle } from '../sales/listing-content.js';
import { MEDIA_EXTENSIONS, PHOTO_FORMATS, mediaUrlOfKey, photoWidths, type Photo, type PhotoVariant } from '../media/photo.js';
import type { Product } from './product.js';

export const COVER_PHOTOS = {
  /** A cover shows at most this many photos: more would make each too small to read at a thumbnail's size. */
  most: 4,
  /** Chosen among the product's first recipes only, so that reading a page of products reads a bounded number of recipes. */
  among: 12,
  /** The rendition read for a photo: a quarter of a 3000 px cover at most is 1500 px wide. */
  width: 1600,
} as const;

/** Raised when the drawing changes, so that every stored generated cover is drawn again in the new design. */
const DESIGN = 'cover-design-2';

/** The ids of the recipes a cover may take its photos from. */
export const coverRecipeIds = (product: Product): readonly string[] => product.recipe_ids.slice(0, COVER_PHOTOS.among);

/**
 * The cover to draw for `product`; `recipes` are any of its recipes, in any order (the others are ignored); `brand`
 * the creator's name and colour, when the product carries a brand.
 */
export function coverRequestOf(product: Product, recipes: readonly Recipe[], brand: CoverBrand | null = null): CoverRequest {
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const photos = coverRecipeIds(product)
    .flatMap((id) => byId.get(id)?.photo ?? [])
    .flatMap((photo): DocumentImage[] => { const image = printImage(photo, COVER_PHOTOS.width); return image === null ? [] : [image]; })
    .filter((image, index, all) => all.findIndex((other) => other.key === image.key) === index)
    .slice(0, COVER_PHOTOS.most);
  return { title: product.title, subtitle: coverSubtitle(product), kind: product.type, photos, ...(brand === null ? {} : { brand: { name: brand.name, color: brand.color } }) };
}

/** The identity of a cover: a digest of everything that changes how it looks. */
export function coverIdentity(request: CoverRequest): string {
  const photoKeys = (request.photos ?? []).map((photo) => photo.key);
  // A cover without a brand keeps the identity it had before brands existed (and so its stored files).
  const brand = request.brand === undefined ? [] : [[request.brand.name, request.brand.color]];
  return createHash('sha256').update(JSON.stringify([DESIGN, request.title, request.subtitle, request.kind, photoKeys, ...brand])).digest('hex');
}

const renditionKey = (identity: string, format: PhotoVariant['format'], width: number): string =>
  `media/${createHash('sha256').update(`${identity}:${format}:${width}`).digest('hex')}.${MEDIA_EXTENSIONS[format]}`;

/**
 * The generated cover of that identity as the API shows a photo, for a cover drawn `size` px: the same widths and
 * formats as an upload's renditions, each under a key derived from the identity. The largest JPEG (`url`) is the
 * drawing itself and is stored last, so its presence says the whole cover is.
 */
export function generatedCoverPhoto(identity: string, size: { readonly width: number; readonly height: number }): Photo {
  const variants = photoWidths(size.width).flatMap((width) =>
    PHOTO_FORMATS.map((format): PhotoVariant => ({
      url: mediaUrlOfKey(renditionKey(identity, format, width)),
      width,
      height: Math.round((width * size.height) / size.width),
      format,
    })),
  );
  return { url: mediaUrlOfKey(renditionKey(identity, 'jpeg', size.width)), width: size.width, height: size.height, variants };
}
