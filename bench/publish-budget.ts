/**
 * Publishing within a platform's budget: 50 recipe-card packs published to both platform fakes at once, each fake
 * enforcing the same per-second budget (Etsy announcing it on every answer, Gumroad refusing with Retry-After only),
 * through the service's own path (job runner, listing job, one pacer per budget, renderer, file store, adapters).
 * Stores in memory; covers are a plain JPEG (the real artist's CPU is measured by `bench/photos.ts`, not here).
 *
 *   pnpm --filter @larder/bench run publish-budget            # 10 calls a second, then 4
 *   pnpm --filter @larder/bench run publish-budget -- --per-second 4 --products 20
 *
 * Target (the pacing issue): all live, 0 duplicates, 0 calls refused for the budget, wall time within 1.3 × the
 * calls needed ÷ the calls allowed a second (the slower platform's).
 */
import { createRenderPool } from '@larder/adapters-documents';
import { etsyPlatform, gumroadPlatform } from '@larder/adapters-sales';
import { startEtsyFake, startGumroadFake } from '@larder/adapters-sales/fakes';
import {
  aesGcmSecretBox,
  connectionSecretContext,
  createProduct,
  createRecipe,
  documentFiles,
  generatedCovers,
  listingsAfterPublish,
  listingSyncHandler,
  publishProduct,
  ratePacer,
  startJobRunner,
  systemClock,
  uuidV7Generator,
  wantedRenditions,
  type CoverArtist,
  type CoverImage,
  type ImageRendition,
} from '@larder/domain';
import { InMemoryConnectionRepository, InMemoryFileStore, InMemoryJobQueue, InMemoryListingRepository, InMemoryProductRepository, InMemoryRecipeRepository } from '@larder/domain/testing';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { benchRecipeInput } from './documents-data.js';
import { numberOption } from './support/number-option.js';

const PRODUCTS = numberOption('--products', 50);
const RECIPES_PER_PACK = 6;
const ALLOWED = 1.3;
const budgets = process.argv.includes('--per-second') ? [numberOption('--per-second', 10)] : [10, 4];

/** A plain cover: the listing needs an image, the bench is about the calls that send it. */
const plainCovers = (): CoverArtist => {
  const flat = () => sharp({ create: { width: 600, height: 450, channels: 3, background: { r: 200, g: 120, b: 60 } } });
  const generatedCover = async (): Promise<CoverImage> => ({ bytes: new Uint8Array(await flat().jpeg().toBuffer()), contentType: 'image/jpeg', width: 600, height: 450 });
  return {
    size: { width: 600, height: 450 },
    generatedCover,
    async listingCover(_request, widths, options = {}) {
      const renditions: ImageRendition[] = [];
      for (const { width, format } of wantedRenditions(widths, options)) {
        const scaled = flat().resize({ width: Math.min(width, 600) });
        const { data, info } = await (format === 'jpeg' ? scaled.jpeg() : scaled.webp()).toBuffer({ resolveWithObject: true });
        renditions.push({ bytes: new Uint8Array(data), format, width: info.width, height: info.height });
      }
      return { ...(await generatedCover()), renditions };
    },
  };
};

async function run(perSecond: number): Promise<boolean> {
  const etsy = await startEtsyFake({ limitPerSecond: perSecond });
  const gumroad = await startGumroadFake({ limitPerSecond: perSecond });
  const platforms = [
    etsyPlatform({ apiUrl: etsy.url, oauthUrl: etsy.oauthUrl, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret }),
    gumroadPlatform({ apiUrl: gumroad.url }),
  ];
  const recipes = new InMemoryRecipeRepository();
  const products = new InMemoryProductRepository();
  const deps = { recipes, products, clock: systemClock, ids: uuidV7Generator, salesPlatforms: ['etsy', 'gumroad'] };
  const packs: string[] = [];
  for (let pack = 0; pack < PRODUCTS; pack += 1) {
    const ids: string[] = [];
    for (let index = 0; index < RECIPES_PER_PACK; index += 1) ids.push((await createRecipe(deps)(benchRecipeInput(pack * RECIPES_PER_PACK + index)))._unsafeUnwrap().id);
    packs.push((await createProduct(deps)({ type: 'recipe_card_pack', title: `Recipe cards ${pack + 1}`, description: null, recipe_ids: ids }))._unsafeUnwrap().id);
  }

  const secrets = aesGcmSecretBox(randomBytes(32));
  const connections = new InMemoryConnectionRepository();
  const now = new Date();
  for (const [platform, secret, account] of [
    ['etsy', etsy.connectedSecret(), etsy.shopName],
    ['gumroad', { access_token: gumroad.accessToken }, 'Kitchen'],
  ] as const) {
    await connections.save({
      user_id: 'bench',
      platform,
      account_id: platform,
      account_name: account,
      currency: platform === 'etsy' ? etsy.currency : null,
      sealed_secret: secrets.seal(JSON.stringify(secret), connectionSecretContext('bench', platform)),
      status: 'connected',
      connected_at: now,
      updated_at: now,
      hook_digest: null,
      sealed_hook: null,
      sales_cursor: null,
    });
  }
  const listings = new InMemoryListingRepository();
  const queue = new InMemoryJobQueue();
  const files = new InMemoryFileStore();
  // Renders in a thread, as the service does, so that the pacer's clock is not held up by them.
  const pool = createRenderPool({ threads: 1 });
  const handler = listingSyncHandler({
    products,
    listings,
    connections,
    secrets,
    platforms,
    documents: documentFiles({ products, recipes, rendering: pool, files }),
    covers: generatedCovers({ covers: plainCovers(), files, recipes }),
    queue,
    // Etsy announces its budget; Gumroad does not, so its pace is the configured one (GUMROAD_CALLS_PER_SECOND).
    pacer: ratePacer({ etsy: 10, gumroad: perSecond }),
    clock: systemClock,
  });
  const runner = startJobRunner({ queue, handlers: [handler], clock: systemClock, owner: 'bench', pollMs: 100, concurrency: 16 });

  const started = performance.now();
  for (const id of packs) {
    const published = (await publishProduct(deps)({ id, sales: { platforms: ['etsy', 'gumroad'], price_cents: 500, currency: 'USD' } }))._unsafeUnwrap();
    (await listingsAfterPublish({ listings, connections, queue, clock: systemClock, platforms, onQueued: () => runner.wake() })(published, 'bench'))._unsafeUnwrap();
  }
  await runner.drained();
  const elapsed = (performance.now() - started) / 1000;
  await runner.stop();
  await pool.close();

  const states = (await listings.forProducts(packs))._unsafeUnwrap();
  const live = states.filter((listing) => listing.state === 'live').length;
  const duplicates = [etsy, gumroad].reduce((sum, fake) => {
    const markers = fake.listings().map((listing) => listing.marker);
    return sum + markers.length - new Set(markers).size;
  }, 0);
  const extraFiles = [etsy, gumroad].reduce((sum, fake) => sum + fake.listings().reduce((more, listing) => more + Math.max(0, listing.files.length - 1), 0), 0);
  // Calls that reached the API (Gumroad's S3 PUTs are not API calls), refused ones included.
  const calls = { etsy: etsy.counts.requests, gumroad: gumroad.counts.requests };
  const refused = etsy.counts.overBudget + gumroad.counts.overBudget;
  const needed = Math.max(calls.etsy, calls.gumroad) / perSecond;
  const met = live === 2 * PRODUCTS && duplicates === 0 && extraFiles === 0 && refused === 0 && elapsed <= ALLOWED * needed;
  console.log(`publish ${PRODUCTS} recipe-card packs to etsy and gumroad at once, each fake allowing ${perSecond} calls a second:`);
  console.log(`  live ${live} of ${2 * PRODUCTS}; duplicate listings ${duplicates}, extra files ${extraFiles}; calls refused for the budget ${refused} (etsy ${etsy.counts.overBudget}, gumroad ${gumroad.counts.overBudget})`);
  console.log(
    `  calls: etsy ${calls.etsy} (${(calls.etsy / PRODUCTS).toFixed(1)} a product), gumroad ${calls.gumroad} (${(calls.gumroad / PRODUCTS).toFixed(1)} a product)`,
  );
  console.log(`  wall ${elapsed.toFixed(1)} s; calls needed ÷ allowed a second ${needed.toFixed(1)} s; ratio ${(elapsed / needed).toFixed(2)} (target ≤ ${ALLOWED}): ${met ? 'met' : 'NOT met'}`);
  await Promise.all([etsy.close(), gumroad.close()]);
  return met;
}

let all = true;
for (const perSecond of budgets) all = (await run(perSecond)) && all;
process.exitCode = all ? 0 : 1;
