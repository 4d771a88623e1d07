/**
 * The use case behind a document download: load the product, its recipes (archived ones included) and a lead
 * magnet's source, settle the options, and build the model with the key its validator is derived from. Rendering is
 * the caller's next step (through `DocumentRenderer`), so that a caller holding a matching validator renders nothing.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ProductError } from '../shared/errors.js';
import type { Product } from '../product/product.js';
import type { ProductRepository } from '../product/product-repository.js';
import type { Recipe } from '../recipe/recipe.js';
import type { RecipeRepository } from '../recipe/recipe-repository.js';
import { buildProductDocument, documentVersionKey, type ShoppingLine } from './build-document.js';
import { settleDocumentOptions, type DocumentOptions, type DocumentRequest } from './document-options.js';
import type { DocumentUnits, ProductDocument } from './product-document.js';

export interface DocumentDeps {
  readonly products: Pick<ProductRepository, 'findById'>;
  readonly recipes: Pick<RecipeRepository, 'findByIds'>;
}

export interface PreparedDocument {
  readonly document: ProductDocument;
  readonly options: DocumentOptions;
  /** Changes whenever the product, any of its recipes, a lead magnet's source or the options change. */
  readonly versionKey: string;
}

/** Recipes in the asked units. */
const inUnits = (recipes: readonly Recipe[], _units: DocumentUnits): readonly Recipe[] => recipes;

/** A meal plan's shopping list, one line per ingredient line until the shopping-list rules are in. */
const shoppingLines = (_product: Product, recipes: readonly Recipe[]): ShoppingLine[] =>
  recipes.flatMap((recipe) => recipe.ingredients.map((ingredient) => ({ text: ingredient.text, aisle: 'other' as const })));

const loadSource = (deps: DocumentDeps, product: Product): ResultAsync<Product | null, ProductError> =>
  product.source_product_id === null ? okAsync(null) : deps.products.findById(product.source_product_id);

export const prepareProductDocument =
  (deps: DocumentDeps) =>
  (command: DocumentRequest & { readonly id: string }): ResultAsync<PreparedDocument, ProductError> =>
    deps.products
      .findById(command.id)
      .andThen((product) => (product === null ? errAsync({ type: 'ProductNotFound' as const, id: command.id }) : okAsync(product)))
      .andThen((product) => settleDocumentOptions(product.type, command).asyncAndThen((options) => okAsync({ product, options })))
      .andThen(({ product, options }) =>
        deps.recipes.findByIds(product.recipe_ids).andThen((stored) =>
          loadSource(deps, product).map((sourceProduct) => {
            const recipes = inUnits(stored, options.units);
            const source = { product, recipes, sourceProduct, options };
            const shoppingList = product.type === 'meal_plan' ? shoppingLines(product, recipes) : [];
            return { document: buildProductDocument({ ...source, shoppingList }), options, versionKey: documentVersionKey(source) };
          }),
        ),
      );
