/**
 * A loopback fake of Gumroad API v2 for tests and demos: the subset the adapter uses, with Gumroad's paths,
 * encodings (a form or JSON, the token as `Authorization: Bearer` or `access_token`), answers and refusals, one
 * seller's state in memory, an S3 of its own for the presigned uploads, and the shared fault switches. Sales are
 * made with `sell()` / `refund()` (or `POST /__fake/sales`, `/__fake/refunds`) and pinged to the subscribed URLs.
 *
 * Gumroad's tokens never expire and are never refreshed, so the `expireTokenEvery` fault (and `revokeToken()`)
 * stands for a token the seller revoked: every request is answered 401 until the test calls `restoreToken()`.
 */
import Fastify from 'fastify';
import { isControl } from '../../shared/fake-control.js';
import { installBudget } from '../../shared/fake-budget.js';
import { installFaults, noFaults, tokenExpiresNow, zeroCounts, type FakeFaults } from '../../shared/fake-faults.js';
import type { FakeListing, RunningFake } from '../../shared/fake-view.js';
import { htmlToText } from '../gumroad-description.js';
import { paramsOf, type FakeContext } from './fake-context.js';
import { controlRoutes } from './fake-control-routes.js';
import { userJson } from './fake-json.js';
import { GUMROAD_RETRY_DELAYS_MS, pingPoster, type FakePingAttempt, type FakePingSwitches } from './fake-pings.js';
import { productRoutes } from './fake-product-routes.js';
import { saleRoutes } from './fake-sale-routes.js';
import { pingFields } from './fake-sale-json.js';
import { pingsFor, recordRefund, recordSale, type FakeResourceSubscription, type FakeSaleOptions } from './fake-sales.js';
import { storageRoutes } from './fake-storage-routes.js';
import { externalId, FakeGumroadStore, hex, isPublished, type StoredProduct } from './fake-store.js';
import { uploadRoutes } from './fake-upload-routes.js';
import { paramText } from './rails-params.js';

export interface GumroadFakeOptions {
  /** 0 (default): any free port. */
  readonly port?: number;
  /** The seller's token; default: a new random one. */
  readonly accessToken?: string;
  /** The seller's name; null or '' for a seller who never set one (the account is then shown by e-mail). */
  readonly userName?: string | null;
  readonly email?: string;
  /** The store's subdomain in buyer URLs (`https://USERNAME.gumroad.com/l/…`). */
  readonly username?: string;
  /** Largest file accepted by `/v2/files/presign`; Gumroad's is 20 GB. */
  readonly maxFileSize?: number;
  /** Bytes per presigned part; Gumroad's is 100 MB. Smaller makes multipart uploads testable. */
  readonly partSize?: number;
  /** Requests a second (Rack::Attack's throttle, told only by a 429 with `Retry-After`); default: no limit. */
  readonly limitPerSecond?: number;
  /** Requests a day; default: no limit. */
  readonly limitPerDay?: number;
  /** The clock of the budget's seconds and days, in ms; default `Date.now`. */
  readonly now?: () => number;
  /** Initial fault switches (all off by default); change `fake.faults` at any time. */
  readonly faults?: Partial<FakeFaults>;
  /** Initial ping switches (see `FakePingSwitches`; retries after Gumroad's 60, 180 and 600 s by default). */
  readonly pings?: Partial<FakePingSwitches>;
  /** How long a ping receiver has to answer (Gumroad's `REQUEST_TIMEOUT_SECONDS`, 5 s). */
  readonly pingTimeoutMs?: number;
}

export interface RunningGumroadFake extends RunningFake {
  /** The token that works (until revoked). */
  readonly accessToken: string;
  /** The seller's external id: what `GET /v2/user` answers as `id`. */
  readonly userId: string;
  /** The token stops working (401), as when the seller revokes it in Gumroad's settings. */
  revokeToken(): void;
  /** The token works again (after `revokeToken()` or the `expireTokenEvery` fault). */
  restoreToken(): void;
  readonly tokenRevoked: boolean;
  /**
   * A buyer's purchase of a published product (default: at its price, in its currency); the sale's id. Pings every
   * `sale` subscription, or holds the pings while `pings.hold` is on.
   */
  sell(productId: string, sale?: FakeSaleOptions): string;
  /** The seller refunds `amountCents` of the sale, in its currency (default: all that is left); pings every `refund` subscription. */
  refund(saleId: string, amountCents?: number): void;
  /** Posts a ping as Gumroad would, about a sale Gumroad does not have (`fields` replace the made-up ones); its first attempt. */
  forgePing(url: string, fields?: Readonly<Record<string, string>>): Promise<FakePingAttempt>;
  /** Switches for the pings to come: post twice, hold, retry delays. */
  readonly pings: FakePingSwitches;
  /** Every POST of a ping so far, retries included, in the order they were answered. */
  pingAttempts(): FakePingAttempt[];
  /** Sends the held pings, in the order they were made or (`reverse`) newest first; resolves once each was posted once. */
  releasePings(options?: { readonly reverse?: boolean }): Promise<void>;
  /** Resolves once no ping is in flight or waiting for a retry (held ones excepted). */
  pingsSettled(): Promise<void>;
  /** The live resource subscriptions. */
  resourceSubscriptions(): FakeResourceSubscription[];
}

const UNAUTHORIZED = 'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"';

function listingView(store: FakeGumroadStore, product: StoredProduct): FakeListing {
  return {
    remoteId: product.id,
    marker: product.customPermalink,
    state: isPublished(product) ? 'active' : product.draft ? 'draft' : 'inactive',
    title: product.name,
    description: htmlToText(product.description),
    priceCents: product.priceCents,
    currency: product.currency.toUpperCase(),
    files: product.files.map((file) => ({ remoteFileId: file.id, name: file.displayName, bytes: file.bytes })),
    imageCount: product.covers.length,
    images: product.covers.map((cover) => cover.bytes),
    url: store.shortUrl(product),
  };
}

export async function startGumroadFake(options: GumroadFakeOptions = {}): Promise<RunningGumroadFake> {
  const accessToken = options.accessToken ?? hex(32);
  const store = new FakeGumroadStore({
    id: externalId(),
    name: options.userName === undefined ? 'Larder Test Kitchen' : options.userName,
    email: options.email ?? 'kitchen@example.com',
    username: options.username ?? 'lardertestkitchen',
    currency: 'usd',
  });
  const faults: FakeFaults = { ...noFaults(), ...options.faults };
  const counts = zeroCounts();
  let revoked = false;
  let authenticated = 0;
  let base = '';
  const ctx: FakeContext = {
    store,
    base: () => base,
    s3Base: () => `${base}/s3/gumroad/`,
    maxFileSize: options.maxFileSize ?? 20 * 1024 ** 3,
    partSize: options.partSize ?? 100 * 1024 ** 2,
  };

  const pings: FakePingSwitches = { duplicate: false, hold: false, retryDelaysMs: [...GUMROAD_RETRY_DELAYS_MS], ...options.pings };
  const poster = pingPoster(pings, options.pingTimeoutMs ?? 5000);
  const sell = (productId: string, sale: FakeSaleOptions = {}): string => {
    const made = recordSale(store, productId, sale);
    poster.enqueue(pingsFor(store, made, 'sale'));
    return made.id;
  };
  const refund = (saleId: string, amountCents?: number): void => {
    poster.enqueue(pingsFor(store, recordRefund(store, saleId, amountCents), 'refund'));
  };

  const app = Fastify({ logger: false, bodyLimit: 2 * ctx.partSize + 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const isStorage = (url: string): boolean => url.startsWith('/s3/');
  installFaults(app, faults, counts, {
    exempt: (request) => isStorage(request.url) || isControl(request),
    // Rack::Attack's throttled answer is plain text; a crash is Rails' error page.
    errorBody: (status) => (status === 429 ? 'Retry later\n' : `<html><body><h1>We're sorry, but something went wrong (${status}).</h1></body></html>`),
  });
  installBudget(app, {
    perSecond: options.limitPerSecond ?? Infinity,
    perDay: options.limitPerDay ?? Infinity,
    now: options.now ?? Date.now,
    exempt: (request) => isStorage(request.url) || isControl(request),
    announce: false,
    refusal: () => 'Retry later\n',
    onRefused: () => {
      counts.overBudget += 1;
    },
  });
  // Doorkeeper reads the token from the header or the `access_token` parameter, after the body is parsed.
  app.addHook('preHandler', async (request, reply) => {
    if (isStorage(request.url) || isControl(request)) return;
    const header = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    const token = header ?? paramText(paramsOf(request)['access_token']);
    let valid = !revoked && token === accessToken;
    if (valid) {
      authenticated += 1;
      if (tokenExpiresNow(faults, counts, authenticated)) revoked = true;
      valid = !revoked;
    }
    if (!valid) return reply.code(401).header('www-authenticate', UNAUTHORIZED).send('');
  });
  app.get('/v2/user', async () => ({ success: true, user: userJson(store) }));
  productRoutes(app, ctx);
  uploadRoutes(app, ctx);
  saleRoutes(app, ctx);
  controlRoutes(app, { sell, refund });
  // S3 keeps the bytes whatever their Content-Type says: its routes parse every body as bytes.
  await app.register(async (storage) => {
    storage.removeAllContentTypeParsers();
    storage.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    storageRoutes(storage, ctx);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/html').send("<html><body><h1>The page you were looking for doesn't exist.</h1></body></html>"),
  );

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  base = address;
  return {
    url: address,
    faults,
    counts,
    accessToken,
    userId: store.seller.id,
    revokeToken: () => {
      revoked = true;
    },
    restoreToken: () => {
      revoked = false;
    },
    get tokenRevoked() {
      return revoked;
    },
    listings: () => store.visibleProducts().map((product) => listingView(store, product)),
    sell,
    refund,
    forgePing: (url, fields = {}) => {
      const invented = { id: externalId(), orderNumber: 100_000_000, productId: externalId(), createdAt: store.now(), email: 'nobody@example.com', currency: 'usd', displayedCents: 100, priceCents: 100, refundedCents: 0 };
      return poster.sendNow({ url, resourceName: null, fields: { ...pingFields(store, invented, 'sale'), ...fields } });
    },
    pings,
    pingAttempts: () => poster.attempts(),
    releasePings: (release = {}) => poster.release(release.reverse === true),
    pingsSettled: () => poster.settled(),
    resourceSubscriptions: () =>
      store.subscriptions.filter((subscription) => !subscription.deleted).map(({ id, resourceName, postUrl }) => ({ id, resourceName, postUrl })),
    close: async () => {
      poster.close();
      await app.close();
    },
  };
}
