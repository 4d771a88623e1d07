/**
 * Turns untrusted input (an API body, a CLI import record) into recipe content, reporting every problem with its
 * JSON pointer. The HTTP schemas check shapes first; this is the authority on values, for every entry point.
 */
import { err, ok, type Result } from 'neverthrow';
import { validationFailed, type ValidationFailed } from '../shared/errors.js';
import {
  type Issues,
  type ListRule,
  type NumberRule,
  type TextRule,
  hasOwn,
  pointerTo,
  readBoolean,
  readEnum,
  readList,
  readNumber,
  readObject,
  readOptionalNumber,
  readOptionalText,
  readText,
  readUrl,
  rejectExtraKeys,
} from '../shared/validation.js';
import type { Ingredient } from '../ingredient/ingredient.js';
import {
  INGREDIENT_LIMITS,
  NUL_REFUSED,
  normaliseIngredientInput,
  normaliseRecipeIngredientLine,
  textMentionsNul,
  type IngredientInputObject,
} from '../ingredient/ingredient-input.js';
import {
  RECIPE_CONTENT_FIELDS,
  RECIPE_READ_ONLY_FIELDS,
  RECIPE_STATUSES,
  SETTABLE_RECIPE_STATUSES,
  type RecipeContent,
  type RecipeStatus,
} from './recipe.js';

export const RECIPE_LIMITS = {
  title: 200,
  // Real recipe pages hold descriptions well past 5,000 characters (a story, tips, a FAQ).
  description: 20000,
  notes: 10000,
  ingredients: 200,
  ingredientLine: INGREDIENT_LIMITS.line,
  instructions: 100,
  instructionStep: 5000,
  dietaryTags: 30,
  dietaryTag: 40,
  facet: 60,
  collectionId: 100,
  externalId: 200,
  minutes: 100000,
  servings: 1000,
  engagementScore: 1e12,
} as const;

export interface RecipeInputOptions {
  /** Imports may carry archived recipes (an export of archived ones); the API may not. */
  readonly allowArchived?: boolean;
}

// Rules are made once, not per call: a million-record import reads every field of every record.
const TITLE: TextRule = { min: 1, max: RECIPE_LIMITS.title };
const DESCRIPTION: TextRule = { max: RECIPE_LIMITS.description };
const NOTES: TextRule = { max: RECIPE_LIMITS.notes };
const FACET: TextRule = { max: RECIPE_LIMITS.facet };
const COLLECTION_ID: TextRule = { max: RECIPE_LIMITS.collectionId };
const EXTERNAL_ID: TextRule = { max: RECIPE_LIMITS.externalId };
const INGREDIENT_LIST: ListRule = { max: RECIPE_LIMITS.ingredients };
const INSTRUCTION_LIST: ListRule = { max: RECIPE_LIMITS.instructions };
const STEP: TextRule = { min: 1, max: RECIPE_LIMITS.instructionStep };
const TAG_LIST: ListRule = { max: RECIPE_LIMITS.dietaryTags };
const TAG: TextRule = { min: 1, max: RECIPE_LIMITS.dietaryTag };
const SERVINGS: NumberRule = { min: 1, max: RECIPE_LIMITS.servings, integer: true };
const MINUTES: NumberRule = { min: 0, max: RECIPE_LIMITS.minutes, integer: true };
const ENGAGEMENT_SCORE: NumberRule = { min: 0, max: RECIPE_LIMITS.engagementScore };

type FieldReader = (value: unknown, pointer: string, issues: Issues, options: RecipeInputOptions) => unknown;

/**
 * `JSON.stringify(item).includes('\\u0000')`, the check an ingredient has always had, without making the JSON for
 * a plain object of strings, numbers, booleans and nulls (nearly every ingredient object an import reads): making it
 * was a tenth of an import's time. Anything else is still checked on its JSON.
 */
function mentionsNul(item: object): boolean {
  if (Object.getPrototypeOf(item) !== Object.prototype) return JSON.stringify(item).includes('\\u0000');
  const record = item as Record<string, unknown>;
  let found = false;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'string') found ||= textMentionsNul(key) || textMentionsNul(value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) found ||= textMentionsNul(key);
    else return JSON.stringify(item).includes('\\u0000');
  }
  return found;
}

const readIngredient = (item: unknown, pointer: string, issues: Issues): Ingredient | undefined => {
  if (typeof item !== 'string' && (typeof item !== 'object' || item === null || Array.isArray(item))) {
    issues.push({ pointer, message: 'must be a string such as "1 cup flour" or an object with a name' });
    return undefined;
  }
  // As in every text field (readText): no store keeps U+0000 the same way, so none is given one. A line is checked
  // by normaliseRecipeIngredientLine, which knows the lines it has read before.
  if (typeof item !== 'string' && mentionsNul(item)) {
    issues.push({ pointer, message: NUL_REFUSED });
    return undefined;
  }
  const result = typeof item === 'string' ? normaliseRecipeIngredientLine(item) : normaliseIngredientInput(item as IngredientInputObject);
  if (result.isOk()) return result.value;
  issues.push({ pointer, message: result.error });
  return undefined;
};

/** Steps as an array, or one text whose non-empty lines are the steps. */
const readInstructions: FieldReader = (value, pointer, issues) => {
  const steps = typeof value === 'string' ? value.split(/\r?\n/).filter((line) => line.trim() !== '') : value;
  return readList(steps, pointer, issues, INSTRUCTION_LIST, (step, at) => readText(step, at, issues, STEP));
};

const readDietaryTags: FieldReader = (value, pointer, issues) => {
  const tags = readList(value, pointer, issues, TAG_LIST, (tag, at) => readText(tag, at, issues, TAG));
  if (tags === undefined) return undefined;
  // Lower-cased, each once, in order of first appearance (a list of at most 30: no Set needed).
  const unique: string[] = [];
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (!unique.includes(lower)) unique.push(lower);
  }
  return unique;
};

const facet: FieldReader = (value, pointer, issues) => readOptionalText(value, pointer, issues, FACET);
const minutes: FieldReader = (value, pointer, issues) => readOptionalNumber(value, pointer, issues, MINUTES);

const FIELD_READERS: Record<keyof RecipeContent, FieldReader> = {
  title: (value, pointer, issues) => readText(value, pointer, issues, TITLE),
  description: (value, pointer, issues) => readOptionalText(value, pointer, issues, DESCRIPTION),
  ingredients: (value, pointer, issues) => readList(value, pointer, issues, INGREDIENT_LIST, (item, at) => readIngredient(item, at, issues)),
  instructions: readInstructions,
  notes: (value, pointer, issues) => readOptionalText(value, pointer, issues, NOTES),
  servings: (value, pointer, issues) => readOptionalNumber(value, pointer, issues, SERVINGS),
  prep_time_minutes: minutes,
  cook_time_minutes: minutes,
  dietary_tags: readDietaryTags,
  cuisine: facet,
  meal_type: facet,
  season: facet,
  collection_id: (value, pointer, issues) => readOptionalText(value, pointer, issues, COLLECTION_ID),
  status: (value, pointer, issues, options) =>
    readEnum<RecipeStatus>(value, options.allowArchived === true ? RECIPE_STATUSES : SETTABLE_RECIPE_STATUSES, pointer, issues),
  email_ready: (value, pointer, issues) => readBoolean(value, pointer, issues),
  engagement_score: (value, pointer, issues) => readNumber(value, pointer, issues, ENGAGEMENT_SCORE),
  image_url: (value, pointer, issues) => readUrl(value, pointer, issues),
  source_url: (value, pointer, issues) => readUrl(value, pointer, issues),
  external_id: (value, pointer, issues) => readOptionalText(value, pointer, issues, EXTERNAL_ID),
};

/**
 * The defaults of a new recipe with a title still to set, as one object literal: V8 gives every draft the same compact shape, and
 * filling it in place is several times cheaper than `{ ...RECIPE_DEFAULTS, ...fields }` over a bag of fields (which
 * was the single costliest step of an import). Keys in the order that spread gave, title last.
 */
const draftWithDefaults = (): Record<keyof RecipeContent, unknown> => ({
  description: null,
  ingredients: [],
  instructions: [],
  notes: null,
  servings: null,
  prep_time_minutes: null,
  cook_time_minutes: null,
  dietary_tags: [],
  cuisine: null,
  meal_type: null,
  season: null,
  collection_id: null,
  status: 'active',
  email_ready: false,
  engagement_score: 0,
  image_url: null,
  source_url: null,
  external_id: null,
  title: undefined,
});

/** What every field of a new recipe is when the input leaves it out. */
export const RECIPE_DEFAULTS: Omit<RecipeContent, 'title'> = (({ title: _title, ...defaults }) => defaults as Omit<RecipeContent, 'title'>)(
  draftWithDefaults(),
);

const WRITABLE = new Set<string>(RECIPE_CONTENT_FIELDS);
const READ_ONLY = new Set<string>(RECIPE_READ_ONLY_FIELDS);
const FIELD_POINTERS = Object.fromEntries(RECIPE_CONTENT_FIELDS.map((field) => [field, pointerTo('', field)])) as Record<keyof RecipeContent, string>;
// Each field with its reader and pointer, in field order: looked up by name for every field of every record, the
// reader and the pointer were two megamorphic property loads each.
const FIELD_ENTRIES = RECIPE_CONTENT_FIELDS.map((field) => ({ field, read: FIELD_READERS[field], pointer: FIELD_POINTERS[field] }));

type FieldEntry = (typeof FIELD_ENTRIES)[number];

/**
 * The entries of the fields an object has, in field order, when its own property names are all fields; undefined
 * when it has any other (read-only or unknown: reported by the general path). The records of an import nearly all
 * have the same names in the same order, so the entries worked out for the last list of names are used again when
 * the next list is the same: checking every name against the known ones, then 19 own-property checks, was a fifth
 * of the time of validating a record. Own names, non-enumerable ones included, as `hasOwn` finds them.
 */
let lastNames: readonly string[] = [];
let lastEntries: readonly FieldEntry[] | undefined;

function entriesOf(object: Record<string, unknown>): readonly FieldEntry[] | undefined {
  const names = Object.getOwnPropertyNames(object);
  let same = names.length === lastNames.length;
  for (let index = 0; same && index < names.length; index += 1) same = names[index] === lastNames[index];
  if (same) return lastEntries;
  let entries: FieldEntry[] | undefined;
  if (names.every((name) => WRITABLE.has(name))) entries = FIELD_ENTRIES.filter(({ field }) => hasOwn(object, field));
  lastNames = names;
  lastEntries = entries;
  return entries;
}

/** Reads every field `input` has into `fields` (whose other keys are kept), or every issue found. */
function readFieldsInto<T extends object>(
  input: unknown,
  options: RecipeInputOptions,
  required: readonly (keyof RecipeContent)[],
  fields: T,
): Result<T, ValidationFailed> {
  const issues: Issues = [];
  const object = readObject(input, '', issues);
  if (object === undefined) return err(validationFailed(issues));
  const known = entriesOf(object);
  if (known === undefined) rejectExtraKeys(object, WRITABLE, READ_ONLY, '', issues);
  for (const field of required) {
    if (!hasOwn(object, field)) issues.push({ pointer: FIELD_POINTERS[field], message: 'is required' });
  }
  const target = fields as Record<string, unknown>;
  for (const { field, read, pointer } of known ?? FIELD_ENTRIES) {
    if (known === undefined && !hasOwn(object, field)) continue;
    const value = read(object[field], pointer, issues, options);
    if (value !== undefined) target[field] = value;
  }
  return issues.length > 0 ? err(validationFailed(issues)) : ok(fields);
}

/** A complete new recipe: `title` required, every other field defaulted. */
export function parseRecipeDraft(input: unknown, options: RecipeInputOptions = {}): Result<RecipeContent, ValidationFailed> {
  // Without issues `title` is set: it is required, and an invalid one is an issue.
  return readFieldsInto(input, options, ['title'], draftWithDefaults()) as Result<RecipeContent, ValidationFailed>;
}

/** A partial change: only the given fields. */
export function parseRecipeChanges(input: unknown): Result<Partial<RecipeContent>, ValidationFailed> {
  return readFieldsInto<Partial<RecipeContent>>(input, {}, [], {});
}
