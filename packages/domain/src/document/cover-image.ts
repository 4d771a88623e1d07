import type { ProductType } from '../product/product.js';

/**
 * A product's cover as a picture: the listing image a marketplace requires and the cover a storefront shows. Until a
 * creator uploads one, a `CoverArtist` draws one from the product's own words. Like rendering a document, drawing
 * cannot fail for a valid request, so a failure here is a bug and rejects.
 */
export interface CoverRequest {
  readonly title: string;
  /** A short line under the title, e.g. "A recipe ebook · 42 recipes". */
  readonly subtitle: string;
  readonly kind: ProductType;
}

export interface CoverImage {
  readonly bytes: Uint8Array;
  readonly contentType: 'image/jpeg';
  readonly width: number;
  readonly height: number;
}

export interface CoverArtist {
  generatedCover(request: CoverRequest): Promise<CoverImage>;
}
