/**
 * The use case behind a document download: load the product, its recipes (archived ones included) and a lead
 * magnet's source, settle the options, and build the model with the key its validator is derived from. Rendering is
 * the caller's next step (through `DocumentRenderer`), so that a caller holding a matching validator renders nothing.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ProductError } from '../shared/errors.js';
import type { Product } from '../product/product.js';
import type { ProductRepository } from '../product/product-repository.js';
import type { Recipe } from '../recipe/recipe.js';
import { findRecipesInPieces, type RecipeRepository } from '../recipe/recipe-repository.js';
import { buildProductDocument, documentContentKey, documentVersionKey, type ShoppingLine } from './build-document.js';
import { settleDocumentOptions, type DocumentOptions, type DocumentRequest } from './document-options.js';
import type { DocumentBrand, ProductDocument } from './product-document.js';
import { documentBrandOf } from './document-brand.js';
import { brandOwner, type ProfileLookup } from '../profile/profile-lookup.js';
import { convertIngredient } from '../ingredient/ingredient-conversion.js';
import type { UnitsChoice } from '../ingredient/unit-conversion.js';
import { shoppingListSources } from '../shopping-list/product-shopping-list.js';
import { buildShoppingList } from '../shopping-list/shopping-list.js';

export interface DocumentDeps {
  readonly products: Pick<ProductRepository, 'findById'>;
  readonly recipes: Pick<RecipeRepository, 'findByIds'>;
  /** Where the creator's brand is read (see `brandOwner`); absent: documents carry none. */
  readonly profiles?: Pick<ProfileLookup, 'ofUser'>;
}

/** What to render, and for whom: a product no user has published is branded as the user asking for it. */
export type DocumentCommand = DocumentRequest & { readonly id: string; readonly requester?: string | null };

export interface PreparedDocument {
  readonly document: ProductDocument;
  readonly options: DocumentOptions;
  /** Changes whenever the product, any of its recipes, a lead magnet's source or the options change. */
  readonly versionKey: string;
  /** The same without the options: one value for every variant of this version of the product. */
  readonly contentKey: string;
}

/** Recipes with their ingredients in the asked units (the recipe's own wording for `original`). */
const inUnits = (recipes: readonly Recipe[], units: UnitsChoice): readonly Recipe[] =>
  units === 'original' ? recipes : recipes.map((recipe) => ({ ...recipe, ingredients: recipe.ingredients.map((ingredient) => convertIngredient(ingredient, units)) }));

/** A meal plan's shopping list: every meal at its servings, added up by the shopping-list rules, in the asked units. */
const shoppingLines = (product: Product, recipes: readonly Recipe[], units: UnitsChoice): ShoppingLine[] =>
  buildShoppingList(shoppingListSources(product, recipes), units).items.map((item) => ({ text: item.text, aisle: item.aisle }));

const loadSource = (deps: Pick<DocumentDeps, 'products'>, product: Product): ResultAsync<Product | null, ProductError> =>
  product.source_product_id === null ? okAsync(null) : deps.products.findById(product.source_product_id);

/** What a document request names, loaded and settled: the product, a lead magnet's source, the options. */
export interface DocumentSubject {
  readonly product: Product;
  readonly sourceProduct: Product | null;
  readonly options: DocumentOptions;
  readonly brand: DocumentBrand | null;
}

const brandOf = (deps: Pick<DocumentDeps, 'profiles'>, product: Product, requester: string | null): ResultAsync<DocumentBrand | null, ProductError> =>
  deps.profiles === undefined ? okAsync(null) : deps.profiles.ofUser(brandOwner(product, requester)).map(documentBrandOf);

/** The product and its source, with the options settled for its type, and the brand it carries; no recipe is read. */
export const loadDocumentSubject =
  (deps: Pick<DocumentDeps, 'products' | 'profiles'>) =>
  (command: DocumentCommand): ResultAsync<DocumentSubject, ProductError> =>
    deps.products
      .findById(command.id)
      .andThen((product) => (product === null ? errAsync({ type: 'ProductNotFound' as const, id: command.id }) : okAsync(product)))
      .andThen((product) =>
        settleDocumentOptions(product.type, command).asyncAndThen((options) =>
          ResultAsync.combine([loadSource(deps, product), brandOf(deps, product, command.requester ?? null)] as const).map(([sourceProduct, brand]) => ({ product, sourceProduct, options, brand })),
        ),
      );

/** The subject's recipes read (in pieces; from `recipes` when given, a reader bound to a change mark), the model built. */
export const prepareSubject =
  (deps: Pick<DocumentDeps, 'recipes'>) =>
  ({ product, sourceProduct, options, brand }: DocumentSubject, recipes: Pick<RecipeRepository, 'findByIds'> = deps.recipes): ResultAsync<PreparedDocument, ProductError> =>
    findRecipesInPieces(recipes, product.recipe_ids).map((stored) => {
      const recipes = inUnits(stored, options.units);
      const source = { product, recipes, sourceProduct, options, brand };
      const shoppingList = product.type === 'meal_plan' ? shoppingLines(product, stored, options.units) : [];
      return { document: buildProductDocument({ ...source, shoppingList }), options, versionKey: documentVersionKey(source), contentKey: documentContentKey(source) };
    });

export const prepareProductDocument =
  (deps: DocumentDeps) =>
  (command: DocumentCommand): ResultAsync<PreparedDocument, ProductError> =>
    loadDocumentSubject(deps)(command).andThen(prepareSubject(deps));
