import type { ResultAsync } from 'neverthrow';
import type { IndexedProductRepository } from '../product/indexed-product-repository.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { ProductChangeFeed } from './product-change-feed.js';

export interface ProductIndexBuildOptions {
  /** Products read per page of the scan. */
  readonly pageSize?: number;
  /** A progress line every this many products. */
  readonly progressEvery?: number;
  readonly log?: (line: string) => void;
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Fills the index from the store (the feed remembering changes from before the scan began), then lets listings use
 * it; resolves with the number of products read. Always a scan, never a snapshot as for recipes (`buildRecipeIndex`):
 * a library has tens or hundreds of products, read in well under a second on every engine.
 */
export function buildProductIndex(products: IndexedProductRepository, feed: ProductChangeFeed, options: ProductIndexBuildOptions = {}): ResultAsync<number, StoreUnavailable> {
  const [pageSize, every, log] = [options.pageSize ?? 1000, options.progressEvery ?? 10_000, options.log ?? (() => undefined)];
  const started = Date.now();
  let [read, nextLine] = [0, every];
  // From nothing: a poll that was under way when the index was reset may have put the old database's products back.
  products.index.clear();
  return feed
    .begin()
    .andThen(() =>
      feed.scan(pageSize, (page) => {
        for (const product of page) products.index.put(product);
        read += page.length;
        if (read >= nextLine) {
          log(`product index: ${read} products read (${seconds(started)})`);
          nextLine += every;
        }
      }),
    )
    .andThen(() => feed.changes())
    .map((changed) => {
      if (changed.kind === 'changed') for (const product of changed.products) products.index.put(product);
      products.markReady();
      products.sawMark(feed.position().mark);
      log(`product index ready: ${products.index.size} products in ${seconds(started)}`);
      return read;
    });
}

/**
 * Puts the products written elsewhere since the last call into the index: the number applied, or `replaced` when the
 * database is not the one the index was built from (the index is then emptied and must be built again).
 */
export function applyProductFeedChanges(products: IndexedProductRepository, feed: ProductChangeFeed): ResultAsync<number | 'replaced', StoreUnavailable> {
  return feed.changes().map((changed) => {
    if (changed.kind === 'replaced') {
      products.reset();
      return 'replaced' as const;
    }
    for (const product of changed.products) products.index.put(product);
    products.sawMark(feed.position().mark);
    return changed.products.length;
  });
}
