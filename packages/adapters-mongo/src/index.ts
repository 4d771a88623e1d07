/**
 * @larder/adapters-mongo — the domain's repositories on MongoDB, their indexes, a readiness ping, and the engine
 * that provides a database (a URL, or an embedded engine when there is none).
 *
 *   const handle = await openDatabase({ url: process.env.MONGODB_URL });
 *   (await ensureIndexes(handle.db)).match(...);
 *   const { recipes, products, users } = createMongoRepositories(handle.db);
 */
import type { Db } from 'mongodb';
import { MongoProductRepository } from './products/mongo-product-repository.js';
import { MongoRecipeRepository } from './recipes/mongo-recipe-repository.js';
import { MongoUserRepository } from './users/mongo-user-repository.js';
import { MongoApiKeyRepository } from './api-keys/mongo-api-key-repository.js';
import { MongoProfileRepository } from './profiles/mongo-profile-repository.js';
import { MongoBrowserSessionRepository } from './sessions/mongo-browser-session-repository.js';

export { MongoRecipeRepository, MongoProductRepository, MongoUserRepository };
export { MongoRecipeChangeFeed, RECIPE_CHANGES_COLLECTION, CHANGE_MARKS_COLLECTION } from './recipes/recipe-change-feed.js';
export { MongoProductChangeFeed, PRODUCT_CHANGES_COLLECTION } from './products/product-change-feed.js';
export { ensureIndexes, type EnsuredIndexes } from './indexes/ensure-indexes.js';
export { slimRecipeDocuments, MIGRATIONS_COLLECTION, SLIM_RECIPES_MIGRATION, type SlimmingOptions, type SlimmingReport } from './recipes/recipe-slimming.js';
export { INDEX_SPECS, type IndexSpec } from './indexes/index-specs.js';
export { pingDatabase } from './health.js';
export { STORE_UNAVAILABLE, isStoreUnavailable } from './store-errors.js';
export * from './engine/index.js';
export { MongoIdempotencyStore } from './idempotency/mongo-idempotency-store.js';
export { IDEMPOTENCY_COLLECTION } from './idempotency/idempotency-document.js';
export { GridFsFileStore, type GridFsFileStoreOptions } from './files/gridfs-file-store.js';
export { MongoJobQueue } from './jobs/mongo-job-queue.js';
export { JOBS_COLLECTION, JOB_PAUSES_COLLECTION } from './jobs/job-document.js';
export { MongoListingRepository } from './sales/mongo-listing-repository.js';
export { MongoConnectionRepository } from './sales/mongo-connection-repository.js';
export { MongoAuthorizationRepository } from './sales/mongo-authorization-repository.js';
export { MongoSaleRepository } from './sales/mongo-sale-repository.js';
export { MongoApiKeyRepository } from './api-keys/mongo-api-key-repository.js';
export { MongoProfileRepository } from './profiles/mongo-profile-repository.js';
export { PROFILES_COLLECTION } from './profiles/profile-document.js';
export { API_KEYS_COLLECTION } from './api-keys/api-key-document.js';
export { MongoBrowserSessionRepository };
export { BROWSER_SESSIONS_COLLECTION } from './sessions/browser-session-document.js';
export { SALES_COLLECTION } from './sales/sale-document.js';
export { LISTINGS_COLLECTION } from './sales/listing-document.js';
export { AUTHORIZATIONS_COLLECTION, CONNECTIONS_COLLECTION } from './sales/connection-document.js';
export { loadOrCreateSecretKey, SECRET_KEY_SETTING, SETTINGS_COLLECTION } from './settings/secret-key.js';
export { MongoEventOutbox } from './outbox/mongo-event-outbox.js';
export { versionedUpdate, withEvents, type WithOutbox } from './outbox/outbox-document.js';
export { outboxIndex } from './indexes/index-specs.js';
export { PRODUCTS_COLLECTION } from './products/product-document.js';
export { MongoSubscriberRepository } from './subscribers/mongo-subscriber-repository.js';
export { MongoMailBudget, MAIL_BUDGET_COLLECTION } from './subscribers/mongo-mail-budget.js';
export { SUBSCRIBERS_COLLECTION } from './subscribers/subscriber-document.js';
export { MongoWebhookEndpointRepository } from './webhooks/mongo-webhook-endpoint-repository.js';
export { MongoWebhookDeliveryRepository } from './webhooks/mongo-webhook-delivery-repository.js';
export { WEBHOOK_ENDPOINTS_COLLECTION } from './webhooks/webhook-endpoint-document.js';
export { WEBHOOK_DELIVERIES_COLLECTION } from './webhooks/webhook-delivery-document.js';

export interface MongoRepositories {
  readonly recipes: MongoRecipeRepository;
  readonly products: MongoProductRepository;
  readonly users: MongoUserRepository;
  readonly apiKeys: MongoApiKeyRepository;
  readonly profiles: MongoProfileRepository;
  readonly browserSessions: MongoBrowserSessionRepository;
}

export function createMongoRepositories(db: Db): MongoRepositories {
  return {
    recipes: new MongoRecipeRepository(db),
    products: new MongoProductRepository(db),
    users: new MongoUserRepository(db),
    apiKeys: new MongoApiKeyRepository(db),
    profiles: new MongoProfileRepository(db),
    browserSessions: new MongoBrowserSessionRepository(db),
  };
}
