/**
 * The listing rules the Etsy fake enforces, with Etsy's documented limits: the title alphabet and its once-only
 * characters, at most 13 tags of at most 20 characters from the tag alphabet, no duplicate tags, a positive price,
 * `who_made` / `when_made` / `is_supply` given together, a positive quantity of at most 999. Each returns Etsy's kind
 * of message, or null when the value is acceptable. Wording that Etsy's documents do not quote is the fake's own.
 */
export const MAX_TITLE = 140;
export const MAX_TAGS = 13;
export const MAX_TAG = 20;
export const MAX_QUANTITY = 999;
export const MAX_FILES = 5;
export const MAX_IMAGES = 10;

const TITLE_FORBIDDEN = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const TAG_FORBIDDEN = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/u;

export function titleProblem(title: string | null): string | null {
  if (title === null || title.trim() === '') return 'title is required';
  if (title.length > MAX_TITLE) return `There was a problem with /title : must be ${MAX_TITLE} characters or fewer`;
  if (TITLE_FORBIDDEN.test(title)) return 'There was a problem with /title : contains invalid character';
  for (const once of ['%', ':', '&', '+']) {
    if (title.split(once).length > 2) return `There was a problem with /title : You can only use the ${once} character once`;
  }
  return null;
}

/** Etsy reads `tags` as one comma-separated string. */
export function parseTags(value: string): string[] {
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return `There was a problem with /tags : cannot be more than ${MAX_TAGS} items`;
  for (const tag of tags) {
    if (tag.length > MAX_TAG) return `There was a problem with /tags : tag "${tag}" is longer than ${MAX_TAG} characters`;
    if (TAG_FORBIDDEN.test(tag)) return 'There was a problem with /tags : contains invalid character';
  }
  if (new Set(tags.map((tag) => tag.toLowerCase())).size !== tags.length) return 'There was a problem with /tags : You may not have duplicate tags.';
  return null;
}

/** A decimal price in minor units, or the problem with it. */
export function priceOf(value: string | null, digits: number): number | string {
  if (value === null || value.trim() === '') return 'price is required';
  const price = Number(value);
  if (!Number.isFinite(price) || price <= 0) return 'There was a problem with /price : must be a positive non-zero number';
  const cents = Math.round(price * 10 ** digits);
  if (Math.abs(cents - price * 10 ** digits) > 1e-6) return `There was a problem with /price : too many decimal places`;
  return cents;
}

export function quantityOf(value: string | null): number | string {
  if (value === null) return 'quantity is required';
  const quantity = Number(value);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    return `There was a problem with /quantity : must be an integer from 1 to ${MAX_QUANTITY}`;
  }
  return quantity;
}

const WHO_MADE = ['i_did', 'someone_else', 'collective'];
const OLDER_ERAS = ['2010_2019', '2004_2009', 'before_2004', '2000_2003', '1990s', '1980s', '1970s', '1960s', '1950s', '1940s', '1930s', '1920s', '1910s', '1900s', '1800s', '1700s', 'before_1700'];

/** Etsy's `when_made` enum as of `at`: `made_to_order`, the running range of this decade, the older eras. */
export function whenMadeValues(at: Date): string[] {
  const year = at.getUTCFullYear();
  return ['made_to_order', `${year - (year % 10)}_${year}`, ...OLDER_ERAS];
}

export function madeProblem(fields: { who_made: string | null; when_made: string | null; is_supply: string | null }, at: Date): string | null {
  const given = [fields.who_made, fields.when_made, fields.is_supply].filter((value) => value !== null).length;
  if (given !== 0 && given !== 3) return 'who_made, when_made and is_supply must be provided together';
  if (fields.who_made !== null && !WHO_MADE.includes(fields.who_made)) return `Invalid value (${fields.who_made}) for enum(${WHO_MADE.join(', ')})`;
  const eras = whenMadeValues(at);
  if (fields.when_made !== null && !eras.includes(fields.when_made)) return `Invalid value (${fields.when_made}) for enum(${eras.join(', ')})`;
  if (fields.is_supply !== null && fields.is_supply !== 'true' && fields.is_supply !== 'false') return `Expected bool value for 'is_supply'`;
  return null;
}

/** Whether the bytes start like an image Etsy takes (JPEG, PNG, GIF). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38);
}
