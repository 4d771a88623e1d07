/**
 * A recipe's photo: set from an upload's bytes, replaced, removed. The files are stored before the recipe names them
 * (a reader never meets a photo without its files), and the files of a photo that was replaced or removed are deleted
 * after the recipe stopped naming them. Setting or removing a photo is a change: the version grows.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import type { Photo } from '../media/photo.js';
import { removeReplacedPhoto, storePhoto, type PhotoDeps } from '../media/photo-upload.js';
import type { RecipeError } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import { recipeWithPhoto, type Recipe } from './recipe.js';
import { getRecipe, type RecipeChangeCommand, type RecipeDeps } from './recipe-use-cases.js';

export type RecipePhotoDeps = Pick<RecipeDeps, 'recipes' | 'clock'> & PhotoDeps;

function changePhoto(deps: RecipePhotoDeps, command: RecipeChangeCommand, photo: Photo | null): ResultAsync<Recipe, RecipeError> {
  let replaced: Photo | null = null;
  return changeVersioned<Recipe, RecipeError>({
    load: () => getRecipe(deps)(command.id),
    ifMatch: command.ifMatch,
    change: (current) => {
      replaced = current.photo;
      return okAsync(recipeWithPhoto(current, photo, deps.clock.now()));
    },
    write: (next, expectedVersion) => deps.recipes.update(next, expectedVersion),
    what: 'recipe',
    id: command.id,
  }).map(async (recipe) => {
    if (replaced !== recipe.photo) await removeReplacedPhoto(deps)(replaced, recipe.photo);
    return recipe;
  });
}

/** The recipe must exist (and match `If-Match`) before an image is decoded: a wrong id costs no rendering. */
function precheck(deps: RecipePhotoDeps, command: RecipeChangeCommand): ResultAsync<Recipe, RecipeError> {
  return getRecipe(deps)(command.id).andThen((recipe) =>
    command.ifMatch !== undefined && command.ifMatch !== recipe.version
      ? errAsync({ type: 'PreconditionFailed' as const, expected: command.ifMatch, actual: recipe.version })
      : okAsync(recipe),
  );
}

export const setRecipePhoto =
  (deps: RecipePhotoDeps) =>
  (command: RecipeChangeCommand & { readonly bytes: Uint8Array }): ResultAsync<Recipe, RecipeError | ImageRejected | ImagesBusy> =>
    precheck(deps, command)
      .andThen(() => storePhoto(deps)(command.bytes, `recipe:${command.id}`))
      .andThen((photo) => changePhoto(deps, command, photo));

/** Removing a photo from a recipe without one changes nothing (same version). */
export const removeRecipePhoto =
  (deps: RecipePhotoDeps) =>
  (command: RecipeChangeCommand): ResultAsync<Recipe, RecipeError> =>
    changePhoto(deps, command, null);
