import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ProductError, ProductNotFound } from '../shared/errors.js';
import { changeVersioned } from '../shared/optimistic.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import { findRecipesInPieces, type RecipeRepository } from '../recipe/recipe-repository.js';
import { checkLeadMagnetSource, leadMagnetRecipeIds, newLeadMagnet, parseLeadMagnetRequest } from './lead-magnet.js';
import { newLeadMagnetSlug } from './lead-magnet-slug.js';
import { recipeIdsOfDays, reviseProduct, type Product } from './product.js';
import { productEvents } from './product-events.js';
import { parseProductChanges, parseProductDraft } from './product-input.js';
import type { ProductFilter, ProductRepository } from './product-repository.js';
import { checkProductChange } from './product-status.js';
import { applyPublication, parseSales } from './publication.js';
import { checkRecipeReferences } from './recipe-references.js';

export interface ProductDeps {
  readonly products: ProductRepository;
  readonly recipes: RecipeRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Identifiers of the sales platforms a product may be published to. */
  readonly salesPlatforms: readonly string[];
}

export interface ProductChangeCommand {
  readonly id: string;
  readonly ifMatch?: number;
  /** Who makes the change: the product's events (`product.published`, ...) go to this user's webhook endpoints. */
  readonly userId?: string;
}

const notFound = (id: string): ProductNotFound => ({ type: 'ProductNotFound', id });

/**
 * Checks that `wanted` recipes exist and are not newly archived, reading them in pieces (`findRecipesInPieces`): one
 * read of a 500-recipe ebook's recipes on FerretDB (a lookup each) outlasted the service's store deadline on a busy
 * machine, and the ebook could not be created at all.
 */
const referencedRecipes = (deps: ProductDeps, wanted: readonly string[], alreadyContained: readonly string[] = []) =>
  findRecipesInPieces(deps.recipes, wanted).andThen((found) => checkRecipeReferences(wanted, found, alreadyContained));

export const getProduct =
  (deps: Pick<ProductDeps, 'products'>) =>
  (id: string): ResultAsync<Product, ProductError> =>
    deps.products.findById(id).andThen((product) => (product === null ? errAsync(notFound(id)) : okAsync(product)));

export const listProducts =
  (deps: Pick<ProductDeps, 'products'>) =>
  (filter: ProductFilter, page: PageRequest): ResultAsync<Page<Product>, ProductError> =>
    deps.products.list(filter, page);

export const createProduct =
  (deps: ProductDeps) =>
  (input: unknown): ResultAsync<Product, ProductError> =>
    parseProductDraft(input).asyncAndThen((draft) => {
      const recipeIds = draft.type === 'meal_plan' ? recipeIdsOfDays(draft.days) : draft.recipe_ids;
      return referencedRecipes(deps, recipeIds).andThen(() => {
        const now = deps.clock.now();
        return deps.products.insert({
          id: deps.ids.next(),
          type: draft.type,
          status: 'draft',
          title: draft.title,
          description: draft.description,
          recipe_ids: [...recipeIds],
          days: draft.type === 'meal_plan' ? draft.days : null,
          sales: null,
          source_product_id: null,
          published_at: null,
          slug: null,
          published_by: null,
          cover: null,
          created_at: now,
          updated_at: now,
          version: 1,
        });
      });
    });

function changeProduct(
  deps: ProductDeps,
  command: ProductChangeCommand,
  change: (product: Product, now: Date) => ResultAsync<Product, ProductError>,
): ResultAsync<Product, ProductError> {
  return changeVersioned<Product, ProductError>({
    load: () => getProduct(deps)(command.id),
    ifMatch: command.ifMatch,
    change: (current) => change(current, deps.clock.now()),
    write: (next, expectedVersion, current) => deps.products.update(next, expectedVersion, productEvents(current, next, command.userId, deps.ids)),
    what: 'product',
    id: command.id,
  });
}

export const updateProduct =
  (deps: ProductDeps) =>
  (command: ProductChangeCommand & { readonly changes: unknown }): ResultAsync<Product, ProductError> =>
    changeProduct(deps, command, (product, now) =>
      parseProductChanges(command.changes, product.type).asyncAndThen((changes) => {
        const { status, days, recipe_ids: listed, ...text } = changes;
        const recipeIds = days !== undefined ? recipeIdsOfDays(days) : listed;
        const content: Partial<Product> = { ...text, ...(days === undefined ? {} : { days }), ...(recipeIds === undefined ? {} : { recipe_ids: recipeIds }) };
        const revisedContent = reviseProduct(product, content, now);
        return checkProductChange(product, status, revisedContent !== product)
          .asyncAndThen(() => (recipeIds === undefined ? okAsync([]) : referencedRecipes(deps, recipeIds, product.recipe_ids)))
          .map(() => reviseProduct(product, { ...content, ...(status === undefined ? {} : { status }) }, now));
      }),
    );

export const publishProduct =
  (deps: ProductDeps) =>
  (command: ProductChangeCommand & { readonly sales: unknown }): ResultAsync<Product, ProductError> =>
    parseSales(command.sales, deps.salesPlatforms).asyncAndThen((sales) =>
      changeProduct(deps, command, (product, now) =>
        applyPublication(product, sales, now).asyncAndThen((next) =>
          okAsync<Product>({
            ...next,
            // A lead magnet's page gets its address once; whoever publishes it hears of its subscribers.
            slug: next.type === 'lead_magnet' ? (next.slug ?? newLeadMagnetSlug(next.title)) : next.slug,
            published_by: command.userId ?? next.published_by,
          }),
        ),
      ),
    );

export const generateLeadMagnet =
  (deps: ProductDeps) =>
  (command: { readonly sourceId: string; readonly request: unknown }): ResultAsync<Product, ProductError> =>
    parseLeadMagnetRequest(command.request).asyncAndThen((request) =>
      getProduct(deps)(command.sourceId)
        .andThen((source) => checkLeadMagnetSource(source))
        .andThen((source) =>
          deps.recipes
            .findByIds(source.recipe_ids)
            .andThen((recipes) => leadMagnetRecipeIds(source, recipes, request.max_recipes))
            .andThen((recipeIds) => deps.products.insert(newLeadMagnet(deps.ids.next(), source, recipeIds, request, deps.clock.now()))),
        ),
    );
