/**
 * The shopping list of a product: a meal plan counts each meal, its recipe scaled to the meal's servings (the recipe's
 * base servings when the meal gives none); every other type counts each of its recipes once at base servings.
 * Archived recipes the product keeps count like the others; a recipe without base servings cannot be scaled and
 * counts as written.
 */
import { errAsync, type ResultAsync } from 'neverthrow';
import { isUnitsChoice, UNITS_CHOICES } from '../ingredient/unit-conversion.js';
import { scaleIngredient, scalingFactor } from '../ingredient/scaling.js';
import type { Product } from '../product/product.js';
import { getProduct, type ProductDeps } from '../product/product-use-cases.js';
import type { Recipe } from '../recipe/recipe.js';
import { findRecipesInPieces } from '../recipe/recipe-repository.js';
import { validationFailed, type ProductError } from '../shared/errors.js';
import { buildShoppingList, type ShoppingList, type ShoppingListSource } from './shopping-list.js';

export type ProductShoppingList = { readonly product_id: string } & ShoppingList;

function cookedFor(recipe: Recipe, servings: number | undefined): ShoppingListSource {
  if (servings === undefined || recipe.servings === null || servings === recipe.servings) {
    return { recipe_id: recipe.id, ingredients: recipe.ingredients };
  }
  const factor = scalingFactor(recipe.servings, servings);
  return { recipe_id: recipe.id, ingredients: recipe.ingredients.map((ingredient) => scaleIngredient(ingredient, factor)) };
}

/** What the product cooks: one source per meal of a meal plan, one per recipe otherwise, in the product's order. */
export function shoppingListSources(product: Product, recipes: readonly Recipe[]): ShoppingListSource[] {
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const cooked: { recipe: Recipe; servings: number | undefined }[] = [];
  const add = (id: string, servings: number | undefined) => {
    const recipe = byId.get(id);
    if (recipe !== undefined) cooked.push({ recipe, servings });
  };
  if (product.days === null) for (const id of product.recipe_ids) add(id, undefined);
  else for (const day of product.days) for (const meal of day.meals) add(meal.recipe_id, meal.servings);
  return cooked.map(({ recipe, servings }) => cookedFor(recipe, servings));
}

export const getProductShoppingList =
  (deps: Pick<ProductDeps, 'products' | 'recipes'>) =>
  (id: string, units: string = 'original'): ResultAsync<ProductShoppingList, ProductError> => {
    if (!isUnitsChoice(units)) {
      return errAsync(validationFailed([{ pointer: '/units', message: `must be one of ${UNITS_CHOICES.join(', ')}` }]));
    }
    return getProduct(deps)(id).andThen((product) =>
      findRecipesInPieces(deps.recipes, product.recipe_ids).map((recipes) => ({
        product_id: product.id,
        ...buildShoppingList(shoppingListSources(product, recipes), units),
      })),
    );
  };
