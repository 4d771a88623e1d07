/**
 * @larder/domain — the recipe library's rules, free of I/O. Embed it by giving the use cases their ports:
 * repositories (see `./testing` for in-memory ones and the contract suites an adapter must pass), a clock, an id
 * generator and a password hasher (`systemClock`, `uuidV7Generator`, `scryptPasswordHasher` are ready-made).
 */
export * from './shared/errors.js';
export * from './shared/ports.js';
export * from './shared/pagination.js';
export { sharedWhileRunning } from './shared/shared-while-running.js';
export { systemClock, uuidV7Generator, scryptPasswordHasher, DEFAULT_SCRYPT_COST, type ScryptCost } from './shared/node-crypto.js';

export * from './ingredient/ingredient.js';
export { parseIngredientLine } from './ingredient/ingredient-parser.js';
export { normaliseIngredientInput } from './ingredient/ingredient-input.js';
export { sectionHeading, sectionHeadingLine } from './ingredient/ingredient-section.js';
export { formatQuantity, renderIngredient } from './ingredient/quantity-format.js';
export { scaleIngredient, scalingFactor } from './ingredient/scaling.js';
export { nameForCount, pluralNoun, singularNoun } from './ingredient/noun-number.js';
export { ingredientKey } from './ingredient/ingredient-key.js';
export * from './ingredient/unit-conversion.js';
export * from './ingredient/ingredient-conversion.js';
export * from './recipe/recipe.js';
export * from './recipe/recipe-input.js';
export * from './recipe/recipe-query.js';
export * from './recipe/recipe-repository.js';
export * from './recipe/scaled-recipe.js';
export * from './recipe/recipe-view.js';
export * from './recipe/recipe-use-cases.js';
export * from './recipe/recipe-import.js';
export * from './recipe/recipe-photo.js';
export * from './recipe/schema-org/index.js';
export * from './recipe/recipe-url-import.js';

export * from './search/search-terms.js';
export * from './search/fuzzy-keys.js';

export * from './product/product.js';
export * from './product/product-input.js';
export * from './product/product-repository.js';
export * from './product/product-status.js';
export * from './product/publication.js';
export * from './product/lead-magnet.js';
export * from './product/lead-magnet-slug.js';
export * from './product/recipe-references.js';
export { ISO_4217_CODES, isCurrencyCode } from './product/currencies.js';
export * from './product/product-use-cases.js';
export * from './product/product-events.js';
export * from './product/product-cover.js';
export * from './product/generated-cover.js';
export * from './product/generated-covers.js';

export * from './shopping-list/aisles.js';
export * from './shopping-list/shopping-list.js';
export * from './shopping-list/product-shopping-list.js';

export * from './user/user.js';
export * from './user/user-repository.js';
export * from './user/user-use-cases.js';
export * from './profile/index.js';

export * from './idempotency/index.js';

export * from './document/index.js';
export * from './storage/index.js';
export * from './media/index.js';

export * from './jobs/index.js';
export * from './sales/index.js';
export * from './events/index.js';
export * from './api-keys/index.js';
export * from './sessions/index.js';
export * from './webhooks/index.js';
export * from './subscribers/index.js';
export * from './search/recipe-search-index.js';
export * from './search/in-memory-recipe-search-index.js';
export * from './search/recipe-change-feed.js';
export * from './search/recipe-index-snapshot.js';
export * from './search/recipe-index-sync.js';
export * from './recipe/indexed-recipe-repository.js';
export * from './search/listing-source.js';
export * from './search/product-search-index.js';
export * from './search/in-memory-product-search-index.js';
export * from './search/product-change-feed.js';
export * from './search/product-index-sync.js';
export * from './product/indexed-product-repository.js';
