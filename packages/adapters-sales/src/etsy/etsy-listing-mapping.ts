/**
 * Our listing content in Etsy's terms and back: a digital ("download") listing made by the shop, the marker kept as
 * one of its tags, prices as decimals of the shop's currency. Every value here that Etsy's documents do not pin down
 * is listed in docs/platform-etsy.md under "Guesses".
 */
import type { ListingContent, RemoteListing } from '@larder/domain';
import { minorDigits } from '../shared/money.js';
import type { EtsyDraftListingFields, EtsyListing, EtsyMoney } from './etsy-types.js';

/**
 * Seller taxonomy node for the listing. GUESS: 324, believed to be "Books, Movies & Music > Books"; not checked
 * against `getSellerTaxonomyNodes` (Etsy was unreachable). Settable through `taxonomyId`.
 */
export const DEFAULT_TAXONOMY_ID = 324;
/** A download never runs out; Etsy wants a positive quantity all the same (999 is its maximum per listing). */
export const DIGITAL_QUANTITY = 999;
/** Etsy: at most 13 tags of at most 20 characters; titles at most 140 characters. */
export const MAX_TAGS = 13;
export const MAX_TAG_LENGTH = 20;
export const MAX_TITLE_LENGTH = 140;

/** Minor units (cents) as the decimal price Etsy's `price` fields take. */
export const decimalPrice = (priceCents: number, currency: string): number => priceCents / 10 ** minorDigits(currency);

/** Etsy's `Money` in minor units of its currency. */
export const centsOf = (money: EtsyMoney): number =>
  Math.round((money.amount * 10 ** minorDigits(money.currency_code)) / (money.divisor || 1));

/**
 * `when_made` for a digital file made now. Etsy's enum carries the running range of the current decade
 * (`2020_2023` in the 2023 spec, `2020_2026` in 2026), so it is derived from the clock. GUESS: the decade after 2029
 * starts a new range (`2030_2030`); Etsy has not published it. `made_to_order` is not used: Etsy lets a made-to-order
 * digital listing go live without a file, and ours must always have one.
 */
export function whenMade(at: Date): string {
  const year = at.getUTCFullYear();
  return `${year - (year % 10)}_${year}`;
}

/** Etsy's tag alphabet: letters, digits, spaces, `-`, `'`, ™, ©, ® (the spec's regex), nothing else. */
const NOT_TAG = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]+/gu;

export function cleanTag(tag: string): string {
  return tag.replace(NOT_TAG, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TAG_LENGTH).trim();
}

/** The marker first, then at most 12 of the content's tags, cleaned to Etsy's alphabet, without duplicates. */
export function etsyTags(content: ListingContent): string[] {
  const tags = [content.marker];
  const seen = new Set([content.marker.toLowerCase()]);
  for (const tag of content.tags) {
    const clean = cleanTag(tag);
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    tags.push(clean);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

/** Titles longer than Etsy allows are cut at a word where one is near, rather than refused. */
export function etsyTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_TITLE_LENGTH) return flat;
  const cut = flat.slice(0, MAX_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > MAX_TITLE_LENGTH - 30 ? cut.slice(0, space) : cut).trim();
}

/** Etsy requires a description; an empty one becomes the title. */
export const etsyDescription = (content: ListingContent): string =>
  content.description.trim() === '' ? etsyTitle(content.title) : content.description;

export function draftListingFields(content: ListingContent, at: Date, taxonomyId: number): EtsyDraftListingFields {
  return {
    quantity: DIGITAL_QUANTITY,
    title: etsyTitle(content.title),
    description: etsyDescription(content),
    price: decimalPrice(content.priceCents, content.currency),
    who_made: 'i_did',
    when_made: whenMade(at),
    taxonomy_id: taxonomyId,
    is_supply: false,
    type: 'download',
    tags: etsyTags(content),
  };
}

/** Our markers as `listingMarker` makes them; used when a listing is read without knowing which marker to expect. */
const LARDER_MARKER = /^larder[0-9a-f]{14}$/;

export const hasTag = (listing: EtsyListing, tag: string): boolean =>
  (listing.tags ?? []).some((candidate) => candidate.toLowerCase() === tag.toLowerCase());

/** A listing as the domain sees it. Sold out and expired listings are not for sale: `inactive` until activated. */
export function remoteListingOf(listing: EtsyListing, marker?: string): RemoteListing {
  const state = listing.state === 'draft' ? 'draft' : listing.state === 'active' ? 'active' : 'inactive';
  const found = marker !== undefined && hasTag(listing, marker) ? marker : (listing.tags ?? []).find((tag) => LARDER_MARKER.test(tag));
  return { remoteId: String(listing.listing_id), url: listing.url, state, marker: found ?? marker ?? '' };
}
