/**
 * A schema.org `Recipe` node → a recipe record in the API's shape, plus the things that could not be carried over
 * (a duration in months, an unknown diet, a yield without a number). The domain then validates the record.
 *
 * Larder's own JSON-LD export adds `larder:*` properties for the fields schema.org has no term for (notes, season,
 * collection, status, e-mail readiness, engagement score), so that an export re-imports as the same recipes.
 */
import { isoDurationMinutes } from './iso-duration.js';
import { RECIPE_LIMITS } from '../recipe-input.js';
import { fitIngredients, fitSteps, fitText } from './jsonld-fit.js';
import { ingredientLines } from './jsonld-ingredients.js';
import { instructionSteps } from './jsonld-instructions.js';
import {
  absoluteHttpUrl,
  asArray,
  boundedJson,
  MAX_JSON_DEPTH,
  identifierOf,
  isObject,
  linkOf,
  longTextOf,
  namesOf,
  servingsOf,
  textOf,
  textsOf,
  typesOf,
  type JsonObject,
} from './jsonld-values.js';
import { dietTag } from './schema-diets.js';

export interface MappedRecipe {
  readonly input: JsonObject;
  readonly warnings: string[];
}

export const LARDER_PREFIX = 'larder:';
/** Fields carried by `larder:<field>` properties, taken as they are. */
export const LARDER_FIELDS = ['notes', 'season', 'collection_id', 'status', 'email_ready', 'engagement_score'] as const;

export const isRecipeNode = (value: unknown): value is JsonObject => isObject(value) && typesOf(value).includes('Recipe');

/**
 * The Recipe nodes in a JSON-LD value, in document order: the value itself, its `@graph`, or a page's `mainEntity`,
 * in arrays. A loop over an explicit stack; nothing deeper than `MAX_JSON_DEPTH` levels is looked into.
 */
export function recipeNodesIn(value: unknown): JsonObject[] {
  const found: JsonObject[] = [];
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as (typeof stack)[number];
    if (depth > MAX_JSON_DEPTH) continue;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], depth: depth + 1 });
    } else if (isRecipeNode(current)) found.push(current);
    else if (isObject(current)) stack.push({ value: current['mainEntity'], depth: depth + 1 }, { value: current['@graph'], depth: depth + 1 });
  }
  return found;
}

/** A duration's text: a string, the first of an array, or a value object's `@value` / `value` (`{"@type": "Duration", "@value": "PT40M"}`). */
function durationText(value: unknown): unknown {
  if (Array.isArray(value)) return durationText(value[0]);
  if (isObject(value)) return value['@value'] ?? value['value'];
  return value;
}

function minutes(node: JsonObject, key: string, warnings: string[]): number | undefined {
  const given = node[key];
  const value = durationText(given);
  if (given === undefined || given === null || given === '' || ((value === undefined || value === null || value === '') && !isObject(given))) return undefined;
  if (typeof value !== 'string') {
    warnings.push(`${key} ${JSON.stringify(given)} is not an ISO 8601 duration; left out`);
    return undefined;
  }
  const parsed = isoDurationMinutes(value);
  if (parsed.isOk()) return parsed.value;
  warnings.push(`${key}: ${parsed.error}; left out`);
  return undefined;
}

function dietaryTags(node: JsonObject, warnings: string[]): string[] {
  const tags: string[] = [];
  for (const diet of asArray(node['suitableForDiet'])) {
    const name = typeof diet === 'string' ? diet : linkOf(diet);
    const tag = name === undefined ? undefined : dietTag(name);
    if (tag === undefined) warnings.push(`suitableForDiet ${JSON.stringify(diet)} is not a schema.org RestrictedDiet; left out`);
    else tags.push(tag);
  }
  const keywords = asArray(node['keywords']).flatMap((item) => (typeof item === 'string' ? item.split(',') : textsOf(item)));
  for (const keyword of keywords.map((word) => textOf(word) ?? '').filter((word) => word !== '')) {
    if (keyword.length > RECIPE_LIMITS.dietaryTag) warnings.push(`keyword ${JSON.stringify(keyword)} is too long for a tag; left out`);
    else tags.push(keyword);
  }
  const distinct = [...new Set(tags.map((tag) => tag.toLocaleLowerCase('en-US')))];
  if (distinct.length > RECIPE_LIMITS.dietaryTags) {
    warnings.push(`${distinct.length} tags, only the first ${RECIPE_LIMITS.dietaryTags} were kept`);
    return distinct.slice(0, RECIPE_LIMITS.dietaryTags);
  }
  return distinct;
}

/**
 * A single-valued field from a list: `["Lunch", "Dinner"]` and `"Sides, Veggie Dishes"` alike are lists (pages put
 * several categories in one string), of which the first value is kept; a value over the limit is skipped.
 */
function firstFacet(node: JsonObject, key: string, warnings: string[]): string | undefined {
  const values = textsOf(node[key]).flatMap((text) => text.split(',')).map((value) => value.trim()).filter((value) => value !== '');
  const fitting = values.filter((value) => value.length <= RECIPE_LIMITS.facet);
  if (fitting.length < values.length) warnings.push(`${key} values over ${RECIPE_LIMITS.facet} characters were left out`);
  if (fitting.length > 1) warnings.push(`${key} has ${fitting.length} values; only ${JSON.stringify(fitting[0])} was kept`);
  return fitting[0];
}

function ingredients(node: JsonObject, warnings: string[]): string[] | undefined {
  const value = node['recipeIngredient'] ?? node['ingredients'];
  if (value === undefined) return undefined;
  const { lines, skipped } = ingredientLines(value);
  if (skipped > 0) warnings.push(`recipeIngredient has ${skipped} blank or null ${skipped === 1 ? 'entry' : 'entries'}; skipped`);
  return fitIngredients(lines, warnings);
}

const MAX_URL = 2048;

function link(key: string, value: unknown, base: string | undefined, warnings: string[]): string | undefined {
  const raw = linkOf(value);
  if (raw === undefined) return undefined;
  const url = absoluteHttpUrl(raw, base);
  if (url === undefined) warnings.push(`${key} ${JSON.stringify(raw)} is not an http(s) URL; left out`);
  else if (url.length > MAX_URL) warnings.push(`${key} is a URL of ${url.length} characters (over ${MAX_URL}); left out`);
  return url !== undefined && url.length <= MAX_URL ? url : undefined;
}

/** The recipe's own `@id`, unless it is a blank node (`_:b0`) that means nothing outside its document. */
const externalIdOf = (node: JsonObject): string | undefined => {
  const id = identifierOf(node['identifier']);
  if (id !== undefined) return id;
  const nodeId = node['@id'];
  return typeof nodeId === 'string' && nodeId.trim() !== '' && !nodeId.startsWith('_:') ? nodeId.trim() : undefined;
};

export function mapRecipeNode(given: JsonObject): MappedRecipe {
  const warnings: string[] = [];
  // Every reader below may recurse: the node they read is bounded first (see `boundedJson`).
  const bounded = boundedJson(given);
  const node = isObject(bounded.value) ? bounded.value : {};
  if (bounded.cut) warnings.push(`values nested deeper than ${MAX_JSON_DEPTH} levels were left out`);
  if (bounded.mended) warnings.push('lone surrogates (text that is not valid Unicode) were written as U+FFFD');
  if (bounded.nulRemoved) warnings.push('U+0000 characters were removed');
  const input: JsonObject = {};
  const set = (field: string, value: unknown) => {
    if (value !== undefined) input[field] = value;
  };

  const title = textOf(asArray(node['name'])[0]) ?? textOf(asArray(node['headline'])[0]);
  set('title', fitText(title, RECIPE_LIMITS.title, 'name', warnings));
  set('description', fitText(longTextOf(node['description']), RECIPE_LIMITS.description, 'description', warnings));
  set('ingredients', ingredients(node, warnings));
  const instructions = node['recipeInstructions'];
  if (instructions !== undefined && instructions !== null) {
    const steps = instructionSteps(instructions);
    // An empty list says there are no steps (an export of a recipe without any); entries none of which reads are a loss.
    if (steps.length === 0 && asArray(instructions).length > 0 && instructions !== '') warnings.push('recipeInstructions has no step that could be read; left out');
    else set('instructions', fitSteps(steps, warnings));
  }

  // `yield` is schema.org's name on HowTo, of which Recipe is a kind.
  const yieldKey = node['recipeYield'] !== undefined && node['recipeYield'] !== null ? 'recipeYield' : 'yield';
  const yieldValue = node[yieldKey];
  if (yieldValue !== undefined && yieldValue !== null) {
    const servings = servingsOf(yieldValue);
    if (servings === undefined) warnings.push(`${yieldKey} ${JSON.stringify(yieldValue)} has no number of servings; left out`);
    set('servings', servings);
  }
  const prep = minutes(node, 'prepTime', warnings);
  const cook = minutes(node, 'cookTime', warnings);
  const total = minutes(node, 'totalTime', warnings);
  set('prep_time_minutes', prep);
  // Without a cookTime, what the total leaves after preparation is the cooking.
  if (cook !== undefined) set('cook_time_minutes', cook);
  else if (total !== undefined && total >= (prep ?? 0)) set('cook_time_minutes', total - (prep ?? 0));

  const tags = dietaryTags(node, warnings);
  if (tags.length > 0) set('dietary_tags', tags);
  set('cuisine', firstFacet(node, 'recipeCuisine', warnings));
  set('meal_type', firstFacet(node, 'recipeCategory', warnings));

  const page = linkOf(node['url']) ?? linkOf(node['mainEntityOfPage']);
  const sourceUrl = page === undefined ? undefined : link('url', page, undefined, warnings);
  set('source_url', sourceUrl);
  set('image_url', link('image', node['image'] ?? node['thumbnailUrl'], sourceUrl, warnings));
  const externalId = externalIdOf(node);
  if (externalId !== undefined && externalId.length > RECIPE_LIMITS.externalId) {
    warnings.push(`identifier of ${externalId.length} characters is over ${RECIPE_LIMITS.externalId}; left out, so a re-import adds the recipe again`);
  } else set('external_id', externalId);

  const authors = namesOf(node['author']);
  if (authors.length > 0) set('notes', fitText(`By ${authors.join(', ')}`, RECIPE_LIMITS.notes, 'author', warnings));
  for (const field of LARDER_FIELDS) {
    if (Object.hasOwn(node, `${LARDER_PREFIX}${field}`)) input[field] = node[`${LARDER_PREFIX}${field}`];
  }
  return { input, warnings };
}
