export { InMemoryRecipeRepository } from './in-memory-recipe-repository.js';
export { InMemoryProductRepository } from './in-memory-product-repository.js';
export { InMemoryUserRepository } from './in-memory-user-repository.js';
export { ManualClock, plainTextHasher, sequentialIds } from './fakes.js';
export { ingredient, recipeFixture } from './recipe-fixtures.js';
export { runRecipeRepositoryContract } from './recipe-repository-contract.js';
export { productFixture, runProductRepositoryContract } from './product-repository-contract.js';
export { runUserRepositoryContract, userFixture } from './user-repository-contract.js';
