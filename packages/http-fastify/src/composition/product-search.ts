/**
 * The service's product index: built from the database at start-up beside the recipe index (`/readyz` answers 503
 * until both are), then kept current with the writes of other instances and of the CLI by polling the products'
 * change feed every 100 ms, in a loop of its own (`index-sync.ts`): a recipe import's long build or slow polls never
 * hold products back. This process's own writes reach the index as they succeed (`IndexedProductRepository`).
 * No snapshot, unlike recipes: a library has tens or hundreds of products, and a start scans them in well under a
 * second on every engine. For the same reason every product is read again every `rescanMs` (5 minutes) and put in
 * (a copy never replaces a newer one): a write whose change record was lost (its insert failed after the product was
 * written, or an older instance that records none wrote it during a rolling deploy) is listed by then, not never.
 */
import { okAsync } from 'neverthrow';
import { applyProductFeedChanges, buildProductIndex, type IndexedProductRepository, type ProductChangeFeed } from '@larder/domain';
import { DEFAULT_POLL_MS, startIndexSync, type IndexSync, type IndexSyncLog } from './index-sync.js';

export interface ProductSearchOptions {
  /** How often the change feed is read (see `RecipeSearchOptions.pollMs`). */
  readonly pollMs?: number;
  /** Wait before building again after a failed build (the database unreachable). */
  readonly retryMs?: number;
  /** How often every product is read again, after a poll (see the file's comment); default 5 minutes. */
  readonly rescanMs?: number;
}

export const DEFAULT_PRODUCT_RESCAN_MS = 300_000;

export function startProductSearchSync(products: IndexedProductRepository, feed: ProductChangeFeed, log: IndexSyncLog, options: ProductSearchOptions = {}): IndexSync {
  const rescanMs = options.rescanMs ?? DEFAULT_PRODUCT_RESCAN_MS;
  let scannedAt = Date.now();
  return startIndexSync(
    {
      label: 'product index',
      holds: 'products',
      build: () => buildProductIndex(products, feed, { log: (line) => log.info(line) }),
      apply: () =>
        applyProductFeedChanges(products, feed).andThen((applied) => {
          if (applied === 'replaced' || !products.ready || Date.now() - scannedAt < rescanMs) return okAsync(applied);
          scannedAt = Date.now();
          return feed.scan(1000, (page) => page.forEach((product) => products.index.put(product))).map(() => applied);
        }),
      ready: () => products.ready,
    },
    log,
    { pollMs: options.pollMs ?? DEFAULT_POLL_MS, retryMs: options.retryMs ?? 2000 },
  );
}
