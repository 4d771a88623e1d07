import {
  InMemoryProductRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  runProductRepositoryContract,
  runRecipeRepositoryContract,
  runUserRepositoryContract,
} from '../../src/testing/index.js';

runRecipeRepositoryContract('in-memory', () => new InMemoryRecipeRepository());
runProductRepositoryContract('in-memory', () => new InMemoryProductRepository());
runUserRepositoryContract('in-memory', () => new InMemoryUserRepository());
