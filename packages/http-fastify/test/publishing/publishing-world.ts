/**
 * The service's HTTP app, both platform fakes on loopback, and a job runner carrying out listing work, wired as the
 * service wires them: what the publishing tests drive.
 */
import { createDocumentRenderer } from '@larder/adapters-documents';
import { etsyPlatform, gumroadPlatform } from '@larder/adapters-sales';
import { startEtsyFake, startGumroadFake } from '@larder/adapters-sales/fakes';
import { documentFiles, generatedCovers, inlineRenderQueue, listingSyncHandler, profileLookup, ratePacer, saleJobHandlers, startJobRunner, systemClock, type JobHandler, type JobRunner } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { saleNoticeUrl } from '../../src/composition/publishing.js';
import { freePort } from '../support/free-port.js';
import { harness, type Harness } from '../support/harness.js';
import { quickCoverArtist } from '../support/quick-cover-artist.js';

export type EtsyFake = Awaited<ReturnType<typeof startEtsyFake>>;
export type GumroadFake = Awaited<ReturnType<typeof startGumroadFake>>;

export interface PublishingWorld {
  readonly h: Harness;
  readonly etsy: EtsyFake;
  readonly gumroad: GumroadFake;
  readonly runner: JobRunner;
  /** Where the platforms reach the service (`PUBLIC_URL`): a real port when the world listens, else nowhere. */
  readonly publicUrl: string;
  /** Stops the job runner and starts another on the same stores, as a restarted service would. */
  restartRunner(): Promise<JobRunner>;
  close(): Promise<void>;
}

/** Retries come quickly in tests; a platform's own `Retry-After` is still obeyed. */
const TEST_POLICY = { maxAttempts: 8, maxAgeMs: 24 * 60 * 60 * 1000, baseMs: 20, capMs: 200 };

export async function publishingWorld(options: { readonly etsyCurrency?: string; readonly etsyLimitPerDay?: number; readonly listen?: boolean } = {}): Promise<PublishingWorld> {
  const etsy = await startEtsyFake({
    ...(options.etsyCurrency === undefined ? {} : { currency: options.etsyCurrency }),
    ...(options.etsyLimitPerDay === undefined ? {} : { limitPerDay: options.etsyLimitPerDay }),
  });
  const gumroad = await startGumroadFake();
  const platforms = [
    etsyPlatform({ apiUrl: etsy.url, oauthUrl: etsy.oauthUrl, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret, timeoutMs: 5000 }),
    gumroadPlatform({ apiUrl: gumroad.url, timeoutMs: 5000 }),
  ];
  const wake = { runner: undefined as JobRunner | undefined };
  const port = options.listen === true ? await freePort() : 3000;
  const publicUrl = `http://127.0.0.1:${port}`;
  const h = await harness({ platforms, publicUrl, onQueued: () => wake.runner?.wake() });
  if (options.listen === true) await h.app.listen({ port, host: '127.0.0.1' });
  const rendering = inlineRenderQueue(createDocumentRenderer());
  // As the service: the listings carry the brand of the user who published.
  const profiles = profileLookup({ profiles: h.profiles, users: h.users, clock: systemClock, freshForMs: 0 });
  const handler = listingSyncHandler({
    profiles,
    products: h.products,
    listings: h.publishing.listings,
    connections: h.publishing.connections,
    secrets: h.publishing.secrets,
    platforms,
    documents: documentFiles({ products: h.products, recipes: h.recipes, rendering, files: h.files, profiles }),
    covers: generatedCovers({ covers: quickCoverArtist(), files: h.files, recipes: h.recipes }),
    queue: h.publishing.queue,
    pacer: ratePacer({}),
    clock: systemClock,
  });
  const saleHandlers = saleJobHandlers({
    ...h.publishing,
    platforms,
    pacer: ratePacer({}),
    clock: systemClock,
    ids: sequentialIds('event'),
    hookUrl: saleNoticeUrl(publicUrl),
  });
  const handlers: JobHandler[] = [handler, ...saleHandlers];
  const start = () => startJobRunner({ queue: h.publishing.queue, handlers, clock: systemClock, owner: 'test', pollMs: 50, policy: TEST_POLICY, concurrency: 2 });
  const world = {
    h,
    etsy,
    gumroad,
    runner: start(),
    publicUrl,
    async restartRunner() {
      await world.runner.stop();
      world.runner = start();
      wake.runner = world.runner;
      return world.runner;
    },
    async close() {
      await world.runner.stop();
      await h.app.close();
      await etsy.close();
      await gumroad.close();
    },
  };
  wake.runner = world.runner;
  return world;
}

/** Connects both platforms for the harness's user: Gumroad with its token, Etsy through its consent page. */
export async function connectBoth(world: PublishingWorld): Promise<void> {
  const gumroad = await world.h.request({ method: 'PUT', url: '/api/connections/gumroad', body: { access_token: world.gumroad.accessToken } });
  if (gumroad.statusCode !== 200) throw new Error(`gumroad connect: ${gumroad.statusCode} ${gumroad.body}`);
  const authorize = await world.h.request({ method: 'POST', url: '/api/connections/etsy/authorize' });
  const consent = await fetch(authorize.json<{ authorize_url: string }>().authorize_url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const callback = await world.h.request({ method: 'GET', url: `${back.pathname}${back.search}`, token: null });
  if (callback.statusCode !== 200) throw new Error(`etsy callback: ${callback.statusCode} ${callback.body}`);
}
