/**
 * The unit table: one canonical singular name per unit (what `Ingredient.unit` stores), its aliases as cooks write
 * them, and what it measures. Case matters only where cooks use it to tell units apart (`T` tablespoon, `t` teaspoon);
 * every other alias matches case-insensitively, with or without a trailing period.
 */
export type UnitKind = 'volume' | 'mass' | 'length' | 'count' | 'other';
export type UnitSystem = 'us' | 'metric' | 'none';

export interface UnitInfo {
  /** Canonical singular name, as stored. */
  readonly name: string;
  /** Rendered after a quantity of one or less. */
  readonly singular: string;
  /** Rendered after a quantity above one. */
  readonly plural: string;
  readonly kind: UnitKind;
  readonly system: UnitSystem;
  /**
   * Size in its kind's base unit (teaspoons, ounces, grams, millilitres), or null for units of no fixed size.
   * Only units of the same kind and system are ever added up (`2 tablespoons plus 2 teaspoons`, `1 lb 4 oz`).
   */
  readonly base: number | null;
}

type Row = readonly [name: string, kind: UnitKind, system: UnitSystem, aliases: readonly string[], plural?: string];

// Metric symbols never take a plural; US and kitchen units render as words, as in the contract's `1 ½ cups`.
const ROWS: readonly Row[] = [
  ['cup', 'volume', 'us', ['c', 'C', 'cups', 'cupful', 'cupfuls', 'teacup', 'teacups']],
  ['tablespoon', 'volume', 'us', ['T', 'tbsp', 'tbsps', 'tbs', 'tbl', 'tbls', 'tb', 'tblsp', 'tblspn', 'tablespoons', 'tablespoonful', 'tablespoonfuls', 'dessertspoon', 'dessertspoons', 'dsp', 'dstspn']],
  ['teaspoon', 'volume', 'us', ['t', 'tsp', 'tsps', 'tspn', 'teaspoons', 'teaspoonful', 'teaspoonfuls']],
  ['fluid ounce', 'volume', 'us', ['fl oz', 'fl. oz', 'fl.oz', 'floz', 'fluid ounces', 'fluid oz', 'fl ounce', 'fl ounces'], 'fluid ounces'],
  ['pint', 'volume', 'us', ['pints', 'pt', 'pts']],
  ['half-pint', 'volume', 'us', ['half-pints', 'half pint', 'half pints']],
  ['quart', 'volume', 'us', ['quarts', 'qt', 'qts']],
  ['gallon', 'volume', 'us', ['gallons', 'gal', 'gals']],
  ['ounce', 'mass', 'us', ['oz', 'ozs', 'ounces']],
  ['pound', 'mass', 'us', ['lb', 'lbs', 'pounds']],
  ['mg', 'mass', 'metric', ['milligram', 'milligrams', 'milligramme', 'milligrammes', 'mgs']],
  ['g', 'mass', 'metric', ['gr', 'grs', 'gm', 'gms', 'grm', 'grms', 'gram', 'grams', 'gramme', 'grammes']],
  ['kg', 'mass', 'metric', ['kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes']],
  ['ml', 'volume', 'metric', ['mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'mil']],
  ['cl', 'volume', 'metric', ['centiliter', 'centiliters', 'centilitre', 'centilitres']],
  ['dl', 'volume', 'metric', ['deciliter', 'deciliters', 'decilitre', 'decilitres']],
  ['l', 'volume', 'metric', ['L', 'liter', 'liters', 'litre', 'litres', 'ltr', 'ltrs', 'lt']],
  ['cm', 'length', 'metric', ['centimeter', 'centimeters', 'centimetre', 'centimetres', 'cms']],
  ['mm', 'length', 'metric', ['millimeter', 'millimeters', 'millimetre', 'millimetres']],
  ['inch', 'length', 'us', ['inches', 'in.'], 'inches'],
  ['clove', 'count', 'none', ['cloves']],
  ['can', 'count', 'none', ['cans']],
  ['tin', 'count', 'none', ['tins']],
  ['jar', 'count', 'none', ['jars']],
  ['package', 'count', 'none', ['packages', 'pkg', 'pkgs', 'pack', 'packs']],
  ['packet', 'count', 'none', ['packets']],
  ['envelope', 'count', 'none', ['envelopes']],
  ['sachet', 'count', 'none', ['sachets']],
  ['bunch', 'count', 'none', ['bunches'], 'bunches'],
  ['bundle', 'count', 'none', ['bundles']],
  // Twelve of the item (`2 dozen eggs`): scales as a unit, and a shopping list counts it as 12 items.
  ['dozen', 'count', 'none', ['doz'], 'dozen'],
  ['pinch', 'other', 'none', ['pinches'], 'pinches'],
  ['dash', 'other', 'none', ['dashes'], 'dashes'],
  ['splash', 'other', 'none', ['splashes'], 'splashes'],
  ['drop', 'other', 'none', ['drops']],
  ['handful', 'other', 'none', ['handfuls', 'handsful']],
  ['knob', 'other', 'none', ['knobs']],
  ['glug', 'other', 'none', ['glugs']],
  ['shake', 'other', 'none', ['shakes']],
  ['scoop', 'other', 'none', ['scoops']],
  ['slice', 'count', 'none', ['slices']],
  ['piece', 'count', 'none', ['pieces', 'pc', 'pcs']],
  ['chunk', 'count', 'none', ['chunks']],
  ['stick', 'count', 'none', ['sticks']],
  ['sprig', 'count', 'none', ['sprigs']],
  ['stalk', 'count', 'none', ['stalks']],
  ['stem', 'count', 'none', ['stems']],
  ['rib', 'count', 'none', ['ribs']],
  ['head', 'count', 'none', ['heads']],
  ['bulb', 'count', 'none', ['bulbs']],
  ['ear', 'count', 'none', ['ears']],
  ['leaf', 'count', 'none', ['leaves'], 'leaves'],
  ['sheet', 'count', 'none', ['sheets']],
  ['strip', 'count', 'none', ['strips']],
  ['rasher', 'count', 'none', ['rashers']],
  ['fillet', 'count', 'none', ['fillets', 'filet', 'filets']],
  ['loaf', 'count', 'none', ['loaves'], 'loaves'],
  ['bottle', 'count', 'none', ['bottles']],
  ['bag', 'count', 'none', ['bags']],
  ['box', 'count', 'none', ['boxes'], 'boxes'],
  ['carton', 'count', 'none', ['cartons']],
  ['container', 'count', 'none', ['containers']],
  ['tub', 'count', 'none', ['tubs']],
  ['tube', 'count', 'none', ['tubes']],
  ['block', 'count', 'none', ['blocks']],
  ['bar', 'count', 'none', ['bars']],
  ['cube', 'count', 'none', ['cubes']],
  ['square', 'count', 'none', ['squares']],
  ['wedge', 'count', 'none', ['wedges']],
  ['ball', 'count', 'none', ['balls']],
  ['pod', 'count', 'none', ['pods']],
  ['spear', 'count', 'none', ['spears']],
  ['branch', 'count', 'none', ['branches'], 'branches'],
  ['punnet', 'count', 'none', ['punnets']],
  ['basket', 'count', 'none', ['baskets']],
  ['recipe', 'other', 'none', ['recipes']],
  ['batch', 'other', 'none', ['batches'], 'batches'],
];

// `in` alone is a preposition far more often than an inch, so only `in.` and the words count.
const CASE_SENSITIVE = new Set(['T', 't', 'C', 'c', 'L', 'in.']);

const byName = new Map<string, UnitInfo>();
const exactAliases = new Map<string, UnitInfo>();
const foldedAliases = new Map<string, UnitInfo>();

const BASE_SIZES: Readonly<Record<string, number>> = {
  teaspoon: 1, tablespoon: 3, 'fluid ounce': 6, cup: 48, 'half-pint': 48, pint: 96, quart: 192, gallon: 768,
  ounce: 1, pound: 16, mg: 0.001, g: 1, kg: 1000, ml: 1, cl: 10, dl: 100, l: 1000, mm: 0.1, cm: 1,
};

for (const [name, kind, system, aliases, plural] of ROWS) {
  const metric = system === 'metric';
  const singular = name === 'l' ? 'L' : name;
  const base = BASE_SIZES[name] ?? null;
  const info: UnitInfo = { name, singular, plural: plural ?? (metric ? singular : `${name}s`), kind, system, base };
  byName.set(name, info);
  foldedAliases.set(name, info);
  for (const alias of aliases) {
    if (CASE_SENSITIVE.has(alias)) exactAliases.set(alias, info);
    else foldedAliases.set(alias.toLowerCase(), info);
  }
}

/** Longest alias in words (`fl. oz.` is two), so callers know how far ahead to look. */
export const MAX_UNIT_WORDS = 2;

const PLAIN_WORD = /^[^.\s]*$/;

/**
 * The unit a written word (or two words, such as `fl oz`) stands for, or undefined. `T` is a tablespoon and `t` a
 * teaspoon; otherwise case and a trailing period are ignored (`Tbsp.`, `OZ`, `mL`).
 */
export function lookupUnit(word: string): UnitInfo | undefined {
  const exact = exactAliases.get(word);
  if (exact !== undefined) return exact;
  if (PLAIN_WORD.test(word)) return foldedAliases.get(word.toLowerCase());
  const trimmed = word.endsWith('.') ? word.slice(0, -1) : word;
  const exactTrimmed = exactAliases.get(trimmed);
  if (exactTrimmed !== undefined) return exactTrimmed;
  const folded = trimmed.toLowerCase().replace(/\.\s*/g, ' ').trim();
  return foldedAliases.get(folded) ?? foldedAliases.get(folded.replace(/\s+/g, ' '));
}

/**
 * `lookupUnit` for one word of letters and hyphens (`Tbsp`, `cups`), which needs no folding of periods and spaces;
 * the parser's common case, with the lower-cased form passed in when the caller already has it.
 */
export function lookupUnitWord(word: string, lower: string = word.toLowerCase()): UnitInfo | undefined {
  return exactAliases.get(word) ?? foldedAliases.get(lower);
}

// First words of the aliases of two words (`fl`, `fluid`, `half`), so that a reader tries a pair only after one.
const PAIR_STARTS: ReadonlySet<string> = new Set(
  [...foldedAliases.keys()].filter((alias) => /[.\s]/.test(alias)).map((alias) => alias.split(/[.\s]/)[0] ?? ''),
);

/** Whether a word, lower-cased, can open a unit of two words (`fl` of `fl oz`, `half` of `half pint`). */
export function opensUnitPair(lowerWord: string): boolean {
  return PAIR_STARTS.has(lowerWord);
}

/** The table entry for a canonical name (`cup`, `g`), or undefined for a unit kept as the client gave it. */
export function unitInfo(name: string): UnitInfo | undefined {
  return byName.get(name);
}

/** The canonical names, for documentation and tests. */
export function canonicalUnits(): readonly string[] {
  return [...byName.keys()];
}

/**
 * The display form of a unit after a quantity: `cup` → `cups` above one, metric symbols unchanged, `l` as `L` (a
 * lower-case l reads as a one). Units outside the table are shown as stored.
 */
export function pluralUnit(unit: string, quantity: number | null): string {
  const info = byName.get(unit);
  if (info === undefined) return unit;
  return quantity !== null && quantity > 1 ? info.plural : info.singular;
}
