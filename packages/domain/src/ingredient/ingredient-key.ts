/**
 * The key that says two lines name the same ingredient, for merging a shopping list: case, accents, punctuation,
 * parenthesised asides and singular/plural aside. `Tomatoes`, `tomato` and `tomato (ripe)` share `tomato`;
 * `Jalapeño peppers` and `jalapeno pepper` share `jalapeno pepper`. The note after a comma (`onion, diced`) is
 * not part of the name to begin with. Descriptive words stay: `red onion` and `onion` are two things to buy.
 */
import { wordsOf } from '../search/search-terms.js';
import { singularNoun } from './noun-number.js';

const PARENTHESISED = /\([^)]*\)|\[[^\]]*\]/g;

export function ingredientKey(name: string): string {
  return wordsOf(name.replace(PARENTHESISED, ' ')).map(singularNoun).join(' ');
}
