/**
 * The creator's brand as a document prints it: "by …" on the title page, a copyright page with the year, the
 * website and what the reader may do with the recipes, the author in the file's metadata, the colour and name of a
 * generated cover. Pure: from the profile (or none) and the product.
 */
import type { CreatorProfile } from '../profile/creator-profile.js';
import type { Product } from '../product/product.js';
import type { CopyrightPage, DocumentBrand } from './product-document.js';

export const PERSONAL_USE_TERMS = 'For personal use only. Please do not share, copy or resell these recipes; send friends to the website instead.';

export const documentBrandOf = (profile: CreatorProfile | null): DocumentBrand | null =>
  profile === null ? null : { name: profile.display_name, website_url: profile.website_url, color: profile.brand_color };

/** The year of a product's first publication, else of its last change. */
export const copyrightYear = (product: Pick<Product, 'published_at' | 'updated_at'>): number => (product.published_at ?? product.updated_at).getUTCFullYear();

export function copyrightPage(brand: DocumentBrand | null, product: Pick<Product, 'published_at' | 'updated_at'>): CopyrightPage | null {
  if (brand === null) return null;
  return { notice: `© ${copyrightYear(product)} ${brand.name}`, website_url: brand.website_url, terms: PERSONAL_USE_TERMS };
}

/** What of the brand a document's bytes depend on: part of its validator. */
export const documentBrandKey = (brand: DocumentBrand | null): string => (brand === null ? '-' : JSON.stringify([brand.name, brand.website_url, brand.color]));
