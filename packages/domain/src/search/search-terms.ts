/**
 * Full-text search semantics, written so that a store can index them with plain equality:
 * text is folded (case, accents, ligatures), split into words, and each word is expanded into its prefixes.
 * A recipe matches a query exactly when every query word is one of its prefix keys; it is a title match when every
 * query word is a prefix key of its title.
 *
 * One typo is forgiven (see `fuzzy-keys.ts`): a query word of five letters or more also matches a stored word one
 * edit away. A recipe that matches every query word, at least one of them only that way, is a fuzzy match; the
 * listing ranks exact matches before fuzzy ones.
 *
 * Keys are capped at `MAX_KEY_LENGTH` characters (so a 10,000-character word costs nothing): a longer query word
 * matches words that share its first `MAX_KEY_LENGTH` characters.
 */
import { addStoredWordFuzzyKeys, queryWordFuzzyKeys } from './fuzzy-keys.js';

export const MAX_KEY_LENGTH = 24;
/** More query words than this are ignored: no recipe text is meant to be searched by a paragraph. */
export const MAX_QUERY_WORDS = 16;
/**
 * Typo keys are made for this many distinct words of a recipe at most, taken from the title, then the ingredient
 * names, the description and the notes: a recipe of ordinary length has far fewer (the bench prints the figure), and
 * a 20,000-character story does not multiply the index. Words past the bound still match exactly.
 */
export const MAX_FUZZY_WORDS_PER_RECIPE = 400;

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower-case, accents and ligatures removed: `Jalapeño Crème` → `jalapeno creme`. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/[ßæœøłđðþı]/g, (letter) => LIGATURES[letter] ?? letter);
}

/** Folded words: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function addPrefixes(word: string, into: Set<string>): void {
  const capped = word.slice(0, MAX_KEY_LENGTH);
  for (let length = 1; length <= capped.length; length += 1) into.add(capped.slice(0, length));
}

export interface SearchableRecipe {
  readonly title: string;
  readonly description: string | null;
  readonly ingredients: readonly { readonly name: string }[];
  readonly notes: string | null;
}

export interface RecipeSearchKeys {
  /** Prefix keys of every word in title, description, ingredient names and notes, and their typo keys. */
  readonly all: string[];
  /** Prefix and typo keys of the title's words only (for relevance). */
  readonly title: string[];
}

export function recipeSearchKeys(recipe: SearchableRecipe): RecipeSearchKeys {
  const title = new Set<string>();
  const titleWords = new Set(wordsOf(recipe.title));
  for (const word of titleWords) {
    addPrefixes(word, title);
    addStoredWordFuzzyKeys(word, title);
  }
  const all = new Set<string>(title);
  const fuzzyWords = new Set<string>(titleWords);
  const texts = [...recipe.ingredients.map((ingredient) => ingredient.name), recipe.description ?? '', recipe.notes ?? ''];
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      addPrefixes(word, all);
      if (fuzzyWords.size >= MAX_FUZZY_WORDS_PER_RECIPE || fuzzyWords.has(word)) continue;
      fuzzyWords.add(word);
      addStoredWordFuzzyKeys(word, all);
    }
  }
  return { all: [...all].sort(), title: [...title].sort() };
}

export interface RecipeKeySets {
  readonly all: ReadonlySet<string>;
  readonly title: ReadonlySet<string>;
}

// Recipes are immutable values, so their key sets can be computed once per object; a WeakMap lets them go with it.
const keySetCache = new WeakMap<SearchableRecipe, RecipeKeySets>();

/** `recipeSearchKeys` as sets, computed once per recipe object: for matching many queries against stored recipes. */
export function recipeKeySets(recipe: SearchableRecipe): RecipeKeySets {
  let sets = keySetCache.get(recipe);
  if (sets === undefined) {
    const keys = recipeSearchKeys(recipe);
    sets = { all: new Set(keys.all), title: new Set(keys.title) };
    keySetCache.set(recipe, sets);
  }
  return sets;
}

/** The keys a query must all match: distinct folded words, each capped. Empty when `q` has no word. */
export function queryKeys(q: string): string[] {
  return searchQuery(q).exact;
}

/** A text query as keys: per query word, its exact (prefix) key and the keys of words one typo away. */
export interface SearchQuery {
  readonly exact: string[];
  /** Parallel to `exact`; empty for a word that matches exactly only (under five letters). */
  readonly fuzzy: string[][];
}

export function searchQuery(q: string): SearchQuery {
  const exact: string[] = [];
  const fuzzy: string[][] = [];
  for (const word of wordsOf(q)) {
    const key = word.slice(0, MAX_KEY_LENGTH);
    if (exact.includes(key)) continue;
    if (exact.length === MAX_QUERY_WORDS) break;
    exact.push(key);
    fuzzy.push(queryWordFuzzyKeys(word));
  }
  return { exact, fuzzy };
}

export const matchesAllKeys = (recipeKeys: ReadonlySet<string> | readonly string[], keys: readonly string[]): boolean => {
  const set = recipeKeys instanceof Set ? recipeKeys : new Set(recipeKeys as readonly string[]);
  return keys.every((key) => set.has(key));
};

/** How a recipe's keys answer a query: every word exactly, every word at least one typo away, or not. */
export type KeyMatch = 'exact' | 'fuzzy' | 'none';

export function matchKeys(recipeKeys: ReadonlySet<string>, exact: readonly string[], fuzzy: readonly (readonly string[])[] = []): KeyMatch {
  if (exact.every((key) => recipeKeys.has(key))) return 'exact';
  const close = exact.every((key, index) => recipeKeys.has(key) || (fuzzy[index] ?? []).some((typo) => recipeKeys.has(typo)));
  return close ? 'fuzzy' : 'none';
}
