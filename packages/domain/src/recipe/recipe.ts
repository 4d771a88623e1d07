import type { Ingredient } from '../ingredient/ingredient.js';
import type { Photo } from '../media/photo.js';

export const RECIPE_STATUSES = ['active', 'draft', 'archived'] as const;
export type RecipeStatus = (typeof RECIPE_STATUSES)[number];

/** Statuses a client may set directly; `archived` is reached only by archiving. */
export const SETTABLE_RECIPE_STATUSES = ['active', 'draft'] as const;
export type SettableRecipeStatus = (typeof SETTABLE_RECIPE_STATUSES)[number];

/**
 * A recipe. Field names are the contract's (snake_case): the domain, the HTTP API and the export format share one
 * vocabulary, so no layer renames fields.
 */
export interface Recipe {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly ingredients: readonly Ingredient[];
  readonly instructions: readonly string[];
  readonly notes: string | null;
  readonly servings: number | null;
  readonly prep_time_minutes: number | null;
  readonly cook_time_minutes: number | null;
  /** Lower-case, distinct. */
  readonly dietary_tags: readonly string[];
  readonly cuisine: string | null;
  readonly meal_type: string | null;
  readonly season: string | null;
  readonly collection_id: string | null;
  readonly status: RecipeStatus;
  readonly email_ready: boolean;
  readonly engagement_score: number;
  readonly image_url: string | null;
  readonly source_url: string | null;
  readonly external_id: string | null;
  /** Set only through `PUT /api/recipes/{id}/photo` (see `recipe-photo.ts`), never by a body or an import. */
  readonly photo: Photo | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly archived_at: Date | null;
  /** Starts at 1 and grows by one on every change. */
  readonly version: number;
}

/** The fields a client writes. */
export type RecipeContent = Omit<Recipe, 'id' | 'photo' | 'created_at' | 'updated_at' | 'archived_at' | 'version'>;

export const RECIPE_CONTENT_FIELDS = [
  'title',
  'description',
  'ingredients',
  'instructions',
  'notes',
  'servings',
  'prep_time_minutes',
  'cook_time_minutes',
  'dietary_tags',
  'cuisine',
  'meal_type',
  'season',
  'collection_id',
  'status',
  'email_ready',
  'engagement_score',
  'image_url',
  'source_url',
  'external_id',
] as const satisfies readonly (keyof RecipeContent)[];

export const RECIPE_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at', 'archived_at', 'version'] as const;

/** Case-insensitive facets (`cuisine`, `meal_type`, `season`) compare on this form. */
export const facetKey = (value: string): string => value.trim().toLocaleLowerCase('en-US');

/**
 * Every field named rather than `{ ...content, id, ... }`: V8 copied a 19-field spread plus five more keys through a
 * slow path (~25 µs a recipe against ~1 µs written out), the costliest step of a large import. Keys come in the
 * order `parseRecipeDraft` gives, then identity and bookkeeping, as the spread produced.
 */
export function newRecipe(id: string, content: RecipeContent, now: Date): Recipe {
  return {
    description: content.description,
    ingredients: content.ingredients,
    instructions: content.instructions,
    notes: content.notes,
    servings: content.servings,
    prep_time_minutes: content.prep_time_minutes,
    cook_time_minutes: content.cook_time_minutes,
    dietary_tags: content.dietary_tags,
    cuisine: content.cuisine,
    meal_type: content.meal_type,
    season: content.season,
    collection_id: content.collection_id,
    status: content.status,
    email_ready: content.email_ready,
    engagement_score: content.engagement_score,
    image_url: content.image_url,
    source_url: content.source_url,
    external_id: content.external_id,
    title: content.title,
    id,
    photo: null,
    created_at: now,
    updated_at: now,
    archived_at: content.status === 'archived' ? now : null,
    version: 1,
  };
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** True when `changes` would alter at least one field of `recipe`. */
export function changesAnything(recipe: Recipe, changes: Partial<RecipeContent>): boolean {
  return (Object.keys(changes) as (keyof RecipeContent)[]).some((key) => !sameValue(recipe[key], changes[key]));
}

/**
 * Applies a partial change. Only the given fields change; a status change to active/draft on an archived recipe
 * restores it. Without any effective change the recipe comes back as it was (same version).
 */
export function applyRecipeChanges(recipe: Recipe, changes: Partial<RecipeContent>, now: Date): Recipe {
  if (!changesAnything(recipe, changes)) return recipe;
  const status = changes.status ?? recipe.status;
  let archivedAt = recipe.archived_at;
  if (status === 'archived') archivedAt ??= now;
  else archivedAt = null;
  return { ...recipe, ...changes, status, archived_at: archivedAt, updated_at: now, version: recipe.version + 1 };
}

/** Archiving an archived recipe changes nothing. */
export function archiveRecipeAt(recipe: Recipe, now: Date): Recipe {
  if (recipe.status === 'archived') return recipe;
  return { ...recipe, status: 'archived', archived_at: now, updated_at: now, version: recipe.version + 1 };
}

/** The content of a recipe, without identity and bookkeeping: what an import compares to decide "unchanged". */
export function contentOf(recipe: Recipe): RecipeContent {
  const { id: _id, photo: _p, created_at: _c, updated_at: _u, archived_at: _a, version: _v, ...content } = recipe;
  return content;
}

/** The recipe with `photo` (or none); the same object when it already has that one. */
export function recipeWithPhoto(recipe: Recipe, photo: Photo | null, now: Date): Recipe {
  if (JSON.stringify(recipe.photo) === JSON.stringify(photo)) return recipe;
  return { ...recipe, photo, updated_at: now, version: recipe.version + 1 };
}
