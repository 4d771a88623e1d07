/** Untrusted product bodies (create, change) into values, every problem reported with its JSON pointer. */
import { err, ok, type Result } from 'neverthrow';
import { validationFailed, type ValidationFailed } from '../shared/errors.js';
import {
  type Issues,
  hasOwn,
  pointerTo,
  readEnum,
  readList,
  readNumber,
  readObject,
  readOptionalText,
  readText,
  rejectDuplicates,
  rejectExtraKeys,
} from '../shared/validation.js';
import {
  CREATABLE_PRODUCT_TYPES,
  MEAL_PLAN_LIMITS,
  PRODUCT_STATUSES,
  PRODUCT_TEXT_LIMITS,
  PRODUCT_TYPES,
  RECIPE_LIMIT_BY_TYPE,
  type CreatableProductType,
  type Meal,
  type MealPlanDay,
  type ProductStatus,
  type ProductType,
} from './product.js';
import { MAX_SCALED_SERVINGS } from '../recipe/scaled-recipe.js';

export const PRODUCT_READ_ONLY_FIELDS = ['id', 'status', 'sales', 'source_product_id', 'published_at', 'created_at', 'updated_at', 'version'];

export type ProductDraft =
  | { readonly type: 'ebook' | 'recipe_card_pack'; readonly title: string; readonly description: string | null; readonly recipe_ids: string[] }
  | { readonly type: 'meal_plan'; readonly title: string; readonly description: string | null; readonly days: MealPlanDay[] };

export interface ProductChanges {
  readonly title?: string;
  readonly description?: string | null;
  readonly recipe_ids?: string[];
  readonly days?: MealPlanDay[];
  readonly status?: ProductStatus;
}

const readId = (value: unknown, pointer: string, issues: Issues): string | undefined =>
  readText(value, pointer, issues, { min: 1, max: 100 });

function readRecipeIds(value: unknown, pointer: string, issues: Issues, max: number): string[] | undefined {
  const ids = readList(value, pointer, issues, { min: 1, max }, (id, at) => readId(id, at, issues));
  if (ids !== undefined) rejectDuplicates(ids, pointer, issues, (id) => id, 'recipe id');
  return ids;
}

function readDays(value: unknown, pointer: string, issues: Issues): MealPlanDay[] | undefined {
  const days = readList(value, pointer, issues, { min: 1, max: MEAL_PLAN_LIMITS.days }, (item, at) => {
    const day = readObject(item, at, issues);
    if (day === undefined) return undefined;
    rejectExtraKeys(day, new Set(['day', 'meals']), new Set(), at, issues);
    const number = readNumber(day.day, pointerTo(at, 'day'), issues, { min: 1, max: MEAL_PLAN_LIMITS.days * 12, integer: true });
    const meals = readList(day.meals, pointerTo(at, 'meals'), issues, { max: MEAL_PLAN_LIMITS.mealsPerDay }, (mealItem, mealAt) => {
      const meal = readObject(mealItem, mealAt, issues);
      if (meal === undefined) return undefined;
      rejectExtraKeys(meal, new Set(['meal_type', 'recipe_id', 'servings']), new Set(), mealAt, issues);
      const mealType = readText(meal.meal_type, pointerTo(mealAt, 'meal_type'), issues, { min: 1, max: PRODUCT_TEXT_LIMITS.mealType });
      const recipeId = readId(meal.recipe_id, pointerTo(mealAt, 'recipe_id'), issues);
      // Absent or null: the recipe's base servings.
      const servings = meal.servings === undefined || meal.servings === null ? undefined
        : readNumber(meal.servings, pointerTo(mealAt, 'servings'), issues, { min: 1, max: MAX_SCALED_SERVINGS, integer: true }) ?? null;
      if (mealType === undefined || recipeId === undefined || servings === null) return undefined;
      const read: Meal = { meal_type: mealType.toLocaleLowerCase('en-US'), recipe_id: recipeId };
      return servings === undefined ? read : { ...read, servings };
    });
    return number === undefined || meals === undefined ? undefined : { day: number, meals };
  });
  if (days !== undefined) rejectDuplicates(days, pointer, issues, (day) => String(day.day), 'day');
  return days;
}

const readTitle = (value: unknown, pointer: string, issues: Issues) =>
  readText(value, pointer, issues, { min: 1, max: PRODUCT_TEXT_LIMITS.title });
const readDescription = (value: unknown, pointer: string, issues: Issues) =>
  readOptionalText(value, pointer, issues, { max: PRODUCT_TEXT_LIMITS.description });

/** The list field a type's recipes are given in. */
const recipeField = (type: ProductType): 'days' | 'recipe_ids' => (type === 'meal_plan' ? 'days' : 'recipe_ids');

export function parseProductDraft(input: unknown): Result<ProductDraft, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  if (body.type === 'lead_magnet') {
    return err(validationFailed([{ pointer: '/type', message: 'a lead magnet cannot be created directly: generate it from an ebook or a recipe card pack' }]));
  }
  const type = readEnum<CreatableProductType>(body.type, CREATABLE_PRODUCT_TYPES, '/type', issues);
  if (type === undefined) return err(validationFailed(issues));
  const list = recipeField(type);
  rejectExtraKeys(body, new Set(['type', 'title', 'description', list]), new Set(PRODUCT_READ_ONLY_FIELDS), '', issues);
  for (const field of ['title', list]) if (!hasOwn(body, field)) issues.push({ pointer: pointerTo('', field), message: 'is required' });
  const title = readTitle(body.title, '/title', issues);
  const description = hasOwn(body, 'description') ? readDescription(body.description, '/description', issues) : null;
  if (type === 'meal_plan') {
    const days = readDays(body.days, '/days', issues);
    if (issues.length > 0 || title === undefined || description === undefined || days === undefined) return err(validationFailed(issues));
    return ok({ type, title, description, days });
  }
  const recipeIds = readRecipeIds(body.recipe_ids, '/recipe_ids', issues, RECIPE_LIMIT_BY_TYPE[type]);
  if (issues.length > 0 || title === undefined || description === undefined || recipeIds === undefined) return err(validationFailed(issues));
  return ok({ type, title, description, recipe_ids: recipeIds });
}

/** A partial change of a product of `type`: title, description, its recipe list, status. */
export function parseProductChanges(input: unknown, type: ProductType): Result<ProductChanges, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  const list = recipeField(type);
  const readOnly = new Set([...PRODUCT_READ_ONLY_FIELDS.filter((field) => field !== 'status'), 'type']);
  rejectExtraKeys(body, new Set(['title', 'description', 'status', list]), readOnly, '', issues);
  const changes: Record<string, unknown> = {};
  const take = (field: string, read: (value: unknown, pointer: string, issues: Issues) => unknown) => {
    if (!hasOwn(body, field)) return;
    const value = read(body[field], pointerTo('', field), issues);
    if (value !== undefined) changes[field] = value;
  };
  take('title', readTitle);
  take('description', readDescription);
  take('status', (value, pointer, found) => readEnum<ProductStatus>(value, PRODUCT_STATUSES, pointer, found));
  if (type === 'meal_plan') take('days', readDays);
  else take('recipe_ids', (value, pointer, found) => readRecipeIds(value, pointer, found, RECIPE_LIMIT_BY_TYPE[type]));
  return issues.length > 0 ? err(validationFailed(issues)) : ok(changes as ProductChanges);
}

export { PRODUCT_TYPES };
