/**
 * A recipe as a cook asked to read it: scaled to a number of servings and/or in metric or US units. When units were
 * asked for, the view says which (like `scaling`, only when asked: a plain read is the recipe as stored, the same body
 * a change answers with); a converted ingredient keeps the recipe's own text as `original_text`.
 */
import { errAsync, type ResultAsync } from 'neverthrow';
import { convertIngredient, type ConvertedIngredient } from '../ingredient/ingredient-conversion.js';
import { isUnitsChoice, UNITS_CHOICES, type UnitsChoice } from '../ingredient/unit-conversion.js';
import { validationFailed, type RecipeError } from '../shared/errors.js';
import type { Recipe } from './recipe.js';
import { getRecipe, getScaledRecipe, type RecipeDeps } from './recipe-use-cases.js';
import type { Scaling } from './scaled-recipe.js';

export type RecipeView = Omit<Recipe, 'ingredients'> & {
  readonly ingredients: readonly ConvertedIngredient[];
  readonly scaling?: Scaling;
  readonly units?: UnitsChoice;
};

export interface RecipeViewOptions {
  readonly servings?: number;
  readonly units?: string;
}

export function inUnits<T extends Recipe>(recipe: T, units: UnitsChoice): Omit<T, 'ingredients'> & RecipeView & { readonly units: UnitsChoice } {
  return { ...recipe, ingredients: recipe.ingredients.map((ingredient) => convertIngredient(ingredient, units)), units };
}

export const getRecipeView =
  (deps: Pick<RecipeDeps, 'recipes'>) =>
  (id: string, options: RecipeViewOptions = {}): ResultAsync<RecipeView, RecipeError> => {
    const { units } = options;
    if (units !== undefined && !isUnitsChoice(units)) {
      return errAsync(validationFailed([{ pointer: '/units', message: `must be one of ${UNITS_CHOICES.join(', ')}` }]));
    }
    const recipe = options.servings === undefined ? getRecipe(deps)(id) : getScaledRecipe(deps)(id, options.servings);
    return units === undefined ? recipe : recipe.map((found: Recipe) => inUnits(found, units));
  };
