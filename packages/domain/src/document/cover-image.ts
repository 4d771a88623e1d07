import type { ImageRendition, RenditionOptions } from '../media/image-processor.js';
import type { ProductType } from '../product/product.js';
import type { DocumentImage } from './product-document.js';

/**
 * A product's cover as a picture: the listing image a marketplace requires and the cover a storefront shows. Until a
 * creator uploads one, a `CoverArtist` draws one from the product's own words and a few of its recipes' photos (see
 * `product/generated-cover.ts`). Like rendering a document, drawing cannot fail for a valid request, so a failure here
 * is a bug and rejects.
 */
/** What a cover shows of the creator: their name, and their colour (`#rrggbb`) when they chose one. */
export interface CoverBrand {
  readonly name: string;
  readonly color: string | null;
}

export interface CoverRequest {
  readonly title: string;
  /** A short line under the title, e.g. "A recipe ebook · 42 recipes". */
  readonly subtitle: string;
  readonly kind: ProductType;
  /** The creator's name (drawn at the foot of the cover) and colour (its background); absent: the default palette, no name. */
  readonly brand?: CoverBrand;
  /**
   * Up to four of its recipes' photos, in the product's order, named by a stored JPEG rendition. Only those whose
   * `bytes` were read are drawn; none (or absent): the title typography alone.
   */
  readonly photos?: readonly DocumentImage[];
}

export interface CoverImage {
  readonly bytes: Uint8Array;
  readonly contentType: 'image/jpeg';
  readonly width: number;
  readonly height: number;
}

/** The listing cover with its renditions, all from one drawing. */
export interface ListingCover extends CoverImage {
  readonly renditions: readonly ImageRendition[];
}

/**
 * What an artist rejects with when it could not draw now (its queue is full, the drawing ran past its time limit): the
 * request is fine and the next ask may be drawn. A caller then tries again later rather than drawing something else.
 */
export class CoverNotDrawnNow extends Error {
  override readonly name = 'CoverNotDrawnNow';
}

export interface CoverArtist {
  /** The pixel size of every cover it draws (`generatedCover`'s `width` and `height`). */
  readonly size: { readonly width: number; readonly height: number };
  /**
   * The cover, `size.width` wide; or `width` wide (never wider) for a document that prints it smaller, drawn at that
   * size rather than scaled down from the listing image.
   */
  generatedCover(request: CoverRequest, width?: number): Promise<CoverImage>;
  /**
   * The listing cover (`size.width` wide, as `generatedCover` draws it) and its renditions at each of `widths` in every
   * photo format but those in `options.except`, each scaled from the drawing itself: the cover is never encoded and
   * decoded again to be scaled, and never holds more than one full-size picture in memory.
   */
  listingCover(request: CoverRequest, widths: readonly number[], options?: RenditionOptions): Promise<ListingCover>;
}
