/** What a product's listing says on a platform, made from the product: pure, so that it can be compared and tested. */
import { createHash } from 'node:crypto';
import { withArticle } from '../shared/article.js';
import { readerTypeWords, type Product, type ProductType } from '../product/product.js';
import type { DocumentFormat } from '../document/document-options.js';
import { listingMarker } from './listing-marker.js';
import type { CreatorProfile } from '../profile/creator-profile.js';
import type { ListingContent } from './sales-channel.js';

const TAGS_BY_TYPE: Record<ProductType, readonly string[]> = {
  ebook: ['recipe ebook', 'cookbook', 'digital cookbook', 'recipes', 'printable recipes'],
  recipe_card_pack: ['recipe cards', 'printable recipes', 'recipe card set', 'recipes'],
  meal_plan: ['meal plan', 'meal planner', 'weekly menu', 'recipes'],
  lead_magnet: ['free recipes', 'recipe sampler', 'recipes'],
};

/** The formats a buyer gets: the PDF, and the EPUB where the type has one (a card pack is printed, not read). */
export const listingFormats = (type: ProductType): readonly DocumentFormat[] => (type === 'recipe_card_pack' ? ['pdf'] : ['pdf', 'epub']);

const formatWords = (type: ProductType): string => (listingFormats(type).length > 1 ? 'a PDF and an EPUB' : 'a PDF');

/**
 * The listing's text: the product's title and description, a line saying what the buyer downloads, and, when the
 * creator gave a website, a last line ending with it.
 */
export function listingContent(product: Product, creator: Pick<CreatorProfile, 'display_name' | 'website_url'> | null = null): ListingContent {
  const sales = product.sales;
  const count = product.recipe_ids.length;
  const what = `${withArticle(readerTypeWords(product.type))} of ${count} recipe${count === 1 ? '' : 's'}`;
  const website = creator?.website_url ?? null;
  const description = [
    product.description?.trim() || `${product.title}: ${what}.`,
    `Digital download: ${formatWords(product.type)}. Nothing is shipped.`,
    ...(creator === null || website === null ? [] : [`More from ${creator.display_name}: ${website}`]),
  ].join('\n\n');
  return {
    marker: listingMarker(product.id),
    title: product.title,
    description,
    priceCents: sales?.price_cents ?? 0,
    currency: sales?.currency ?? 'USD',
    tags: TAGS_BY_TYPE[product.type],
  };
}

/** Digest of what a listing says: a retry sends it again only when it changed. */
export const contentDigest = (content: ListingContent): string =>
  createHash('sha256').update(JSON.stringify([content.title, content.description, content.priceCents, content.currency, content.tags])).digest('base64url').slice(0, 22);

/** The cover's subtitle: "An ebook · 42 recipes", "Free sample · 3 recipes" (a reader never meets "lead magnet"). */
export function coverSubtitle(product: Product): string {
  const count = product.recipe_ids.length;
  const words = product.type === 'lead_magnet' ? readerTypeWords(product.type) : withArticle(readerTypeWords(product.type));
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} · ${count} recipe${count === 1 ? '' : 's'}`;
}
