import {
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  ManualClock,
  plainTextHasher,
  sequentialIds,
} from '../src/testing/index.js';

/** Fresh in-memory ports for one test. */
export function makeDeps() {
  return {
    recipes: new InMemoryRecipeRepository(),
    products: new InMemoryProductRepository(),
    users: new InMemoryUserRepository(),
    clock: new ManualClock(),
    ids: sequentialIds(),
    hasher: plainTextHasher,
    salesPlatforms: ['etsy', 'gumroad'] as const,
  };
}
