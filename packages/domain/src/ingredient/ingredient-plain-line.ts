/**
 * The common ingredient lines, read in one pass: `3 tablespoons olive oil`, `2-3 cloves garlic, minced`,
 * `4 to 6 garlic cloves`, `1 large onion, diced`, `2 tsp. salt`, `1 cup (240 ml) milk`, `salt to taste`.
 *
 * The full parser tries a dozen readings at each position (qualifiers, number words, ranges, sizes, modifiers,
 * alternatives, additions, `of`, amounts after the name), which is most of an import's time, although most lines
 * need none of them. `readPlainLine` gives the full parser's answer for a line that it can see needs none of them,
 * and undefined for every other line, which the full parser then reads. It decides from the first words only:
 * whatever follows the amount and unit goes to the same name-and-note splitting either way. Tests hold the two to
 * the same answers over generated lines, and the parser's snapshot over every line of the labelled set.
 */
import { trimmed } from '../shared/text.js';
import { isNumberWord, numberWords, readNumber } from './ingredient-amount.js';
import { isDigit } from './ingredient-line.js';
import { splitNameAndNote, trailingUnit } from './ingredient-name.js';
import type { IngredientParts } from './ingredient.js';
import { LEADING_QUALIFIERS, closeParen, isModifier } from './ingredient-unit.js';
import { cleanQuantity, fractionGlyphAt } from './quantity.js';
import { lookupUnit, lookupUnitWord, opensUnitPair, type UnitInfo } from './units.js';

const isAsciiLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** Index just past the ASCII letters and inner hyphens at i: a prefix of the word the full parser reads there. */
function asciiWordEnd(s: string, i: number): number {
  let j = i;
  while (isAsciiLetter(s.charCodeAt(j)) || (s[j] === '-' && isAsciiLetter(s.charCodeAt(j - 1)) && isAsciiLetter(s.charCodeAt(j + 1)))) j += 1;
  return j;
}

/**
 * The word at i when it is plain: ASCII letters and inner hyphens, ended by a space, a comma or the end of the line.
 * Then it is exactly the word the full parser reads there (it also takes other letters and dashes, which end the
 * plain reading instead).
 */
function plainWordEnd(s: string, i: number): number | undefined {
  const j = asciiWordEnd(s, i);
  const after = s[j];
  return j > i && (after === undefined || after === ' ' || after === ',') ? j : undefined;
}

// Words after an amount, a modifier or a unit that some reading of the full parser acts on: ranges (`to`, `or`),
// additions (`plus`), `of`, a multiplier (`x`), and the `and` of `small and medium`.
const ACTED_ON = new Set(['to', 'or', 'plus', 'of', 'x', 'and']);

// The full parser looks for a unit after at most this many size words (`1 large heaped tablespoon`).
const MAX_MODIFIERS = 3;

/**
 * The parts from the name onwards: the same splitting, and the trailing unit (`garlic cloves`) without another.
 * `alternative` is the amount in parentheses after the unit (`240 ml` of `1 cup (240 ml) milk`), the first note.
 */
function withName(
  s: string,
  nameStart: number,
  quantity: number | null,
  quantityMax: number | null,
  unit: UnitInfo | null,
  alternative?: string,
): IngredientParts | undefined {
  const split = splitNameAndNote(s.slice(nameStart));
  let name = split.name;
  let finalUnit = unit;
  if (unit === null) {
    const found = trailingUnit(name);
    if (found !== null) ({ unit: finalUnit, name } = found);
  }
  // An empty name takes one of the full parser's fallbacks (`8 cloves`, a line of only an amount).
  if (name === '') return undefined;
  const notes = alternative === undefined ? split.notes : [alternative, ...split.notes];
  return {
    quantity: quantity === null ? null : cleanQuantity(quantity),
    quantity_max: quantityMax === null ? null : cleanQuantity(quantityMax),
    unit: finalUnit?.name ?? null,
    name,
    note: notes.length > 0 ? notes.join(', ') : null,
  };
}

/** Whether a plain word that no reading acts on starts at i. */
const plainWordAt = (s: string, i: number): boolean => {
  const end = plainWordEnd(s, i);
  return end !== undefined && !ACTED_ON.has(s.slice(i, end).toLowerCase());
};

/**
 * What follows the unit, which ends at i: the name, after an alternative amount in parentheses (`(240 ml)`) or an
 * aside (`(packed)`, left to the name-and-note splitting). Undefined where a range of units (`1 cup to 2 cups`), an
 * addition (`plus`, `/`, `+`), `of`, or a second parenthesis make it the full parser's.
 */
function afterUnit(s: string, i: number, quantity: number, quantityMax: number | null, unit: UnitInfo): IngredientParts | undefined {
  const next = s[i];
  if (next === undefined || next === ',') return withName(s, i, quantity, quantityMax, unit);
  if (next !== ' ') return undefined;
  const open = i + 1;
  if (s[open] !== '(') return plainWordAt(s, open) ? withName(s, open, quantity, quantityMax, unit) : undefined;
  const close = closeParen(s, open);
  if (close < 0) return undefined;
  const inner = trimmed(s.slice(open + 1, close - 1));
  if (readNumber(inner, 0) === undefined) {
    // An aside; unless it opens with `about`, which makes it an alternative amount to the full parser.
    const opening = s.slice(open + 1, open + 14).toLowerCase();
    if (opening.startsWith('about') || opening.startsWith('approximately')) return undefined;
    return withName(s, open, quantity, quantityMax, unit);
  }
  if (s[close] === ',') return withName(s, close, quantity, quantityMax, unit, inner);
  return s[close] === ' ' && plainWordAt(s, close + 1) ? withName(s, close + 1, quantity, quantityMax, unit, inner) : undefined;
}

// `Juice of one lime`: a number word after `of` or `from` is an amount to the full parser (this also matches words
// that only start with one, such as `of tenderloin`; such lines just take the longer way).
const NUMBER_WORD_AFTER_OF = new RegExp(`\\s(?:of|from)\\s(?:${numberWords().join('|')})`, 'i');

/** A line with no amount at all: no figure or fraction anywhere, and a first word that opens no reading. */
function readPlainName(s: string): IngredientParts | undefined {
  const end = plainWordEnd(s, 0);
  if (end === undefined) return undefined;
  const word = s.slice(0, end);
  const lower = word.toLowerCase();
  if (LEADING_QUALIFIERS.has(lower) || isModifier(lower, lower) || isNumberWord(lower) || ACTED_ON.has(lower)) return undefined;
  if (lower === 'optional' || opensUnitPair(lower) || lookupUnitWord(word, lower) !== undefined) return undefined;
  // A figure anywhere could be an amount after the name (`Butter, 1 pound`) or after a prefix (`Juice of 2 lemons`).
  for (let i = end; i < s.length; i += 1) {
    if (isDigit(s[i]) || fractionGlyphAt(s, i) !== undefined) return undefined;
  }
  if (NUMBER_WORD_AFTER_OF.test(s)) return undefined;
  return withName(s, 0, null, null, null);
}

/** The parts of a tidy line (see `collapseWhitespace`) when it is plain, else undefined. */
export function readPlainLine(s: string): IngredientParts | undefined {
  if (isAsciiLetter(s.charCodeAt(0))) return readPlainName(s);
  const first = readNumber(s, 0);
  if (first === undefined) return undefined;
  let end = first.end;
  let quantityMax: number | null = null;
  // `2-3`, `2 to 3`, `2 or 3`: a range only when it rises (the full parser reads `3-2` otherwise).
  const dash = s[end] === '-' && isDigit(s[end + 1]);
  const separator = !dash && s[end] === ' ' && plainWordEnd(s, end + 1) === end + 3 && s[end + 3] === ' ' ? s.slice(end + 1, end + 3).toLowerCase() : '';
  if (dash || separator === 'to' || separator === 'or') {
    const second = readNumber(s, dash ? end + 1 : end + 4);
    if (second === undefined || second.value <= first.value) return undefined;
    quantityMax = second.value;
    end = second.end;
  }
  if (s[end] !== ' ') return undefined;
  // The words after the amount: size words, then a unit or the name.
  const wordsStart = end + 1;
  let at = wordsStart;
  for (let modifiers = 0; ; modifiers += 1) {
    const wordEnd = asciiWordEnd(s, at);
    const after = s[wordEnd];
    // A word ending in a period can only be a unit written with it (`tsp.`, `in.`), looked up with the period first.
    const dotted = after === '.';
    if (wordEnd === at || !(dotted || after === undefined || after === ' ' || after === ',')) return undefined;
    const word = s.slice(at, wordEnd);
    const lower = word.toLowerCase();
    if (ACTED_ON.has(lower) || opensUnitPair(lower)) return undefined;
    const unit = dotted ? lookupUnit(s.slice(at, wordEnd + 1)) : lookupUnitWord(word, lower);
    if (unit !== undefined) {
      // A unit after size words keeps them as notes, a reading left to the full parser.
      return modifiers > 0 ? undefined : afterUnit(s, dotted ? wordEnd + 1 : wordEnd, first.value, quantityMax, unit);
    }
    if (dotted) return undefined;
    if (!isModifier(word, lower)) {
      // No unit: the name starts with the size words (`1 large onion`).
      return withName(s, wordsStart, first.value, quantityMax, null);
    }
    if (modifiers === MAX_MODIFIERS || after !== ' ') return undefined;
    at = wordEnd + 1;
  }
}
