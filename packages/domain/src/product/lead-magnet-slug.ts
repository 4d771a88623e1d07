/**
 * The address of a lead magnet's public page, `/l/{slug}`: its title in lower-case ASCII words joined by hyphens, then
 * eight random hexadecimal digits, so that two lead magnets of one title never share a page and a page's address says
 * what it offers (`vegan-favourites-free-sample-3f9a0c1d`). Given once, at the first publication, and kept.
 */
import { randomBytes } from 'node:crypto';

const MAX_WORDS_LENGTH = 60;
/** What a slug may be: the words part (possibly empty) and the random part. Anything else in a path is not one. */
export const SLUG_PATTERN = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?[0-9a-f]{8}$/;

/** `Crème Brûlée — Free Sample!` → `creme-brulee-free-sample`; at most 60 characters, cut at a hyphen. */
export function slugWords(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= MAX_WORDS_LENGTH) return words;
  const cut = words.slice(0, MAX_WORDS_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_WORDS_LENGTH)).replace(/-+$/, '');
}

/** A new slug for a lead magnet of this title; `random` (8 hex digits) is for tests, fresh random bytes otherwise. */
export function newLeadMagnetSlug(title: string, random: string = randomBytes(4).toString('hex')): string {
  const words = slugWords(title);
  return words === '' ? random : `${words}-${random}`;
}

export const isLeadMagnetSlug = (text: string): boolean => text.length <= MAX_WORDS_LENGTH + 9 && SLUG_PATTERN.test(text);
