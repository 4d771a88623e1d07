/**
 * Singular and plural of the nouns ingredient lines end with, so that a counted amount agrees with its noun (`1 onion`,
 * `½ onion`, `3 onions`, `1 ½ green chillies`) and `tomatoes` and `tomato` are one ingredient on a shopping list.
 *
 * English rules for the words recipes use: `-ies` ↔ `-y` after a consonant (`berries`), `-oes` for the few foods that
 * take it (`potatoes`), `-es` after s, x, z, ch, sh (`peaches`), `-ves` for a short list (`leaves`, `loaves`, `halves`;
 * `olives` and `chives` are regular), irregular words, and words that have no plural at all (`rice`, `garlic`, `shrimp`).
 * Only lower-case words of letters are touched (`jalapeños` too); anything else (`M&Ms`, `7-Up`) is left as written.
 */

/** Plural → singular for words the rules below get wrong. Extend it here; the reverse map is derived. */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  leaves: 'leaf', loaves: 'loaf', halves: 'half', calves: 'calf', knives: 'knife', shelves: 'shelf',
  potatoes: 'potato', tomatoes: 'tomato', mangoes: 'mango', echoes: 'echo', heroes: 'hero',
  chillies: 'chilli', chilies: 'chili', cookies: 'cookie', brownies: 'brownie', pies: 'pie', veggies: 'veggie',
  smoothies: 'smoothie', geese: 'goose', feet: 'foot', teeth: 'tooth', mice: 'mouse', children: 'child',
  people: 'person',
};

const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(IRREGULAR_PLURALS).map(([plural, singular]) => [singular, plural]),
);

/** Words with one form for one and many (mass nouns, and fish and seafood counted as they are sold). */
const INVARIABLE: ReadonlySet<string> = new Set([
  'rice', 'garlic', 'salt', 'zucchini', 'flour', 'sugar', 'butter', 'water', 'milk', 'cream', 'oil', 'vinegar', 'honey',
  'spinach', 'parsley', 'cilantro', 'coriander', 'basil', 'thyme', 'rosemary', 'dill', 'mint', 'oregano', 'sage',
  'lettuce', 'kale', 'broccoli', 'cauliflower', 'cabbage', 'celery', 'asparagus', 'okra', 'corn', 'ginger', 'fennel',
  'cheese', 'feta', 'mozzarella', 'parmesan', 'ricotta', 'yogurt', 'yoghurt', 'tofu', 'tempeh', 'pasta', 'spaghetti',
  'couscous', 'quinoa', 'bread', 'fish', 'salmon', 'tuna', 'cod', 'trout', 'shrimp', 'prawn', 'squid', 'sheep', 'deer',
  'bacon', 'beef', 'pork', 'lamb', 'chicken', 'turkey', 'ham', 'mince', 'hummus', 'molasses', 'chocolate', 'cocoa',
  'yeast', 'stock', 'broth', 'juice', 'zest', 'sauce', 'paste', 'mustard', 'jam', 'syrup', 'ice', 'mayonnaise',
  'granola', 'oatmeal', 'tahini', 'salsa', 'pesto', 'gelatin', 'cornstarch', 'cornflour', 'baking', 'soda', 'powder',
  'chard', 'arugula', 'rocket', 'watercress', 'grits', 'oats', 'swiss', 'brussels',
]);

const LOWER_WORD = /^\p{Ll}+$/u;
const CONSONANT_Y = /[^aeiou]y$/;
const SIBILANT = /(s|x|z|ch|sh)$/;
const SIBILANT_ES = /(ss|x|z|ch|sh)es$/;

function changeable(word: string): boolean {
  return word.length >= 3 && LOWER_WORD.test(word) && !INVARIABLE.has(word);
}

/** `tomatoes` → `tomato`, `berries` → `berry`, `leaves` → `leaf`; singular and invariable words come back unchanged. */
export function singularNoun(word: string): string {
  if (!changeable(word)) return word;
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular !== undefined) return irregular;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (SIBILANT_ES.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** `tomato` → `tomatoes`, `berry` → `berries`, `leaf` → `leaves`; plural and invariable words come back unchanged. */
export function pluralNoun(word: string): string {
  if (!changeable(word) || singularNoun(word) !== word || IRREGULAR_PLURALS[word] !== undefined) return word;
  const irregular = IRREGULAR_SINGULARS[word];
  if (irregular !== undefined) return irregular;
  if (CONSONANT_Y.test(word)) return `${word.slice(0, -1)}ies`;
  if (SIBILANT.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Whether a shown amount takes the plural: above one (`1 ½ onions`), not at or below it (`1 onion`, `½ onion`). */
export const takesPlural = (shown: number): boolean => shown > 1;

// A noun phrase's head comes before its first preposition: `chipotle chillies in adobo`, `slices of bread`.
const PREPOSITION = / (in|with|of|for|from|on) /;

/**
 * The name with its head noun agreeing with a counted amount as shown: (`onions`, 1) → `onion`, (`green chilli`, 1.5)
 * → `green chillies`, (`chipotle chilli in adobo`, 2) → `chipotle chillies in adobo`. The head is the last word, or
 * the last word before a preposition (`chicken breasts`, `bay leaves`).
 */
export function nameForCount(name: string, shown: number): string {
  const preposition = PREPOSITION.exec(name);
  const end = preposition === null ? name.length : preposition.index;
  const start = name.lastIndexOf(' ', end - 1) + 1;
  const head = name.slice(start, end);
  const agreed = takesPlural(shown) ? pluralNoun(head) : singularNoun(head);
  return agreed === head ? name : name.slice(0, start) + agreed + name.slice(end);
}
