/**
 * A free sample's public page, rendered once per version and served from memory: what a viral post needs. A page's
 * version is everything it shows (the product's version, its recipes' titles, the creator's brand, its cover's
 * file); the page is checked against it at most every `freshForMs` (5 s) per slug, by one request while the others
 * are answered from memory, and rendered again only when it changed. Its cover and share picture are read (or
 * framed) once per version too. A slug no page has is remembered for as long, so that a flood of made-up addresses
 * reads the database once per slug and interval. A store that cannot be read leaves the last page served.
 */
import { createHash } from 'node:crypto';
import {
  brandOwner,
  copyrightYear,
  consentText,
  coverSubtitle,
  findPublishedLeadMagnet,
  findRecipesInPieces,
  readAll,
  type Clock,
  type CoverBrand,
  type CreatorProfile,
  type FileStore,
  type GeneratedCovers,
  type ImageProcessor,
  type Product,
  type ProductRepository,
  type ProfileLookup,
  type RecipeRepository,
  type StoreUnavailable,
  type LeadMagnetNotFound,
} from '@larder/domain';
import { err, ok, ResultAsync, type Result } from 'neverthrow';
import { renderPage } from './html.js';
import { leadMagnetPage, type LeadMagnetPageInput, type PageCreator } from './lead-magnet-page.js';

export const PUBLIC_PAGE_FRESH_MS = 5000;
const MOST_PAGES = 500;
const SHARE_CARD = { width: 1200, height: 630 } as const;
/** Raised when the share card's framing changes, so that stored cards are made again. */
const SHARE_DESIGN = 'share-card-1';

export interface PublicPageDeps {
  readonly products: Pick<ProductRepository, 'findById' | 'findBySlug'>;
  readonly recipes: Pick<RecipeRepository, 'findByIds'>;
  readonly profiles?: Pick<ProfileLookup, 'ofUser'>;
  /** The cover (uploaded, else generated); absent: the page has no picture. */
  readonly covers?: Pick<GeneratedCovers, 'coverImage'>;
  /** Frames the cover into the share card; absent: the preview uses the cover itself. */
  readonly images?: Pick<ImageProcessor, 'framed'>;
  readonly files: FileStore;
  readonly clock: Clock;
  /** `PUBLIC_URL`: the preview's absolute addresses. */
  readonly publicUrl: string;
  readonly freshForMs?: number;
}

/** A file the page names, ready to send. */
export interface PageAsset {
  readonly bytes: Buffer;
  readonly etag: string;
}

export interface PublicPage {
  readonly product: Product;
  /** What the page was rendered from: the form's 422 renders it again with the error. */
  readonly model: LeadMagnetPageInput;
  readonly body: Buffer;
  /** Strong: a digest of the bytes. */
  readonly etag: string;
  readonly csp: string;
  /** The cover's bytes, read once; null without one (or when it cannot be read now: asked again next time). */
  cover(): Promise<PageAsset | null>;
  /** The 1200 × 630 share card, framed once; null without a cover. */
  share(): Promise<PageAsset | null>;
}

interface Entry {
  readonly version: string;
  /** Null: no published free sample has this slug. */
  readonly page: PublicPage | null;
  checkedAt: number;
}

type PageError = LeadMagnetNotFound | StoreUnavailable;

const digest = (text: string | Uint8Array, length = 32): string => createHash('sha256').update(text).digest('base64url').slice(0, length);
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The logo as the page shows it: its smallest WebP rendition (transparency kept), relative to `/l/{slug}`. */
function pageCreator(profile: CreatorProfile): PageCreator {
  const webp = profile.logo?.variants.find((variant) => variant.format === 'webp') ?? null;
  return {
    name: profile.display_name,
    website_url: profile.website_url,
    privacy_policy_url: profile.privacy_policy_url,
    brand_color: profile.brand_color,
    social: profile.social,
    logo: webp === null ? null : { src: `..${webp.url}`, width: webp.width, height: webp.height },
  };
}

/** Keeps the first call of a promise-returning function, and asks again once it has failed. */
function once<T>(make: () => Promise<T | null>): () => Promise<T | null> {
  let kept: Promise<T | null> | undefined;
  return () => {
    kept ??= make().then((value) => {
      if (value === null) kept = undefined;
      return value;
    });
    return kept;
  };
}

export function publicPageCache(deps: PublicPageDeps) {
  const freshFor = deps.freshForMs ?? PUBLIC_PAGE_FRESH_MS;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const find = findPublishedLeadMagnet({ products: deps.products });
  const entries = new Map<string, Entry>();
  const refreshing = new Map<string, Promise<Result<Entry, StoreUnavailable>>>();
  const now = () => deps.clock.now().getTime();

  const coverFile = (product: Product, brand: CoverBrand | null) =>
    deps.covers === undefined ? ResultAsync.fromSafePromise<null, StoreUnavailable>(Promise.resolve(null)) : deps.covers.coverImage(product, brand).map((file) => file as typeof file | null).orElse(() => ResultAsync.fromSafePromise<null, StoreUnavailable>(Promise.resolve(null)));

  const shareCard = async (coverKey: string, coverBytes: Uint8Array, background: string | null): Promise<PageAsset | null> => {
    const key = `media/${createHash('sha256').update(`${SHARE_DESIGN}\n${coverKey}\n${background ?? 'self'}\n${SHARE_CARD.width}x${SHARE_CARD.height}`).digest('hex')}.jpg`;
    const stored = await deps.files.get(key);
    if (stored.isOk() && stored.value !== null) {
      const bytes = await readAll(stored.value.body).catch(() => null);
      if (bytes !== null) return { bytes: asBuffer(bytes), etag: `"${key.slice(6, 38)}"` };
    }
    if (deps.images === undefined) return { bytes: asBuffer(coverBytes), etag: `"${coverKey.slice(6, 38)}"` };
    const framed = await deps.images.framed(coverBytes, { ...SHARE_CARD, background });
    if (framed.isErr()) return null;
    // Kept for the next process and instance; a store that refuses it only costs a framing next time.
    await deps.files.put(key, framed.value, { contentType: 'image/jpeg' });
    return { bytes: asBuffer(framed.value), etag: `"${key.slice(6, 38)}"` };
  };

  /** Everything the page shows, read; its version; and the page rendered when the version is not the one kept. */
  const refresh = (slug: string, kept: Entry | undefined): ResultAsync<Entry, StoreUnavailable> =>
    find(slug)
      .map((product): Product | null => product)
      .orElse((error: PageError) => (error.type === 'LeadMagnetNotFound' ? ok(null) : err(error)))
      .andThen((product): ResultAsync<Entry, StoreUnavailable> => {
        if (product === null) return ResultAsync.fromSafePromise(Promise.resolve({ version: '-', page: null, checkedAt: now() }));
        const profile = deps.profiles === undefined ? ResultAsync.fromSafePromise<CreatorProfile | null, StoreUnavailable>(Promise.resolve(null)) : deps.profiles.ofUser(brandOwner(product));
        return ResultAsync.combine([profile, findRecipesInPieces(deps.recipes, product.recipe_ids)] as const).andThen(([creatorProfile, recipes]) => {
          const brand = creatorProfile === null ? null : { name: creatorProfile.display_name, color: creatorProfile.brand_color };
          return coverFile(product, brand).map((cover) => {
            const byId = new Map(recipes.map((recipe) => [recipe.id, recipe.title]));
            const titles = product.recipe_ids.flatMap((id) => byId.get(id) ?? []);
            const creator = creatorProfile === null ? null : pageCreator(creatorProfile);
            const version = digest(JSON.stringify([product.id, product.version, titles, creator, cover?.key ?? null]));
            if (kept !== undefined && kept.version === version) return { ...kept, checkedAt: now() };
            return { version, page: render(slug, product, titles, creator, cover), checkedAt: now() };
          });
        });
      });

  const render = (slug: string, product: Product, titles: readonly string[], creator: PageCreator | null, cover: { readonly key: string; bytes(): ResultAsync<Uint8Array, StoreUnavailable> } | null): PublicPage => {
    const pageUrl = `${base}/l/${encodeURIComponent(slug)}`;
    const coverTag = cover === null ? '' : `?v=${digest(cover.key, 12)}`;
    const model: LeadMagnetPageInput = {
      title: product.title,
      description: product.description,
      kicker: coverSubtitle(product),
      recipeTitles: titles,
      consentText: consentText(product.title),
      coverPath: cover === null ? null : `${encodeURIComponent(slug)}/cover.jpg${coverTag}`,
      creator,
      share: { pageUrl, imageUrl: cover === null ? null : `${pageUrl}/share.jpg${coverTag}` },
      year: copyrightYear(product),
    };
    const rendered = renderPage(leadMagnetPage(model));
    const body = Buffer.from(rendered.html, 'utf8');
    const coverAsset = once(async (): Promise<PageAsset | null> => {
      if (cover === null) return null;
      const bytes = await cover.bytes();
      // The file's name is a digest of what it shows: its first 32 hexadecimal digits tell one cover from another.
      return bytes.isErr() ? null : { bytes: asBuffer(bytes.value), etag: `"${cover.key.slice('media/'.length, 'media/'.length + 32)}"` };
    });
    const shareAsset = once(async (): Promise<PageAsset | null> => {
      const coverBytes = await coverAsset();
      return cover === null || coverBytes === null ? null : shareCard(cover.key, coverBytes.bytes, creator?.brand_color ?? null);
    });
    return { product, model, body, etag: `"${digest(body)}"`, csp: rendered.csp, cover: coverAsset, share: shareAsset };
  };

  const keep = (slug: string, entry: Entry): void => {
    entries.delete(slug);
    if (entries.size >= MOST_PAGES) entries.delete(entries.keys().next().value ?? '');
    entries.set(slug, entry);
  };

  return {
    /** The creator a product's pages are by, for the pages after the form; null without a brand (or a store down). */
    async creatorOf(product: Product): Promise<PageCreator | null> {
      if (deps.profiles === undefined) return null;
      const profile = await deps.profiles.ofUser(brandOwner(product));
      return profile.isOk() && profile.value !== null ? pageCreator(profile.value) : null;
    },

    /** The page when it was checked less than `freshForMs` ago (null: none has that slug); undefined: ask `load`. */
    fresh(slug: string): PublicPage | null | undefined {
      const entry = entries.get(slug);
      return entry !== undefined && now() - entry.checkedAt < freshFor ? entry.page : undefined;
    },

    /**
     * The page, checked against the store: by this call when no other is checking it; while one is, the page kept
     * (when there is one) at once. A store that cannot be read: the page kept, else the failure.
     */
    async load(slug: string): Promise<Result<PublicPage | null, StoreUnavailable>> {
      const kept = entries.get(slug);
      let running = refreshing.get(slug);
      if (running !== undefined && kept !== undefined) return ok(kept.page);
      if (running === undefined) {
        running = Promise.resolve(refresh(slug, kept)).then((result) => {
          if (result.isOk()) keep(slug, result.value);
          return result;
        });
        running.finally(() => refreshing.delete(slug)).catch(() => undefined);
        refreshing.set(slug, running);
      }
      const result = await running;
      if (result.isErr()) return kept !== undefined ? ok(kept.page) : err(result.error);
      return ok(result.value.page);
    },
  };
}

export type PublicPageCache = ReturnType<typeof publicPageCache>;
