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
import { sectionHeading } from '../ingredient/ingredient-section.js';
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

const HEADING = Symbol('heading');

/**
 * The ingredient list: its lines, with the section each belongs to. A heading line (`For the dressing:`, see
 * `ingredient-section.ts`) is not stored: it gives its name to the lines after it, up to the next heading; an
 * object's own `section` wins over the heading above it. A heading with no line after it is refused, as it would be lost.
 */
const readIngredients: FieldReader = (value, pointer, issues) => {
  let section: string | null = null;
  let pendingHeading: string | null = null;
  const read = readList(value, pointer, issues, INGREDIENT_LIST, (item, at): Ingredient | typeof HEADING | undefined => {
    const heading = typeof item === 'string' ? sectionHeading(item) : undefined;
    if (heading !== undefined) {
      section = heading;
      pendingHeading = at;
      return HEADING;
    }
    pendingHeading = null;
    const ingredient = readIngredient(item, at, issues);
    if (ingredient === undefined || section === null || ingredient.section !== null) return ingredient;
    if (typeof item === 'object' && item !== null && Object.hasOwn(item, 'section')) return ingredient;
    return { ...ingredient, section };
  });
  if (pendingHeading !== null) {
    issues.push({ pointer: pendingHeading, message: 'a section heading (a line ending in ":") must be followed by at least one ingredient' });
    return undefined;
  }
  return read?.filter((item): item is Ingredient => item !== HEADING);
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
const P = Object.fromEntries(RECIPE_CONTENT_FIELDS.map((field) => [field, pointerTo('', field)])) as Record<keyof RecipeContent, string>;
/** Each field's bit in a set of fields, in field order. A Map: a plain object would find `toString` and its kin. */
const FIELD_BITS = new Map<string, number>(RECIPE_CONTENT_FIELDS.map((field, index) => [field, 2 ** index]));
const F = Object.fromEntries(FIELD_BITS) as Record<keyof RecipeContent, number>;

/**
 * The set of fields (a bit each) an object has when its own property names are all fields; -1 when it has any other
 * (read-only or unknown: reported by the general path). The records of an import nearly all have the same names in
 * the same order, so the set worked out for the last list of names is used again when the next list is the same:
 * checking every name against the known ones was a fifth of the time of validating a record. Own names,
 * non-enumerable ones included, as `hasOwn` finds them.
 */
let lastNames: readonly string[] = [];
let lastFields = -1;

function fieldsOf(object: Record<string, unknown>): number {
  const names = Object.getOwnPropertyNames(object);
  let same = names.length === lastNames.length;
  for (let index = 0; same && index < names.length; index += 1) same = names[index] === lastNames[index];
  if (same) return lastFields;
  let fields = 0;
  for (const name of names) {
    const bit = FIELD_BITS.get(name);
    if (bit === undefined) {
      fields = -1;
      break;
    }
    fields |= bit;
  }
  lastNames = names;
  lastFields = fields;
  return fields;
}

/**
 * Reads the fields in `fields` (a set of bits) into `target`, in field order, each by its name with its own reader:
 * a loop over 19 readers made every load, call and store of it megamorphic (a sixth of an import's time). Issues
 * come in field order, as they always have.
 */
function readFields(object: Record<string, unknown>, fields: number, target: Record<string, unknown>, issues: Issues, options: RecipeInputOptions): void {
  let value: unknown;
  if ((fields & F.title) !== 0 && (value = readText(object.title, P.title, issues, TITLE)) !== undefined) target.title = value;
  if ((fields & F.description) !== 0 && (value = readOptionalText(object.description, P.description, issues, DESCRIPTION)) !== undefined)
    target.description = value;
  if (
    (fields & F.ingredients) !== 0 &&
    (value = readIngredients(object.ingredients, P.ingredients, issues, options)) !== undefined
  )
    target.ingredients = value;
  if ((fields & F.instructions) !== 0 && (value = readInstructions(object.instructions, P.instructions, issues, options)) !== undefined)
    target.instructions = value;
  if ((fields & F.notes) !== 0 && (value = readOptionalText(object.notes, P.notes, issues, NOTES)) !== undefined) target.notes = value;
  if ((fields & F.servings) !== 0 && (value = readOptionalNumber(object.servings, P.servings, issues, SERVINGS)) !== undefined)
    target.servings = value;
  if ((fields & F.prep_time_minutes) !== 0 && (value = readOptionalNumber(object.prep_time_minutes, P.prep_time_minutes, issues, MINUTES)) !== undefined)
    target.prep_time_minutes = value;
  if ((fields & F.cook_time_minutes) !== 0 && (value = readOptionalNumber(object.cook_time_minutes, P.cook_time_minutes, issues, MINUTES)) !== undefined)
    target.cook_time_minutes = value;
  if ((fields & F.dietary_tags) !== 0 && (value = readDietaryTags(object.dietary_tags, P.dietary_tags, issues, options)) !== undefined)
    target.dietary_tags = value;
  if ((fields & F.cuisine) !== 0 && (value = readOptionalText(object.cuisine, P.cuisine, issues, FACET)) !== undefined) target.cuisine = value;
  if ((fields & F.meal_type) !== 0 && (value = readOptionalText(object.meal_type, P.meal_type, issues, FACET)) !== undefined) target.meal_type = value;
  if ((fields & F.season) !== 0 && (value = readOptionalText(object.season, P.season, issues, FACET)) !== undefined) target.season = value;
  if ((fields & F.collection_id) !== 0 && (value = readOptionalText(object.collection_id, P.collection_id, issues, COLLECTION_ID)) !== undefined)
    target.collection_id = value;
  if (
    (fields & F.status) !== 0 &&
    (value = readEnum<RecipeStatus>(object.status, options.allowArchived === true ? RECIPE_STATUSES : SETTABLE_RECIPE_STATUSES, P.status, issues)) !==
      undefined
  )
    target.status = value;
  if ((fields & F.email_ready) !== 0 && (value = readBoolean(object.email_ready, P.email_ready, issues)) !== undefined) target.email_ready = value;
  if ((fields & F.engagement_score) !== 0 && (value = readNumber(object.engagement_score, P.engagement_score, issues, ENGAGEMENT_SCORE)) !== undefined)
    target.engagement_score = value;
  if ((fields & F.image_url) !== 0 && (value = readUrl(object.image_url, P.image_url, issues)) !== undefined) target.image_url = value;
  if ((fields & F.source_url) !== 0 && (value = readUrl(object.source_url, P.source_url, issues)) !== undefined) target.source_url = value;
  if ((fields & F.external_id) !== 0 && (value = readOptionalText(object.external_id, P.external_id, issues, EXTERNAL_ID)) !== undefined)
    target.external_id = value;
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
  let present = fieldsOf(object);
  if (present === -1) {
    rejectExtraKeys(object, WRITABLE, READ_ONLY, '', issues);
    present = 0;
    for (const field of RECIPE_CONTENT_FIELDS) if (hasOwn(object, field)) present |= F[field];
  }
  for (const field of required) {
    if ((present & F[field]) === 0) issues.push({ pointer: P[field], message: 'is required' });
  }
  readFields(object, present, fields as Record<string, unknown>, issues, options);
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
