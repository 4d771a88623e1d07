import { err, ok, type Result } from 'neverthrow';
import type { RecipeArchived, UnknownRecipe } from '../shared/errors.js';
import type { Recipe } from '../recipe/recipe.js';

/**
 * Every referenced recipe must exist, and a recipe the product does not already contain must not be archived
 * (one archived since it was added may stay).
 */
export function checkRecipeReferences(
  wanted: readonly string[],
  found: readonly Recipe[],
  alreadyContained: readonly string[] = [],
): Result<readonly string[], UnknownRecipe | RecipeArchived> {
  const byId = new Map(found.map((recipe) => [recipe.id, recipe]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) return err({ type: 'UnknownRecipe', ids: unknown });
  const kept = new Set(alreadyContained);
  const archived = wanted.filter((id) => byId.get(id)?.status === 'archived' && !kept.has(id));
  if (archived.length > 0) return err({ type: 'RecipeArchived', ids: archived });
  return ok(wanted);
}
