/**
 * `buildApp(deps)`: the whole HTTP API as a Fastify instance that has not started listening. The composition root
 * (main.ts) listens; tests use `app.inject()`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CoverArtist, ImageProcessor, MailBudget, RecipePageSource, SubscriberRepository } from '@larder/domain';
import { generatedCovers, IndexedRecipeRepository, profileLookup, type ProfileRepository } from '@larder/domain';
import type { ApiKeyRepository, AuthorizationRepository, BrowserSessionRepository, Clock, ConnectionRepository, FileStore, IdempotencyStore, IdGenerator, JobQueue, ListingRepository, PasswordHasher, ProductRepository, RecipeRepository, RenderQueue, SaleRepository, SalesPlatform, SecretBox, UserRepository, WebhookDeliveryRepository, WebhookEndpointRepository, EndpointUrlPolicy } from '@larder/domain';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, type RawRequestDefaultExpression } from 'fastify';
import type { Redis } from 'ioredis';
import { clientErrorHandler, refusalLogged, rememberRequestId } from './http/client-errors.js';
import { sharedSerializerFactory } from './http/compiled-schemas.js';
import { logAborted, OneLineRequestLog, urlForLog } from './http/request-log-lines.js';
import { named } from './http/plugin-name.js';
import { buildValidatorCompiler } from './http/validator-compiler.js';
import auth, { DEFAULT_TOKEN_TTL_SECONDS } from './plugins/auth.js';
import idempotency from './plugins/idempotency.js';
import openapi from './plugins/openapi.js';
import problemDetails, { BODY_LIMIT_BYTES, frameworkErrorHandler } from './plugins/problem-details.js';
import rateLimits, { DEFAULT_LOGIN_LIMIT } from './plugins/rate-limit.js';
import requestFraming from './plugins/request-framing.js';
import security, { SECURITY_HEADERS } from './plugins/security.js';
import { authRoutes } from './routes/auth.js';
import { passwordRoutes } from './routes/password.js';
import { sessionRoutes } from './routes/sessions.js';
import { refuseUnknownQueryParameters } from './plugins/strict-query.js';
import { connectionCallbackRoutes, connectionRoutes } from './routes/connections.js';
import { docsRoutes } from './routes/docs.js';
import { documentRoutes } from './routes/documents.js';
import { healthRoutes } from './routes/health.js';
import { mediaRoutes } from './routes/media.js';
import { photoRoutes } from './routes/photos.js';
import { productRoutes } from './routes/products.js';
import { recipeRoutes } from './routes/recipes.js';
import { recipeImportRoutes } from './routes/recipe-import.js';
import { ingredientParseRoutes } from './routes/ingredient-parse.js';
import { saleNoticeRoutes } from './routes/sale-notices.js';
import { saleRoutes } from './routes/sales.js';
import { loadStudio, studioPageFallback, studioRoutes } from './routes/studio.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { profileRoutes } from './routes/profile.js';
import { enforceKeyScopes } from './plugins/api-key-scopes.js';
import { webhookRoutes } from './routes/webhooks.js';
import { leadMagnetPublicRoutes } from './routes/lead-magnet-public.js';
import { publicPageCache } from './pages/public-page-cache.js';
import { subscriberRoutes } from './routes/subscribers.js';
import { SHARED_SCHEMAS } from './schemas/shared.js';

export interface AppConfig {
  jwtSecret: string;
  /** Default 7 days. */
  tokenTtlSeconds?: number;
  /** Per user, across all authenticated `/api` routes. */
  rateLimit: { max: number; windowMs: number };
  /** Login attempts, counted separately per e-mail and per client address. Default 10 per minute. */
  loginRateLimit?: { max: number; windowMs: number };
  /** A creator's links (website, privacy policy, social pages) may be http too (`OUTBOUND_ALLOW_PRIVATE=true`). Default false. */
  allowHttpLinks?: boolean;
  /** The public routes that act (asking, confirming, downloading, unsubscribing), per client address: not page views. Default 60 per minute. */
  publicRateLimit?: { max: number; windowMs: number };
  /** Asking for a free sample, per e-mail address. Default 10 per hour. */
  signupEmailRateLimit?: { max: number; windowMs: number };
  /** Shared rate-limit store when present (create it with `enableOfflineQueue: false` so an outage fails fast). */
  redis?: Redis;
  /**
   * How long a count in `redis` may take before the request is let through uncounted (the limit fails open rather than
   * stall every request behind a slow Redis). Default 250 ms.
   */
  rateLimitStoreTimeoutMs?: number;
  salesPlatforms: readonly string[];
  corsOrigins: readonly string[] | '*';
  /** Trust X-Forwarded-* (client address for login limits, protocol) from a proxy in front. */
  trustProxy?: boolean;
  /** The whole request (headers and body) must arrive within this, else 408 `request_timeout`. Default 30 s. */
  requestTimeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * How long an idle keep-alive connection stays open between requests. Long enough for a client's burst of requests
 * (a page of the reference, a script's loop) to reuse its connection; short enough that idle clients cannot pile up
 * open sockets. Node's own default, and the value its HTTP agent reads from `Keep-Alive: timeout=5` to stop reusing a
 * connection just before the server closes it. A proxy in front should close idle upstream connections sooner.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5000;

/**
 * Node's HTTP server options for the request limits: the headers and the whole request within `requestTimeoutMs`
 * (checked every second, or every tenth of the limit when it is short), and no Host check of its own (its answer is an
 * empty 400 outside Fastify; plugins/request-framing.ts answers a problem instead).
 */
function serverLimits(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(requestTimeoutMs / 10))),
      requireHostHeader: false,
    },
  };
}

export interface AppDeps {
  recipes: RecipeRepository;
  products: ProductRepository;
  users: UserRepository;
  /** API keys (digests only). */
  apiKeys: ApiKeyRepository;
  /** Browser sessions (digests of their tokens only), shared by every instance. */
  browserSessions: BrowserSessionRepository;
  /** Creators' profiles and brands. Absent: no `/api/profile` routes, and pages, documents and e-mails carry no brand. */
  profiles?: ProfileRepository;
  clock: Clock;
  ids: IdGenerator;
  hasher: PasswordHasher;
  /** Idempotency-Key records of the creates (MongoDB in the service, in memory in tests). */
  idempotency: IdempotencyStore;
  /** Renders product documents to PDF and EPUB off the request thread (the service wires a worker pool). */
  rendering: RenderQueue;
  /** Where rendered documents are kept (GridFS or S3 in the service, in memory in tests). */
  files: FileStore;
  /** Reads and renders uploaded photos and covers (sharp in the service). Absent: the upload routes are not served. */
  images?: ImageProcessor;
  /**
   * Draws the generated cover of a product without an uploaded one, with its renditions (adapters-documents), kept
   * through `files`. Absent: such a product's `cover` is null.
   */
  covers?: CoverArtist;
  /**
   * Fetches recipe pages and their images for `POST /api/recipes/import` (adapters-outbound: the SSRF guard, time
   * and size caps). Absent, or without `images`: that route is not served.
   */
  recipePages?: RecipePageSource;
  /** Database reachable? */
  readiness: () => Promise<boolean>;
  /** Platforms, connections and listings: what publishing needs. */
  publishing: PublishingDeps;
  config: AppConfig;
  /** `true`, `false` (tests) or pino options; default info level. Secrets are redacted either way. */
  logger?: FastifyServerOptions['logger']; // already includes boolean
  /** Lead magnet delivery: its public pages and links, and the creator's subscriber routes. Absent: neither is served. */
  leadMagnets?: LeadMagnetAppDeps;
  /**
   * The studio built by Vite (`dir`: its `dist/`, read into memory here): served at `/`, `/assets/` and every
   * client-side route. Absent, or without `index.html` there: `/` redirects to `/docs`.
   */
  studio?: { readonly dir: string };
}

export interface PublishingDeps {
  /** The configured platforms' adapters, in `SALES_PLATFORMS` order. */
  platforms: readonly SalesPlatform[];
  listings: ListingRepository;
  connections: ConnectionRepository;
  authorizations: AuthorizationRepository;
  /** Seals credentials under `LARDER_SECRET_KEY`. */
  secrets: SecretBox;
  /** Where listing work is queued; the job runner (main.ts) carries it out. */
  queue: JobQueue;
  /** Told when work was queued, so that this process's runner starts at once. */
  onQueued?: () => void;
  /** `PUBLIC_URL`: where platforms send the creator back after consent, and post sale notices. */
  publicUrl: string;
  /** Sales that came back from the platforms. */
  sales: SaleRepository;
  /** Outbound webhooks: endpoints, their deliveries, and where they may point. */
  webhooks: WebhookAppDeps;
}

export interface LeadMagnetAppDeps {
  subscribers: SubscriberRepository;
  /** At most 3 e-mails per address a day. */
  mailBudget: MailBudget;
}

export interface WebhookAppDeps {
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
  /** https to public addresses; private ones too with `OUTBOUND_ALLOW_PRIVATE=true` (adapters-outbound). */
  urlPolicy: EndpointUrlPolicy;
  /** Told after a write that put events in the outbox, so that this process's relay hands them on at once. */
  onEvents?: () => void;
}

/** Never logged in clear, wherever a serializer or a caller puts them. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["x-refreshed-token"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
  'body.password',
  'req.body.password',
  'access_token',
  '*.access_token',
  'req.body.access_token',
  'req.query.code',
  'req.query.state',
];

/** Fastify's own request fields, with the secrets some URLs carry cut (`urlForLog`). */
const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: urlForLog(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket.remotePort,
});

function loggerOptions(logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = typeof logger === 'object' && logger !== null ? logger : {};
  return { level: 'info', ...base, serializers: { req: requestForLog }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

/**
 * A caller's own request id is kept when it is safe to log and echo; otherwise the service makes one. It is remembered
 * with the raw request, so that an error the HTTP parser raises later in the same request (its body's framing, its
 * time limit) is answered and logged under the same id.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
function requestId(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  rememberRequestId(request, id);
  return id;
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const requestTimeoutMs = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    logController: new OneLineRequestLog(),
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler: clientErrorHandler(requestTimeoutMs, SECURITY_HEADERS),
    ...serverLimits(requestTimeoutMs),
    schemaController: { compilersFactory: { buildSerializer: sharedSerializerFactory } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(buildValidatorCompiler(SHARED_SCHEMAS));
  // A request's log line is written at its answer (`OneLineRequestLog`): one whose client left first gets this one,
  // unless the HTTP parser's refusal (a body that stopped arriving or came too late) already logged it.
  app.addHook('onRequestAbort', (request, done) => {
    if (!refusalLogged(request.raw.socket)) logAborted(request);
    done();
  });

  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  const studio = deps.studio === undefined ? undefined : await loadStudio(deps.studio.dir);
  await app.register(problemDetails, { notFoundPage: studio === undefined ? undefined : studioPageFallback(studio) });
  await app.register(security, { corsOrigins: config.corsOrigins });
  await app.register(requestFraming);
  await app.register(openapi, { version: packageVersion(), publicUrl: deps.publishing.publicUrl });
  await app.register(rateLimits, {
    perUser: config.rateLimit,
    login: config.loginRateLimit ?? DEFAULT_LOGIN_LIMIT,
    ...(config.publicRateLimit === undefined ? {} : { publicAddress: config.publicRateLimit }),
    ...(config.signupEmailRateLimit === undefined ? {} : { signupEmail: config.signupEmailRateLimit }),
    ...(config.redis === undefined ? {} : { redis: config.redis }),
    ...(config.rateLimitStoreTimeoutMs === undefined ? {} : { storeTimeoutMs: config.rateLimitStoreTimeoutMs }),
  });
  await app.register(auth, {
    secret: config.jwtSecret,
    ttlSeconds: config.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    clock: deps.clock,
    users: deps.users,
    apiKeys: deps.apiKeys,
    sessions: deps.browserSessions,
    publicUrl: deps.publishing.publicUrl,
  });

  // Before the routes: it equips the ones that opt in (`config: { idempotent: true }`) as they are added.
  await app.register(idempotency, { store: deps.idempotency, clock: deps.clock });
  await app.register(named(healthRoutes), { readiness: deps.readiness });
  await app.register(named(docsRoutes));
  await app.register(named(studioRoutes), { studio });
  // One for the whole app: requests that ask for the same cover at once share its drawing.
  // The recipes a list of products takes its covers' photos from come from the search index when there is one (up to
  // 240 for a page; on FerretDB one query each): `IndexedRecipeRepository.findByIdsListed`. One product's cover reads
  // the database.
  const recipes = deps.recipes;
  const listedRecipes = recipes instanceof IndexedRecipeRepository ? { listedRecipes: { findByIds: (ids: readonly string[]) => recipes.findByIdsListed(ids) } } : {};
  const covers = deps.covers === undefined ? undefined : generatedCovers({ covers: deps.covers, files: deps.files, recipes, ...listedRecipes });
  const withCovers = covers === undefined ? {} : { covers };
  // Profiles as pages, documents and covers read them: kept a few seconds, forgotten here on a change.
  const profiles = deps.profiles === undefined ? undefined : { repository: deps.profiles, lookup: profileLookup({ profiles: deps.profiles, users: deps.users, clock: deps.clock }) };
  const withProfiles = profiles === undefined ? {} : { profiles: profiles.lookup };
  // Public, like the documentation: photo and cover files are fetched by browsers and storefronts without a token.
  await app.register(named(mediaRoutes), { files: deps.files });
  const leadMagnets = deps.leadMagnets;
  if (leadMagnets !== undefined) {
    // No token: the pages and the e-mails' links are for readers.
    const pages = publicPageCache({
      products: deps.products,
      recipes: deps.recipes,
      files: deps.files,
      clock: deps.clock,
      publicUrl: deps.publishing.publicUrl,
      ...withCovers,
      ...withProfiles,
      ...(deps.images === undefined ? {} : { images: deps.images }),
    });
    await app.register(named(async (open: typeof app) => {
      await open.register(named(leadMagnetPublicRoutes), {
        pages,
        limits: { perAddress: app.limiters.publicPerAddress, perEmail: app.limiters.signupPerEmail },
        subscribers: leadMagnets.subscribers,
        products: deps.products,
        budget: leadMagnets.mailBudget,
        queue: deps.publishing.queue,
        secrets: deps.publishing.secrets,
        clock: deps.clock,
        ids: deps.ids,
        documents: { products: deps.products, recipes: deps.recipes, rendering: deps.rendering, files: deps.files, clock: deps.clock, ...withProfiles },
        ...(deps.publishing.onQueued === undefined ? {} : { onQueued: deps.publishing.onQueued }),
        ...(deps.publishing.webhooks.onEvents === undefined ? {} : { onEvents: deps.publishing.webhooks.onEvents }),
      });
    }, 'public lead magnet pages'));
  }
  await app.register(named(saleNoticeRoutes), {
    connections: deps.publishing.connections,
    queue: deps.publishing.queue,
    clock: deps.clock,
    ...(deps.publishing.onQueued === undefined ? {} : { onQueued: deps.publishing.onQueued }),
  });
  await app.register(
    named(async (api: typeof app) => {
      // After authentication (a hook of onRequest), before the body is read: see strict-query.ts.
      api.addHook('preParsing', refuseUnknownQueryParameters);
      await api.register(named(authRoutes), { users: deps.users, hasher: deps.hasher });
      await api.register(named(sessionRoutes), { sessions: deps.browserSessions, users: deps.users, hasher: deps.hasher, clock: deps.clock, ids: deps.ids });
      const publishing = deps.publishing;
      const connections = {
        connections: publishing.connections,
        authorizations: publishing.authorizations,
        secrets: publishing.secrets,
        platforms: publishing.platforms,
        clock: deps.clock,
        // Appended, not resolved: a PUBLIC_URL with a path (behind a proxy, under /larder) keeps it.
        redirectUri: (platform: string) => `${publishing.publicUrl.replace(/\/+$/, '')}/api/connections/${encodeURIComponent(platform)}/callback`,
        saleWork: { queue: publishing.queue, ...(publishing.onQueued === undefined ? {} : { onQueued: publishing.onQueued }) },
      };
      const listings = {
        listings: publishing.listings,
        connections: publishing.connections,
        queue: publishing.queue,
        clock: deps.clock,
        platforms: publishing.platforms,
        ...(publishing.onQueued === undefined ? {} : { onQueued: publishing.onQueued }),
      };
      await api.register(named(async (open: typeof app) => {
        // The consent page's way back carries no bearer token; the one-time state authenticates it. Limited per address.
        open.addHook('onRequest', app.limiters.loginPerAddress);
        await open.register(named(connectionCallbackRoutes), {
          ...connections,
          ...(studio === undefined ? {} : { studioConnectionsUrl: `${publishing.publicUrl.replace(/\/+$/, '')}/selling` }),
        });
      }, 'connection callbacks'));
      await api.register(named(async (secured: typeof app) => {
        // Order matters: the per-user limit keys on the user that authentication verified.
        secured.addHook('onRequest', app.auth.authenticate);
        secured.addHook('onRequest', app.limiters.perUser);
        secured.addHook('onRequest', enforceKeyScopes);
        await secured.register(named(recipeRoutes), { recipes: deps.recipes, clock: deps.clock, ids: deps.ids });
        await secured.register(named(ingredientParseRoutes));
        await secured.register(named(passwordRoutes), { sessions: deps.browserSessions, users: deps.users, hasher: deps.hasher, clock: deps.clock, ids: deps.ids });
        await secured.register(named(productRoutes), {
          products: deps.products,
          recipes: deps.recipes,
          clock: deps.clock,
          ids: deps.ids,
          salesPlatforms: config.salesPlatforms,
          listings,
          ...withCovers,
          ...withProfiles,
          ...(publishing.webhooks.onEvents === undefined ? {} : { onEvents: publishing.webhooks.onEvents }),
        });
        await secured.register(named(connectionRoutes), connections);
        await secured.register(named(saleRoutes), { sales: publishing.sales });
        await secured.register(named(apiKeyRoutes), { apiKeys: deps.apiKeys, clock: deps.clock, ids: deps.ids });
        if (profiles !== undefined) {
          await secured.register(named(profileRoutes), {
            profiles: profiles.repository,
            users: deps.users,
            clock: deps.clock,
            lookup: profiles.lookup,
            rules: { allowHttp: config.allowHttpLinks ?? false },
            ...(deps.images === undefined ? {} : { photos: { images: deps.images, files: deps.files } }),
          });
        }
        await secured.register(named(webhookRoutes), {
          endpoints: publishing.webhooks.endpoints,
          deliveries: publishing.webhooks.deliveries,
          urlPolicy: publishing.webhooks.urlPolicy,
          secrets: publishing.secrets,
          queue: publishing.queue,
          clock: deps.clock,
          ids: deps.ids,
          ...(publishing.onQueued === undefined ? {} : { onQueued: publishing.onQueued }),
        });
        if (deps.images !== undefined && deps.recipePages !== undefined) {
          await secured.register(named(recipeImportRoutes), { recipes: deps.recipes, clock: deps.clock, ids: deps.ids, images: deps.images, files: deps.files, pages: deps.recipePages });
        }
        if (deps.images !== undefined) {
          await secured.register(named(photoRoutes), {
            recipes: deps.recipes,
            products: deps.products,
            clock: deps.clock,
            images: deps.images,
            files: deps.files,
            listings: { listings: publishing.listings, connections: publishing.connections, queue: publishing.queue, clock: deps.clock, platforms: publishing.platforms },
            ...withCovers,
            ...withProfiles,
          });
        }
        await secured.register(named(documentRoutes), { products: deps.products, recipes: deps.recipes, rendering: deps.rendering, files: deps.files, clock: deps.clock, ...withProfiles, ...(deps.covers === undefined ? {} : { coverSize: deps.covers.size }) });
        if (leadMagnets !== undefined) await secured.register(named(subscriberRoutes), { subscribers: leadMagnets.subscribers, products: deps.products });
      }, 'authenticated api'));
    }, 'api'),
    { prefix: '/api' },
  );
  return app;
}
