/**
 * The common ingredient lines, read in one pass: `3 tablespoons olive oil`, `2-3 cloves garlic, minced`,
 * `1 large onion, diced`, `salt to taste`.
 *
 * The full parser tries a dozen readings at each position (qualifiers, number words, ranges, sizes, modifiers,
 * alternatives, additions, `of`, amounts after the name), which is most of an import's time, although most lines
 * need none of them. `readPlainLine` gives the full parser's answer for a line that it can see needs none of them,
 * and undefined for every other line, which the full parser then reads. It decides from the first words only:
 * whatever follows the amount and unit goes to the same name-and-note splitting either way. Tests hold the two to
 * the same answers over generated lines, and the parser's snapshot over every line of the labelled set.
 */
import { isNumberWord, readNumber } from './ingredient-amount.js';
import { splitNameAndNote, trailingUnit } from './ingredient-name.js';
import type { IngredientParts } from './ingredient.js';
import { LEADING_QUALIFIERS, isModifier } from './ingredient-unit.js';
import { FRACTION_GLYPHS, cleanQuantity } from './quantity.js';
import { lookupUnitWord, opensUnitPair, type UnitInfo } from './units.js';

const isAsciiLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * The word at i when it is plain: ASCII letters and inner hyphens, ended by a space, a comma or the end of the line.
 * Then it is exactly the word the full parser reads there (it also takes other letters and dashes, which end the
 * plain reading instead).
 */
function plainWordEnd(s: string, i: number): number | undefined {
  let j = i;
  while (isAsciiLetter(s.charCodeAt(j)) || (s[j] === '-' && isAsciiLetter(s.charCodeAt(j - 1)) && isAsciiLetter(s.charCodeAt(j + 1)))) j += 1;
  const after = s[j];
  return j > i && (after === undefined || after === ' ' || after === ',') ? j : undefined;
}

// Words after an amount, a modifier or a unit that some reading of the full parser acts on: ranges (`to`, `or`),
// additions (`plus`), `of`, `dozen`, a multiplier (`x`), and the `and` of `small and medium`.
const ACTED_ON = new Set(['to', 'or', 'plus', 'of', 'dozen', 'x', 'and']);

// The full parser looks for a unit after at most this many size words (`1 large heaped tablespoon`).
const MAX_MODIFIERS = 3;

/** A word the full parser reads as a unit here, or one that may open a unit of two words (`fl oz`). */
function unitOrPair(word: string, lower: string): UnitInfo | 'pair' | undefined {
  return opensUnitPair(lower) ? 'pair' : lookupUnitWord(word, lower);
}

/** The parts from the name onwards: the same splitting, and the trailing unit (`garlic cloves`) without another. */
function withName(s: string, nameStart: number, quantity: number | null, quantityMax: number | null, unit: UnitInfo | null): IngredientParts | undefined {
  const split = splitNameAndNote(s.slice(nameStart));
  let name = split.name;
  let finalUnit = unit;
  if (unit === null) {
    const found = trailingUnit(name);
    if (found !== null) ({ unit: finalUnit, name } = found);
  }
  // An empty name takes one of the full parser's fallbacks (`8 cloves`, a line of only an amount).
  if (name === '') return undefined;
  return {
    quantity: quantity === null ? null : cleanQuantity(quantity),
    quantity_max: quantityMax === null ? null : cleanQuantity(quantityMax),
    unit: finalUnit?.name ?? null,
    name,
    note: split.notes.length > 0 ? split.notes.join(', ') : null,
  };
}

/** A line with no amount at all: no figure or fraction anywhere, and a first word that opens no reading. */
function readPlainName(s: string): IngredientParts | undefined {
  const end = plainWordEnd(s, 0);
  if (end === undefined) return undefined;
  const word = s.slice(0, end);
  const lower = word.toLowerCase();
  if (LEADING_QUALIFIERS.has(lower) || isModifier(lower, lower) || isNumberWord(lower) || ACTED_ON.has(lower)) return undefined;
  if (lower === 'optional' || unitOrPair(word, lower) !== undefined) return undefined;
  // A figure anywhere could be an amount after the name (`Butter, 1 pound`) or after a prefix (`Juice of 2 lemons`).
  for (let i = end; i < s.length; i += 1) {
    const code = s.charCodeAt(i);
    if (isAsciiDigit(code) || (code > 127 && FRACTION_GLYPHS.has(s[i] ?? ''))) return undefined;
  }
  return withName(s, 0, null, null, null);
}

/** The parts of a tidy line (see `collapseWhitespace`) when it is plain, else undefined. */
export function readPlainLine(s: string): IngredientParts | undefined {
  if (isAsciiLetter(s.charCodeAt(0))) return readPlainName(s);
  const first = readNumber(s, 0);
  if (first === undefined) return undefined;
  let end = first.end;
  let quantityMax: number | null = null;
  if (s[end] === '-' && isAsciiDigit(s.charCodeAt(end + 1))) {
    // `2-3`: a range only when it rises (the full parser reads `3-2` otherwise).
    const second = readNumber(s, end + 1);
    if (second === undefined || second.value <= first.value) return undefined;
    quantityMax = second.value;
    end = second.end;
  }
  if (s[end] !== ' ') return undefined;
  // The words after the amount: size words, then a unit or the name.
  const wordsStart = end + 1;
  let at = wordsStart;
  for (let modifiers = 0; ; modifiers += 1) {
    const wordEnd = plainWordEnd(s, at);
    if (wordEnd === undefined) return undefined;
    const word = s.slice(at, wordEnd);
    const lower = word.toLowerCase();
    if (ACTED_ON.has(lower)) return undefined;
    const unit = unitOrPair(word, lower);
    if (unit === 'pair') return undefined;
    if (unit !== undefined) {
      // A unit after size words keeps them as notes, a reading left to the full parser.
      if (modifiers > 0) return undefined;
      if (s[wordEnd] !== ' ') return withName(s, wordEnd, first.value, quantityMax, unit);
      // After the unit, a range of units (`1 cup to 2 cups`), an addition or `of` are the full parser's.
      const next = wordEnd + 1;
      const nextEnd = plainWordEnd(s, next);
      if (nextEnd === undefined || ACTED_ON.has(s.slice(next, nextEnd).toLowerCase())) return undefined;
      return withName(s, next, first.value, quantityMax, unit);
    }
    if (!isModifier(word, lower)) {
      // No unit: the name starts with the size words (`1 large onion`).
      return withName(s, wordsStart, first.value, quantityMax, null);
    }
    if (modifiers === MAX_MODIFIERS || s[wordEnd] !== ' ') return undefined;
    at = wordEnd + 1;
  }
}
