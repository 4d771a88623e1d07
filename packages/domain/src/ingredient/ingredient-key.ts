/**
 * The key that says two lines name the same ingredient, for merging a shopping list: case, accents, punctuation,
 * parenthesised asides and singular/plural aside. `Tomatoes`, `tomato` and `tomato (ripe)` share `tomato`;
 * `Jalapeño peppers` and `jalapeno pepper` share `jalapeno pepper`. The note after a comma (`onion, diced`) is
 * not part of the name to begin with. Descriptive words stay: `red onion` and `onion` are two things to buy.
 */
import { wordsOf } from '../search/search-terms.js';
import { singularNoun } from './noun-number.js';

const PARENTHESISED = /\([^)]*\)|\[[^\]]*\]/g;

// A meal plan names the same few hundred ingredients over and over; folding is most of a shopping list's time
// (bench/shopping-list.ts). Bounded so that a long-running service does not keep every name it ever saw.
const MEMO_LIMIT = 10_000;
const memo = new Map<string, string>();

export function ingredientKey(name: string): string {
  let key = memo.get(name);
  if (key === undefined) {
    key = wordsOf(name.replace(PARENTHESISED, ' ')).map(singularNoun).join(' ');
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(name, key);
  }
  return key;
}
