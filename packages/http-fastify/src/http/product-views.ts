/**
 * A product as responses show it: with its listings and its `cover`, the uploaded one (`generated: false`) or else
 * the generated one (`generated: true`). One product's response waits for its generated cover the first time it is
 * drawn (about a second, off the event loop; concurrent requests share the drawing). A list never waits: it shows
 * the covers already stored, and `null` for one not drawn yet, which is drawn in the background.
 */
import { listingsOf, type GeneratedCovers, type Listing, type ListingDeps, type ListingView, type Photo, type Product, type StoreUnavailable } from '@larder/domain';
import { okAsync, type ResultAsync } from 'neverthrow';

export type CoverView = Photo & { readonly generated: boolean };
export type ProductView = Omit<Product, 'cover'> & { readonly cover: CoverView | null; readonly listings: ListingView[] };

export interface ProductViewDeps {
  readonly listings: ListingDeps;
  /** Absent: a product without an uploaded cover shows none. */
  readonly covers?: GeneratedCovers;
  /** Told why a generated cover could not be shown (the product is shown without it). */
  readonly warn: (message: string, detail: Record<string, unknown>) => void;
}

export interface ProductViews {
  readonly one: (product: Product) => ResultAsync<ProductView, StoreUnavailable>;
  readonly many: (products: readonly Product[]) => ResultAsync<ProductView[], StoreUnavailable>;
}

const uploaded = (cover: Photo): CoverView => ({ ...cover, generated: false });
const generated = (cover: Photo): CoverView => ({ ...cover, generated: true });

export function productViews(deps: ProductViewDeps): ProductViews {
  const view = (product: Product, cover: CoverView | null, listings: ListingView[]): ProductView => ({ ...product, cover, listings });

  const coverOf = (product: Product): ResultAsync<CoverView | null, never> => {
    if (product.cover !== null) return okAsync(uploaded(product.cover));
    if (deps.covers === undefined) return okAsync(null);
    return deps.covers
      .coverOf(product)
      .map(generated)
      .orElse((failure) => {
        deps.warn('generated cover not shown', { productId: product.id, reason: failure.type });
        return okAsync(null);
      });
  };

  const storedCovers = (products: readonly Product[]): ResultAsync<ReadonlyMap<string, Photo>, StoreUnavailable> => {
    const uncovered = products.filter((product) => product.cover === null);
    if (deps.covers === undefined || uncovered.length === 0) return okAsync(new Map());
    // As for one product: covers that cannot be looked up are shown as none, and the list is still answered.
    return deps.covers.storedCovers(uncovered).orElse((failure) => {
      deps.warn('generated covers not shown in a list', { products: uncovered.length, reason: failure.message });
      return okAsync(new Map<string, Photo>());
    });
  };

  /**
   * The listings of those products that have sales platforms: `listingsOf` shows no other (a product's listings are
   * on its platforms), so the others are not looked up (on FerretDB a query per product).
   */
  const listingsFor = (products: readonly Product[]): ResultAsync<Listing[], StoreUnavailable> => {
    const selling = products.filter((product) => (product.sales?.platforms.length ?? 0) > 0);
    return selling.length === 0 ? okAsync([]) : deps.listings.listings.forProducts(selling.map((product) => product.id));
  };

  return {
    one: (product) => listingsFor([product]).andThen((listings) => coverOf(product).map((cover) => view(product, cover, listingsOf(product, listings)))),
    many: (products) =>
      listingsFor(products).andThen((listings) =>
        storedCovers(products).map((covers) =>
          products.map((product) => {
            const stored = covers.get(product.id);
            const cover = product.cover !== null ? uploaded(product.cover) : stored === undefined ? null : generated(stored);
            return view(product, cover, listingsOf(product, listings));
          }),
        ),
      ),
  };
}
