/**
 * How a recipe is stored: the domain's fields as they are (snake_case, dates as BSON dates), `_id` = the domain id,
 * plus fields derived on every write so that facets and the title sort are plain indexable equality and order. The
 * derived fields never leave this module: `toRecipe` reads only the domain's fields. No search keys: the search index
 * owns them (documents written before carry `search_keys` and `title_keys` until `slimRecipeDocuments` removes them).
 */
import { facetKey, titleSortKey, type Ingredient, type Photo, type Recipe } from '@larder/domain';
import { photoDocument, toPhoto } from '../media/photo-document.js';

export const RECIPES_COLLECTION = 'recipes';

/** An ingredient as stored; lines written before sections existed have no `section` (read as none). */
export type StoredIngredient = Omit<Ingredient, 'section'> & { section?: string | null };

export interface RecipeDocument extends Omit<Recipe, 'id' | 'ingredients' | 'instructions' | 'dietary_tags' | 'external_id' | 'photo'> {
  _id: string;
  /** Absent from documents written before recipes had photos. */
  photo?: Photo | null;
  /**
   * Left out when the recipe has none: FerretDB's unique indexes skip a missing field (it has no partial indexes),
   * MongoDB's partial index skips anything not a string. Documents written before this store `null`; both read back.
   */
  external_id?: string | null;
  ingredients: StoredIngredient[];
  instructions: string[];
  dietary_tags: string[];
  /** Case- and accent-folded title, the `title` sort. */
  title_sort: string;
  cuisine_key: string | null;
  meal_type_key: string | null;
  season_key: string | null;
  /** Set by a batch write so that the batch can tell afterwards which of its conditional updates took effect. */
  write_token?: string;
}

const facetOrNull = (value: string | null): string | null => (value === null ? null : facetKey(value));

export function toRecipeDocument(recipe: Recipe): RecipeDocument {
  const { id, ingredients, instructions, dietary_tags, external_id, photo, ...fields } = recipe;
  return {
    _id: id,
    ...fields,
    ...(external_id === null ? {} : { external_id }),
    ingredients: ingredients.map((line) => ({ ...line })),
    instructions: [...instructions],
    dietary_tags: [...dietary_tags],
    photo: photoDocument(photo),
    title_sort: titleSortKey(recipe.title),
    cuisine_key: facetOrNull(recipe.cuisine),
    meal_type_key: facetOrNull(recipe.meal_type),
    season_key: facetOrNull(recipe.season),
  };
}

const toIngredient = (line: StoredIngredient): Ingredient => ({
  quantity: line.quantity,
  quantity_max: line.quantity_max,
  unit: line.unit,
  name: line.name,
  note: line.note,
  text: line.text,
  section: line.section ?? null,
});

export function toRecipe(document: RecipeDocument): Recipe {
  return {
    id: document._id,
    title: document.title,
    description: document.description,
    ingredients: document.ingredients.map(toIngredient),
    instructions: document.instructions,
    notes: document.notes,
    servings: document.servings,
    prep_time_minutes: document.prep_time_minutes,
    cook_time_minutes: document.cook_time_minutes,
    dietary_tags: document.dietary_tags,
    cuisine: document.cuisine,
    meal_type: document.meal_type,
    season: document.season,
    collection_id: document.collection_id,
    status: document.status,
    email_ready: document.email_ready,
    engagement_score: document.engagement_score,
    image_url: document.image_url,
    source_url: document.source_url,
    external_id: document.external_id ?? null,
    photo: toPhoto(document.photo),
    created_at: document.created_at,
    updated_at: document.updated_at,
    archived_at: document.archived_at,
    version: document.version,
  };
}
