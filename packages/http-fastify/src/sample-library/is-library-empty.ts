import { ResultAsync } from 'neverthrow';
import { RECIPE_STATUSES, type ProductRepository, type RecipeRepository, type StoreUnavailable, type UserRepository } from '@larder/domain';

/** True when the database has no recipe (archived included), no product and no user: a fresh start. */
export function isLibraryEmpty(repositories: {
  readonly recipes: RecipeRepository;
  readonly products: ProductRepository;
  readonly users: UserRepository;
}): ResultAsync<boolean, StoreUnavailable> {
  return ResultAsync.combine([
    repositories.recipes.listAfter({ searchKeys: [], dietaryTags: [], statuses: RECIPE_STATUSES }, null, 1).map((found) => found.length),
    repositories.products.list({}, { page: 1, perPage: 1 }).map((page) => page.total),
    repositories.users.list().map((users) => users.length),
  ]).map((counts) => counts.every((count) => count === 0));
}
