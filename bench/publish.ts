/**
 * Publish bench: a 500-recipe ebook published to both platform fakes (loopback, no faults), from `publish` to both
 * listings live, through the service's own path: the job runner, the listing job, the renderer in a worker thread,
 * the file store, the generated cover and the two adapters. Stores are in memory: this measures the publishing path.
 *
 *   pnpm --filter @larder/bench run publish
 *
 * Target (issue 23): both listings live in < 15 s.
 */
import { createCoverArtist, createRenderPool } from '@larder/adapters-documents';
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
} from '@larder/domain';
import { InMemoryConnectionRepository, InMemoryFileStore, InMemoryJobQueue, InMemoryListingRepository, InMemoryProductRepository, InMemoryRecipeRepository } from '@larder/domain/testing';
import { randomBytes } from 'node:crypto';
import { benchRecipeInput } from './documents-data.js';

const RECIPES = 500;
const TARGET_MS = 15_000;

const etsy = await startEtsyFake();
const gumroad = await startGumroadFake();
const platforms = [
  etsyPlatform({ apiUrl: etsy.url, oauthUrl: etsy.oauthUrl, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret }),
  gumroadPlatform({ apiUrl: gumroad.url }),
];
const recipes = new InMemoryRecipeRepository();
const products = new InMemoryProductRepository();
const deps = { recipes, products, clock: systemClock, ids: uuidV7Generator, salesPlatforms: ['etsy', 'gumroad'] };
const ids: string[] = [];
for (let index = 0; index < RECIPES; index += 1) ids.push((await createRecipe(deps)(benchRecipeInput(index)))._unsafeUnwrap().id);
const book = (await createProduct(deps)({ type: 'ebook', title: 'Five Hundred Suppers', recipe_ids: ids }))._unsafeUnwrap();

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
const pool = createRenderPool({ threads: 1 });
const handler = listingSyncHandler({
  products,
  listings,
  connections,
  secrets,
  platforms,
  documents: documentFiles({ products, recipes, rendering: pool, files }),
  covers: generatedCovers({ covers: createCoverArtist(), files, recipes }),
  queue,
  pacer: ratePacer({ etsy: 8, gumroad: 8 }),
  clock: systemClock,
});
const runner = startJobRunner({ queue, handlers: [handler], clock: systemClock, owner: 'bench', pollMs: 100 });

const started = performance.now();
const published = (await publishProduct(deps)({ id: book.id, sales: { platforms: ['etsy', 'gumroad'], price_cents: 1900, currency: 'USD' } }))._unsafeUnwrap();
(await listingsAfterPublish({ listings, connections, queue, clock: systemClock, platforms, onQueued: () => runner.wake() })(published, 'bench'))._unsafeUnwrap();
await runner.drained();
const elapsed = performance.now() - started;
const states = (await listings.forProducts([book.id]))._unsafeUnwrap().map((listing) => `${listing.platform} ${listing.state}`);
const live = states.every((state) => state.endsWith(' live')) && etsy.listings().length === 1 && gumroad.listings().length === 1;
const pdf = etsy.listings()[0]?.files.find((file) => file.name.endsWith('.pdf'));
console.log(`publish ${RECIPES}-recipe ebook to etsy and gumroad (fakes on loopback): ${states.join(', ')}`);
console.log(`  PDF ${((pdf?.bytes.byteLength ?? 0) / 1024 / 1024).toFixed(1)} MiB; remote listings: etsy ${etsy.listings().length}, gumroad ${gumroad.listings().length}`);
console.log(`  live after ${(elapsed / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s): ${live && elapsed < TARGET_MS ? 'met' : 'NOT met'}`);
await runner.stop();
await pool.close();
await Promise.all([etsy.close(), gumroad.close()]);
