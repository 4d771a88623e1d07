/**
 * The editor's form: a recipe as text fields a person edits, and back to the API's fields. Ingredients are one line
 * each, with a heading line (`For the dressing:`) before each section, which is how the API itself reads them; the
 * API parses them (the studio parses nothing: the live preview asks the API).
 */
import type { Recipe } from '../../lib/api';

export interface RecipeForm {
  title: string;
  description: string;
  ingredients: string;
  instructions: string;
  notes: string;
  servings: string;
  prep_time_minutes: string;
  cook_time_minutes: string;
  dietary_tags: string;
  cuisine: string;
  meal_type: string;
  season: string;
  collection_id: string;
  status: 'active' | 'draft';
  email_ready: boolean;
  engagement_score: string;
  image_url: string;
  source_url: string;
  external_id: string;
}

export const EMPTY_FORM: RecipeForm = {
  title: '',
  description: '',
  ingredients: '',
  instructions: '',
  notes: '',
  servings: '',
  prep_time_minutes: '',
  cook_time_minutes: '',
  dietary_tags: '',
  cuisine: '',
  meal_type: '',
  season: '',
  collection_id: '',
  status: 'active',
  email_ready: false,
  engagement_score: '',
  image_url: '',
  source_url: '',
  external_id: '',
};

export function ingredientLines(recipe: Pick<Recipe, 'ingredients'>): string {
  const lines: string[] = [];
  let section: string | null = null;
  for (const ingredient of recipe.ingredients) {
    if (ingredient.section !== section && ingredient.section !== null) lines.push(`${ingredient.section}:`);
    section = ingredient.section;
    lines.push(ingredient.text);
  }
  return lines.join('\n');
}

const number = (value: number | null) => (value === null ? '' : String(value));

export function toForm(recipe: Recipe): RecipeForm {
  return {
    title: recipe.title,
    description: recipe.description ?? '',
    ingredients: ingredientLines(recipe),
    instructions: recipe.instructions.join('\n'),
    notes: recipe.notes ?? '',
    servings: number(recipe.servings),
    prep_time_minutes: number(recipe.prep_time_minutes),
    cook_time_minutes: number(recipe.cook_time_minutes),
    dietary_tags: recipe.dietary_tags.join(', '),
    cuisine: recipe.cuisine ?? '',
    meal_type: recipe.meal_type ?? '',
    season: recipe.season ?? '',
    collection_id: recipe.collection_id ?? '',
    status: recipe.status === 'draft' ? 'draft' : 'active',
    email_ready: recipe.email_ready,
    engagement_score: recipe.engagement_score === 0 ? '' : String(recipe.engagement_score),
    image_url: recipe.image_url ?? '',
    source_url: recipe.source_url ?? '',
    external_id: recipe.external_id ?? '',
  };
}

/** The non-empty lines of a text box. */
export const linesOf = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter((line) => line !== '');

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());
/** A number field as the API takes it; text that is not a number goes as it is, for the API to refuse in words. */
const optionalNumber = (value: string): number | string | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** Every field as the API takes it. */
export function toBody(form: RecipeForm): Record<string, unknown> {
  return {
    title: form.title,
    description: optionalText(form.description),
    ingredients: linesOf(form.ingredients),
    instructions: linesOf(form.instructions),
    notes: optionalText(form.notes),
    servings: optionalNumber(form.servings),
    prep_time_minutes: optionalNumber(form.prep_time_minutes),
    cook_time_minutes: optionalNumber(form.cook_time_minutes),
    dietary_tags: form.dietary_tags.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''),
    cuisine: optionalText(form.cuisine),
    meal_type: optionalText(form.meal_type),
    season: optionalText(form.season),
    collection_id: optionalText(form.collection_id),
    status: form.status,
    email_ready: form.email_ready,
    engagement_score: optionalNumber(form.engagement_score) ?? 0,
    image_url: optionalText(form.image_url),
    source_url: optionalText(form.source_url),
    external_id: optionalText(form.external_id),
  };
}

/** Only what the person changed: a field they did not touch is not sent (nor re-read, for the ingredients). */
export function changedFields(form: RecipeForm, initial: RecipeForm): Record<string, unknown> {
  const body = toBody(form);
  const before = toBody(initial);
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
}
