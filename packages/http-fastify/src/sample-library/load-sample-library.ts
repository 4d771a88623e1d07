/**
 * Loads the sample library through the domain's use cases, so every sample is validated exactly like client input:
 * a sample the rules would reject fails the load (and its unit test) instead of sitting in the database unchecked.
 */
import { err, ok, ResultAsync, type Result } from 'neverthrow';
import {
  createProduct,
  createRecipe,
  generateLeadMagnet,
  publishProduct,
  type DomainError,
  type Product,
  type ProductDeps,
  type ProductError,
} from '@larder/domain';
import { SAMPLE_PRODUCTS, SAMPLE_RECIPES } from './sample-products.js';
import type { ProductSample } from './sample-types.js';

export interface SampleLibrarySummary {
  readonly recipes: number;
  readonly products: number;
}

/** Which sample failed and why: a failure here is a bug in the samples or a store that went away. */
export interface SampleLoadFailure {
  readonly sample: string;
  readonly error: DomainError;
}

type Ids = ReadonlyMap<string, string>;

/** The generated id of a sample; an unknown key is passed through so that the domain reports it as unknown. */
const idOf = (ids: Ids, key: string): string => ids.get(key) ?? key;

function createSampleProduct(deps: ProductDeps, sample: ProductSample, recipeIds: Ids, productIds: Ids): ResultAsync<Product, ProductError> {
  switch (sample.kind) {
    case 'listed':
      return createProduct(deps)({
        type: sample.type,
        title: sample.title,
        description: sample.description,
        recipe_ids: sample.recipes.map((key) => idOf(recipeIds, key)),
      }).andThen((product) => publishIfAsked(deps, product, sample.publish));
    case 'meal_plan':
      return createProduct(deps)({
        type: 'meal_plan',
        title: sample.title,
        description: sample.description,
        days: sample.days.map(({ day, meals }) => ({
          day,
          meals: meals.map((meal) => ({ meal_type: meal.meal_type, recipe_id: idOf(recipeIds, meal.recipe) })),
        })),
      }).andThen((product) => publishIfAsked(deps, product, sample.publish));
    case 'lead_magnet':
      return generateLeadMagnet(deps)({
        sourceId: idOf(productIds, sample.from),
        request: { max_recipes: sample.max_recipes, ...(sample.title === undefined ? {} : { title: sample.title }) },
      });
  }
}

/** Published to the first two configured platforms, so the samples follow `SALES_PLATFORMS`. */
function publishIfAsked(deps: ProductDeps, product: Product, publish: { price_cents: number; currency: string } | undefined) {
  if (publish === undefined) return ResultAsync.fromSafePromise(Promise.resolve(product));
  return publishProduct(deps)({ id: product.id, sales: { platforms: deps.salesPlatforms.slice(0, 2), ...publish } });
}

async function load(deps: ProductDeps): Promise<Result<SampleLibrarySummary, SampleLoadFailure>> {
  const recipeIds = new Map<string, string>();
  for (const sample of SAMPLE_RECIPES) {
    const created = await createRecipe(deps)(sample);
    if (created.isErr()) return err({ sample: sample.external_id, error: created.error });
    recipeIds.set(sample.external_id, created.value.id);
  }
  const productIds = new Map<string, string>();
  for (const sample of SAMPLE_PRODUCTS) {
    const created = await createSampleProduct(deps, sample, recipeIds, productIds);
    if (created.isErr()) return err({ sample: sample.key, error: created.error });
    productIds.set(sample.key, created.value.id);
  }
  return ok({ recipes: recipeIds.size, products: productIds.size });
}

/** Creates every sample recipe and product, one after another (so `created_at` follows the order they are listed in). */
export const loadSampleLibrary = (deps: ProductDeps): ResultAsync<SampleLibrarySummary, SampleLoadFailure> =>
  new ResultAsync(load(deps));
