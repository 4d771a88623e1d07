/**
 * A product as responses show it: with its listings and its `cover`, the uploaded one (`generated: false`) or else
 * the generated one (`generated: true`). One product's response waits for its generated cover the first time it is
 * drawn (about a second, off the event loop; concurrent requests share the drawing). A list never waits: it shows
 * the covers already stored, and `null` for one not drawn yet, which is drawn in the background.
 */
import { brandOwner, listingsOf, type CoverBrand, type GeneratedCovers, type Listing, type ListingDeps, type ListingView, type Photo, type Product, type ProfileLookup, type StoreUnavailable } from '@larder/domain';
import { okAsync, ResultAsync } from 'neverthrow';

export type CoverView = Photo & { readonly generated: boolean };
export type ProductView = Omit<Product, 'cover'> & { readonly cover: CoverView | null; readonly listings: ListingView[] };

export interface ProductViewDeps {
  readonly listings: ListingDeps;
  /** Absent: a product without an uploaded cover shows none. */
  readonly covers?: GeneratedCovers;
  /** The brand a generated cover carries (its publisher's, else the requester's: see `brandOwner`); absent: none. */
  readonly profiles?: Pick<ProfileLookup, 'ofUser'>;
  /** Told why a generated cover could not be shown (the product is shown without it). */
  readonly warn: (message: string, detail: Record<string, unknown>) => void;
}

export interface ProductViews {
  /** `requester`: the user asking, whose brand a product no user has published carries. */
  readonly one: (product: Product, requester: string | null) => ResultAsync<ProductView, StoreUnavailable>;
  readonly many: (products: readonly Product[], requester: string | null) => ResultAsync<ProductView[], StoreUnavailable>;
}

const uploaded = (cover: Photo): CoverView => ({ ...cover, generated: false });
const generated = (cover: Photo): CoverView => ({ ...cover, generated: true });

export function productViews(deps: ProductViewDeps): ProductViews {
  const view = (product: Product, cover: CoverView | null, listings: ListingView[]): ProductView => ({ ...product, cover, listings });

  /** The brands of the products' owners, read once per owner (a page of products has one or two). */
  const brandsOf = (products: readonly Product[], requester: string | null): ResultAsync<(product: Product) => CoverBrand | null, StoreUnavailable> => {
    const profiles = deps.profiles;
    if (profiles === undefined || deps.covers === undefined) return okAsync(() => null);
    const owners = [...new Set(products.flatMap((product) => (product.cover === null ? [brandOwner(product, requester)] : [])))];
    return ResultAsync.combine(owners.map((owner) => profiles.ofUser(owner).map((profile) => [owner, profile === null ? null : { name: profile.display_name, color: profile.brand_color }] as const))).map((found) => {
      const byOwner = new Map<string | null, CoverBrand | null>(found);
      return (product: Product) => byOwner.get(brandOwner(product, requester)) ?? null;
    });
  };

  const coverOf = (product: Product, brand: CoverBrand | null): ResultAsync<CoverView | null, never> => {
    if (product.cover !== null) return okAsync(uploaded(product.cover));
    if (deps.covers === undefined) return okAsync(null);
    return deps.covers
      .coverOf(product, brand)
      .map(generated)
      .orElse((failure) => {
        deps.warn('generated cover not shown', { productId: product.id, reason: failure.type });
        return okAsync(null);
      });
  };

  const storedCovers = (products: readonly Product[], brandOf: (product: Product) => CoverBrand | null): ResultAsync<ReadonlyMap<string, Photo>, StoreUnavailable> => {
    const uncovered = products.filter((product) => product.cover === null);
    if (deps.covers === undefined || uncovered.length === 0) return okAsync(new Map());
    // As for one product: covers that cannot be looked up are shown as none, and the list is still answered.
    return deps.covers.storedCovers(uncovered, brandOf).orElse((failure) => {
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
    one: (product, requester) =>
      ResultAsync.combine([listingsFor([product]), brandsOf([product], requester)] as const).andThen(([listings, brandOf]) =>
        coverOf(product, brandOf(product)).map((cover) => view(product, cover, listingsOf(product, listings))),
      ),
    many: (products, requester) =>
      ResultAsync.combine([listingsFor(products), brandsOf(products, requester)] as const).andThen(([listings, brandOf]) =>
        storedCovers(products, brandOf).map((covers) =>
          products.map((product) => {
            const stored = covers.get(product.id);
            const cover = product.cover !== null ? uploaded(product.cover) : stored === undefined ? null : generated(stored);
            return view(product, cover, listingsOf(product, listings));
          }),
        ),
      ),
  };
}
