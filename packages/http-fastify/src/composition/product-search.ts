/**
 * The service's product index: built from the database at start-up beside the recipe index (`/readyz` answers 503
 * until both are), then kept current with the writes of other instances and of the CLI by polling the products'
 * change feed every 100 ms, in a loop of its own (`index-sync.ts`): a recipe import's long build or slow polls never
 * hold products back. This process's own writes reach the index as they succeed (`IndexedProductRepository`).
 * No snapshot, unlike recipes: a library has tens or hundreds of products, and a start scans them in well under a
 * second on every engine.
 */
import { applyProductFeedChanges, buildProductIndex, type IndexedProductRepository, type ProductChangeFeed } from '@larder/domain';
import { startIndexSync, type IndexSync, type IndexSyncLog } from './index-sync.js';
import { DEFAULT_POLL_MS } from './recipe-search.js';

export interface ProductSearchOptions {
  /** How often the change feed is read (see `RecipeSearchOptions.pollMs`). */
  readonly pollMs?: number;
  /** Wait before building again after a failed build (the database unreachable). */
  readonly retryMs?: number;
}

export function startProductSearchSync(products: IndexedProductRepository, feed: ProductChangeFeed, log: IndexSyncLog, options: ProductSearchOptions = {}): IndexSync {
  return startIndexSync(
    {
      label: 'product index',
      holds: 'products',
      build: () => buildProductIndex(products, feed, { log: (line) => log.info(line) }),
      apply: () => applyProductFeedChanges(products, feed),
      ready: () => products.ready,
    },
    log,
    { pollMs: options.pollMs ?? DEFAULT_POLL_MS, retryMs: options.retryMs ?? 2000 },
  );
}
