import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { RecipeError, RecipeNotFound } from '../shared/errors.js';
import { validationFailed } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import { applyRecipeChanges, archiveRecipeAt, newRecipe, type Recipe, type RecipeContent } from './recipe.js';
import { parseRecipeChanges, parseRecipeDraft } from './recipe-input.js';
import type { RecipeListQuery } from './recipe-query.js';
import type { RecipePage, RecipeRepository } from './recipe-repository.js';
import { MAX_SCALED_SERVINGS, scaleRecipe, type ScaledRecipe } from './scaled-recipe.js';

export interface RecipeDeps {
  readonly recipes: RecipeRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** `ifMatch`: the version the client last saw (from `If-Match`); a different current version fails the change. */
export interface RecipeChangeCommand {
  readonly id: string;
  readonly ifMatch?: number;
}

const notFound = (id: string): RecipeNotFound => ({ type: 'RecipeNotFound', id });

export const createRecipe =
  (deps: RecipeDeps) =>
  (input: unknown): ResultAsync<Recipe, RecipeError> =>
    parseRecipeDraft(input)
      .asyncAndThen((content) => deps.recipes.insert(newRecipe(deps.ids.next(), content, deps.clock.now())));

export const getRecipe =
  (deps: Pick<RecipeDeps, 'recipes'>) =>
  (id: string): ResultAsync<Recipe, RecipeError> =>
    deps.recipes.findById(id).andThen((recipe) => (recipe === null ? errAsync(notFound(id)) : okAsync(recipe)));

export const getScaledRecipe =
  (deps: Pick<RecipeDeps, 'recipes'>) =>
  (id: string, servings: number): ResultAsync<ScaledRecipe, RecipeError> => {
    if (!Number.isInteger(servings) || servings < 1 || servings > MAX_SCALED_SERVINGS) {
      return errAsync(validationFailed([{ pointer: '/servings', message: `must be a whole number from 1 to ${MAX_SCALED_SERVINGS}` }]));
    }
    return getRecipe(deps)(id).andThen((recipe) => scaleRecipe(recipe, servings));
  };

export const listRecipes =
  (deps: Pick<RecipeDeps, 'recipes'>) =>
  (query: RecipeListQuery): ResultAsync<RecipePage, RecipeError> =>
    deps.recipes.list(query);

function changeRecipe(
  deps: RecipeDeps,
  command: RecipeChangeCommand,
  change: (recipe: Recipe, now: Date) => Recipe,
): ResultAsync<Recipe, RecipeError> {
  return changeVersioned<Recipe, RecipeError>({
    load: () => getRecipe(deps)(command.id),
    ifMatch: command.ifMatch,
    change: (current) => okAsync(change(current, deps.clock.now())),
    write: (next, expectedVersion) => deps.recipes.update(next, expectedVersion),
    what: 'recipe',
    id: command.id,
  });
}

export const updateRecipe =
  (deps: RecipeDeps) =>
  (command: RecipeChangeCommand & { readonly changes: unknown }): ResultAsync<Recipe, RecipeError> =>
    parseRecipeChanges(command.changes).asyncAndThen((changes: Partial<RecipeContent>) =>
      changeRecipe(deps, command, (recipe, now) => applyRecipeChanges(recipe, changes, now)),
    );

/** Archiving is idempotent: an archived recipe comes back unchanged. */
export const archiveRecipe =
  (deps: RecipeDeps) =>
  (command: RecipeChangeCommand): ResultAsync<Recipe, RecipeError> =>
    changeRecipe(deps, command, archiveRecipeAt);
