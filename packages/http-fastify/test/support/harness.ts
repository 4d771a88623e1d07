/** An app on in-memory repositories, with one user and a way to log in, for tests through `app.inject()`. */
import { guardedFetch, httpRecipePageSource, outboundGuard, type Resolver } from '@larder/adapters-outbound';
import { addUser, inlineRenderQueue, type CoverArtist, type ImageProcessor, type PasswordHasher, type RecipePageSource, type SalesPlatform } from '@larder/domain';
import {
  InMemoryApiKeyRepository,
  InMemoryBrowserSessionRepository,
  InMemoryFileStore,
  InMemoryIdempotencyStore,
  InMemoryMailBudget,
  InMemorySubscriberRepository,
  InMemoryProductRepository,
  InMemoryProfileRepository,
  InMemoryRecipeRepository,
  InMemoryUserRepository,
  ManualClock,
  plainTextHasher,
  sequentialIds,
} from '@larder/domain/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { sharpImageProcessor } from '@larder/adapters-images';
import { buildApp, type AppConfig, type AppDeps } from '../../src/index.js';
import { inMemoryPublishing, type InMemoryPublishing } from './publishing.js';
import { quickCoverArtist } from './quick-cover-artist.js';

const UNRESOLVED: Resolver = (hostname) => Promise.reject(Object.assign(new Error(`${hostname} is not resolved in tests`), { code: 'ENOTFOUND' }));

/** Even a public IP literal (which needs no resolving) is dialled on loopback: no test reaches another machine. */
const LOOPBACK_ONLY = () => ({ address: '127.0.0.1', family: 4 as const });

export const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const EMAIL = 'cook@example.com';
export const PASSWORD = 'correct horse battery';

export interface Harness {
  readonly app: FastifyInstance;
  readonly recipes: InMemoryRecipeRepository;
  readonly products: InMemoryProductRepository;
  readonly users: InMemoryUserRepository;
  readonly apiKeys: InMemoryApiKeyRepository;
  readonly profiles: InMemoryProfileRepository;
  readonly browserSessions: InMemoryBrowserSessionRepository;
  readonly files: InMemoryFileStore;
  readonly publishing: InMemoryPublishing;
  /** Lead magnet delivery's stores (their events go to `publishing.outbox`). */
  readonly subscribers: InMemorySubscriberRepository;
  readonly mailBudget: InMemoryMailBudget;
  readonly clock: ManualClock;
  /** The app's current time in JWT seconds (from `clock`, not the wall clock). */
  nowSeconds(): number;
  readonly userId: string;
  readonly token: string;
  /** `inject` with the user's bearer token (and JSON for a `body`). */
  request(options: InjectOptions & { body?: unknown; token?: string | null }): Promise<LightMyRequestResponse>;
  addUser(email: string, password?: string): Promise<string>;
  login(email: string, password: string): Promise<LightMyRequestResponse>;
}

export interface HarnessOptions {
  readonly config?: Partial<AppConfig>;
  readonly hasher?: PasswordHasher;
  readonly readiness?: () => Promise<boolean>;
  readonly recipes?: InMemoryRecipeRepository;
  readonly products?: InMemoryProductRepository;
  /** Another app's users and sessions, to play a second instance of the same service. */
  readonly users?: InMemoryUserRepository;
  readonly browserSessions?: InMemoryBrowserSessionRepository;
  readonly idempotency?: InMemoryIdempotencyStore;
  /** Default: no log. */
  readonly logger?: AppDeps['logger'];
  /** Default: the real renderer, on the test's own thread. */
  readonly rendering?: AppDeps['rendering'];
  readonly files?: InMemoryFileStore;
  /** Default: sharp, as the service has it. */
  readonly images?: ImageProcessor;
  /** Draws products' generated covers. Default: a quick one-colour picture (`quick-cover-artist.ts`); pass `createCoverArtist()` for the real drawing. */
  readonly covers?: CoverArtist;
  /** Default: Etsy and Gumroad adapters aimed at a closed loopback port (nothing is published anywhere). */
  readonly platforms?: readonly SalesPlatform[];
  readonly publicUrl?: string;
  readonly onQueued?: () => void;
  /** Webhook endpoints may point to private addresses (`OUTBOUND_ALLOW_PRIVATE=true`). */
  readonly allowPrivate?: boolean;
  readonly resolve?: Resolver;
  /** Where recipe imports read the web. Default: the guarded fetch, with no name resolving and private addresses refused (nothing leaves the machine). */
  readonly recipePages?: RecipePageSource;
  readonly onEvents?: () => void;
  /** The built studio to serve (test/fixtures/studio); default none: `/` redirects to `/docs`. */
  readonly studio?: AppDeps['studio'];
}


export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  // Starts at the wall-clock time, then moves only 1 ms per reading (and by `advance`): JWT and rate-limit times are
  // near real time but do not follow it, so a test that builds token times must take them from `nowSeconds()`.
  const clock = new ManualClock(new Date(), 1);
  const recipes = options.recipes ?? new InMemoryRecipeRepository();
  // Created after the publishing stores, so that its writes' events go to the same outbox as theirs.
  let products = options.products;
  const users = options.users ?? new InMemoryUserRepository();
  const files = options.files ?? new InMemoryFileStore();
  const hasher = options.hasher ?? plainTextHasher;
  const ids = sequentialIds('id');
  const publishing = inMemoryPublishing({
    ...(options.platforms === undefined ? {} : { platforms: options.platforms }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    ...(options.onQueued === undefined ? {} : { onQueued: options.onQueued }),
    ...(options.allowPrivate === undefined ? {} : { allowPrivate: options.allowPrivate }),
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    ...(options.onEvents === undefined ? {} : { onEvents: options.onEvents }),
  });
  products ??= new InMemoryProductRepository(publishing.outbox);
  const subscribers = new InMemorySubscriberRepository(publishing.outbox);
  const mailBudget = new InMemoryMailBudget();
  const apiKeys = new InMemoryApiKeyRepository();
  const profiles = new InMemoryProfileRepository();
  const browserSessions = options.browserSessions ?? new InMemoryBrowserSessionRepository();
  const app = await buildApp({
    publishing,
    apiKeys,
    profiles,
    browserSessions,
    recipes,
    products,
    users,
    clock,
    ids,
    hasher,
    idempotency: options.idempotency ?? new InMemoryIdempotencyStore(),
    rendering: options.rendering ?? inlineRenderQueue(createDocumentRenderer()),
    files,
    images: options.images ?? sharpImageProcessor(),
    covers: options.covers ?? quickCoverArtist(),
    recipePages: options.recipePages ?? httpRecipePageSource(guardedFetch({ guard: outboundGuard({ allowPrivate: false, resolve: UNRESOLVED }), dial: LOOPBACK_ONLY })),
    readiness: options.readiness ?? (async () => true),
    leadMagnets: { subscribers, mailBudget },
    ...(options.studio === undefined ? {} : { studio: options.studio }),
    logger: options.logger ?? false,
    config: {
      jwtSecret: SECRET,
      rateLimit: { max: 1000, windowMs: 60_000 },
      loginRateLimit: { max: 1000, windowMs: 60_000 },
      salesPlatforms: ['etsy', 'gumroad'],
      corsOrigins: ['https://app.example.com'],
      ...options.config,
    },
  });
  const newUser = async (email: string, password = PASSWORD): Promise<string> =>
    (await addUser({ users, hasher, clock, ids: sequentialIds(`user-${email}`) })({ email, password }))._unsafeUnwrap().id;
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  // A second instance on another app's users finds its user there.
  const userId = (await users.findByEmail(EMAIL))._unsafeUnwrap()?.id ?? (await newUser(EMAIL));
  const loggedIn = await login(EMAIL, PASSWORD);
  const token = loggedIn.json<{ token: string }>().token;

  const request: Harness['request'] = ({ body, token: given, headers, ...rest }) => {
    const bearer = given === undefined ? token : given;
    const auth = bearer === null ? {} : { authorization: `Bearer ${bearer}` };
    if (body === undefined) return app.inject({ ...rest, headers: { ...auth, ...headers } });
    return app.inject({ ...rest, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth, ...headers } });
  };
  const nowSeconds = (): number => Math.floor(clock.now().getTime() / 1000);
  return { app, recipes, products, users, apiKeys, profiles, browserSessions, files, publishing, subscribers, mailBudget, clock, nowSeconds, userId, token, request, addUser: newUser, login };
}
