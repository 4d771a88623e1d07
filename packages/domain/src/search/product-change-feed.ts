import type { ResultAsync } from 'neverthrow';
import type { Product } from '../product/product.js';
import type { StoreUnavailable } from '../shared/errors.js';

/** What `changes` found: products written since, or a database that is not the one the index was built from. */
export type ProductFeedChanges =
  | { readonly kind: 'changed'; readonly products: Product[] }
  /** Its change count went back (restored from a backup, or replaced by an empty one): build the index again. */
  | { readonly kind: 'replaced' };

/**
 * What a `ProductSearchIndex` is built and kept current from, as `RecipeChangeFeed` is for recipes: every stored
 * product once, then the products any process has written since. Stateful: each `changes` call reports what was
 * written since the previous one. No `resume` from a snapshot: products are few, and a start reads them all.
 */
export interface ProductChangeFeed {
  /** Starts remembering changes from now: called before `scan`, so that nothing written during the scan is missed. */
  begin(): ResultAsync<void, StoreUnavailable>;
  /** Where the feed stands: its `mark` is the products' change mark every change before it was reported at. */
  position(): { readonly mark: string };
  /** Every stored product, in pages of about `pageSize`, `visit` called once per page; the number of products. */
  scan(pageSize: number, visit: (products: readonly Product[]) => void): ResultAsync<number, StoreUnavailable>;
  /**
   * The stored state of every product written since the previous call (or since `begin`). A product may come twice,
   * or again after this process wrote it: the index keeps the highest version.
   */
  changes(): ResultAsync<ProductFeedChanges, StoreUnavailable>;
}
