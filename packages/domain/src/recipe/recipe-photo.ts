/**
 * A recipe's photo: set from an upload's bytes, replaced, removed (see `media/photo-change.ts` for the order of
 * things). Setting or removing a photo is a change: the version grows.
 */
import type { ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import { removePhoto, setPhoto, type PhotoChangeDeps, type PhotoOwner } from '../media/photo-change.js';
import type { RecipeError } from '../shared/errors.js';
import { recipeWithPhoto, type Recipe } from './recipe.js';
import { getRecipe, type RecipeChangeCommand, type RecipeDeps } from './recipe-use-cases.js';

export type RecipePhotoDeps = Pick<RecipeDeps, 'recipes' | 'clock'> & PhotoChangeDeps;

const recipeOwner = (deps: RecipePhotoDeps): PhotoOwner<Recipe, RecipeError> => ({
  what: 'recipe',
  load: (id) => getRecipe(deps)(id),
  photoOf: (recipe) => recipe.photo,
  withPhoto: (recipe, photo, now) => recipeWithPhoto(recipe, photo, now),
  write: (next, expectedVersion) => deps.recipes.update(next, expectedVersion),
});

export const setRecipePhoto =
  (deps: RecipePhotoDeps) =>
  (command: RecipeChangeCommand & { readonly bytes: Uint8Array }): ResultAsync<Recipe, RecipeError | ImageRejected | ImagesBusy> =>
    setPhoto(deps, recipeOwner(deps))(command);

/** Removing a photo from a recipe without one changes nothing (same version). */
export const removeRecipePhoto =
  (deps: RecipePhotoDeps) =>
  (command: RecipeChangeCommand): ResultAsync<Recipe, RecipeError> =>
    removePhoto(deps, recipeOwner(deps))(command);
