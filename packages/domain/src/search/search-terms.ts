/**
 * Full-text search semantics, written so that a store can index them with plain equality:
 * text is folded (case, accents, ligatures), split into words, and each word is expanded into its prefixes.
 * A recipe matches a query when every query word is one of its prefix keys; it is a title match when every query
 * word is a prefix key of its title.
 *
 * Keys are capped at `MAX_KEY_LENGTH` characters (so a 10,000-character word costs nothing): a longer query word
 * matches words that share its first `MAX_KEY_LENGTH` characters.
 */

export const MAX_KEY_LENGTH = 24;
/** More query words than this are ignored: no recipe text is meant to be searched by a paragraph. */
export const MAX_QUERY_WORDS = 16;

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
  /** Prefix keys of every word in title, description, ingredient names and notes. */
  readonly all: string[];
  /** Prefix keys of the title's words only (for relevance). */
  readonly title: string[];
}

export function recipeSearchKeys(recipe: SearchableRecipe): RecipeSearchKeys {
  const title = new Set<string>();
  for (const word of wordsOf(recipe.title)) addPrefixes(word, title);
  const all = new Set<string>(title);
  const texts = [recipe.description ?? '', recipe.notes ?? '', ...recipe.ingredients.map((ingredient) => ingredient.name)];
  for (const text of texts) for (const word of wordsOf(text)) addPrefixes(word, all);
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
  const keys = wordsOf(q).map((word) => word.slice(0, MAX_KEY_LENGTH));
  return [...new Set(keys)].slice(0, MAX_QUERY_WORDS);
}

export const matchesAllKeys = (recipeKeys: ReadonlySet<string> | readonly string[], keys: readonly string[]): boolean => {
  const set = recipeKeys instanceof Set ? recipeKeys : new Set(recipeKeys as readonly string[]);
  return keys.every((key) => set.has(key));
};
