/**
 * One typo forgiven, as plain equality of keys (no edit distance computed at query time, no verification step):
 * a query word of `FUZZY_MIN_LENGTH` letters or more matches a stored word exactly one insertion, deletion,
 * substitution or transposition of two neighbouring letters away (optimal string alignment distance 1).
 *
 * A stored word of 4 to 24 letters has a whole-word key `=word`; one of 5 to 24 letters also has, for each position
 * i, the key `i~` + the word without its i-th letter (SymSpell's deletion neighbourhood, with the position kept, which
 * is what makes the match exact). A query word w then looks up:
 * - `i~w` for every i: a stored word that is w with one letter more (the typo dropped a letter);
 * - `i~` + w without its i-th letter: a stored word that differs from w in that letter alone (substitution);
 * - `=` + w without one letter: a stored word that is w with one letter less (the typo added a letter);
 * - `=` + w with two neighbours swapped: the transposition.
 * About 4 keys per letter of the query word; n + 1 keys per stored word of n letters. Letters are code points.
 * Keys hold `=` or `~`, which no word holds, so they never meet prefix keys.
 */

export const FUZZY_MIN_LENGTH = 5;
/** Longer words match exactly only: a 25-letter typo is rare, and keys stay short. */
export const FUZZY_MAX_LENGTH = 24;
/** A stored word this short can still be one letter less than a query word. */
const STORED_MIN_LENGTH = FUZZY_MIN_LENGTH - 1;

const without = (letters: readonly string[], index: number): string =>
  letters.slice(0, index).join('') + letters.slice(index + 1).join('');

/** Whether `word` holds a surrogate pair (a letter beyond the BMP: two UTF-16 units, one code point). */
function hasSurrogates(word: string): boolean {
  for (let index = 0; index < word.length; index += 1) {
    const code = word.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}

/**
 * Keys of a stored word (none for words under 4 or over 24 letters). A word of BMP letters only (nearly every one)
 * is cut with `slice`, where each letter is one UTF-16 unit: the same keys as cutting its array of letters, which
 * made two arrays and two joins per key (about 5 µs a word, 95% of the keys of a recipe).
 */
export function addStoredWordFuzzyKeys(word: string, into: Set<string>): void {
  if (word.length < STORED_MIN_LENGTH || !hasSurrogates(word)) {
    if (word.length < STORED_MIN_LENGTH || word.length > FUZZY_MAX_LENGTH) return;
    into.add(`=${word}`);
    if (word.length < FUZZY_MIN_LENGTH) return;
    for (let index = 0; index < word.length; index += 1) into.add(`${index}~${word.slice(0, index)}${word.slice(index + 1)}`);
    return;
  }
  const letters = [...word];
  if (letters.length < STORED_MIN_LENGTH || letters.length > FUZZY_MAX_LENGTH) return;
  into.add(`=${word}`);
  if (letters.length < FUZZY_MIN_LENGTH) return;
  for (let index = 0; index < letters.length; index += 1) into.add(`${index}~${without(letters, index)}`);
}

/** The keys of stored words one edit away from a query word; empty for words that match exactly only. */
export function queryWordFuzzyKeys(word: string): string[] {
  const letters = [...word];
  const length = letters.length;
  if (length < FUZZY_MIN_LENGTH || length > FUZZY_MAX_LENGTH) return [];
  const keys = new Set<string>();
  for (let index = 0; index <= length; index += 1) {
    // A stored word of length + 1 letters is longer than any that has keys once length reaches the maximum.
    if (length < FUZZY_MAX_LENGTH) keys.add(`${index}~${word}`);
    if (index === length) break;
    const shorter = without(letters, index);
    keys.add(`${index}~${shorter}`);
    keys.add(`=${shorter}`);
    const next = letters[index + 1];
    if (next !== undefined && next !== letters[index]) {
      const swapped = [...letters];
      swapped[index] = next;
      swapped[index + 1] = letters[index] ?? '';
      keys.add(`=${swapped.join('')}`);
    }
  }
  return [...keys];
}
