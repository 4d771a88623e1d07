/**
 * A loopback fake of Etsy Open API v3 for tests and demos: one shop, Etsy's OAuth 2.0 with PKCE, and the listing,
 * inventory, file, image and receipt operations the adapter uses, on Etsy's paths, encodings, answers and error
 * shape, with the shared fault switches and Etsy's request budget. Sales are made with `sell()` / `refund()` (or
 * `POST /__fake/sales`, `/__fake/refunds`). What it implements, and where it is stricter or simpler than Etsy, is in
 * docs/platform-etsy.md.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import { isControl } from '../../shared/fake-control.js';
import type { FakeListing, RunningFake } from '../../shared/fake-view.js';
import { installFaults, noFaults, zeroCounts, type FakeFaults } from '../../shared/fake-faults.js';
import type { EtsySecret, EtsyTokenResponse } from '../etsy-types.js';
import type { FakeContext } from './fake-context.js';
import { installBudget } from '../../shared/fake-budget.js';
import { installControlRoutes } from './fake-control-routes.js';
import { installFileRoutes } from './fake-file-routes.js';
import { installListingRoutes } from './fake-listing-routes.js';
import { installOAuthRoutes, issueTokens } from './fake-oauth.js';
import { installReceiptRoutes } from './fake-receipt-routes.js';
import { recordRefund, recordSale, type FakeSale, type FakeSaleOptions } from './fake-receipts.js';
import { installShopRoutes } from './fake-shop-routes.js';
import { fakeState, listingUrl, type FakeState, type FakeStoredListing } from './fake-state.js';

export interface EtsyFakeOptions {
  /** Default 0: any free port on 127.0.0.1. */
  readonly port?: number;
  readonly apiKey?: string;
  readonly sharedSecret?: string;
  readonly shopName?: string;
  /** The shop's currency (`currency_code`); default USD. */
  readonly currency?: string;
  /** Etsy refuses to activate a listing without an image (default true). */
  readonly requireImageToActivate?: boolean;
  readonly shopId?: number;
  readonly userId?: number;
  /** Etsy's per-second and per-day budget for the app (defaults 150 and 100,000, the figures Etsy's docs show). */
  readonly limitPerSecond?: number;
  readonly limitPerDay?: number;
  /** Largest digital file taken, default 20 MB. */
  readonly maxFileBytes?: number;
  /** The fake's clock in ms (token expiry, timestamps, `when_made`); default `Date.now`. */
  readonly now?: () => number;
  readonly faults?: Partial<FakeFaults>;
  /** What the owner answers on the consent page (default `allow`; see `setConsent`). */
  readonly consent?: 'allow' | 'deny';
}

export interface RunningEtsyFake extends RunningFake {
  /** Its consent page: give it as `ETSY_OAUTH_URL`. */
  readonly oauthUrl: string;
  readonly apiKey: string;
  readonly sharedSecret: string;
  readonly shopId: number;
  readonly userId: number;
  readonly shopName: string;
  readonly currency: string;
  /** Changes what `getShop` says the shop's name or currency is. */
  setShop(shop: { shopName?: string; currency?: string }): void;
  /** What the owner answers on the consent page from now on: `deny` sends them back with `error=access_denied`. */
  setConsent(answer: 'allow' | 'deny'): void;
  /** Tokens for the shop's owner as if the consent and token exchange had happened (default: every scope the adapter asks for). */
  issueTokens(scopes?: readonly string[]): EtsyTokenResponse;
  /**
   * The credentials the Etsy adapter keeps for this shop once connected (its `ChannelSecret`), minted without the
   * consent round trip: for tests that start from a connected shop.
   */
  connectedSecret(scopes?: readonly string[]): EtsySecret;
  /** Every access token issued so far expires now (the fake answers 401 until one is refreshed). */
  expireAccessTokens(): void;
  /** Every token issued so far stops working, refresh tokens included (as when the owner changes their password). */
  revokeTokens(): void;
  /** A buyer pays for an active listing: a new paid receipt with one transaction, at the listing's price by default. */
  sell(listingId: number | string, sale?: FakeSaleOptions): FakeSale;
  /** The seller refunds `amountCents` (the shop currency's minor unit) of the receipt; its `updated_timestamp` moves. */
  refund(receiptId: number, amountCents: number, reason?: string): void;
}

const ALL_SCOPES = ['listings_r', 'listings_w', 'shops_r', 'transactions_r'];

/** Every token issued so far stops working, as when the owner removes the app's access on Etsy. */
function revokeAll(state: FakeState): void {
  for (const token of state.accessTokens.values()) token.revoked = true;
  for (const token of state.refreshTokens.values()) token.revoked = true;
}
const FAKE_PAGES = /^\/(oauth\/connect|listing\/|images\/|shop\/)/;

export async function startEtsyFake(options: EtsyFakeOptions = {}): Promise<RunningEtsyFake> {
  const now = options.now ?? Date.now;
  const state = fakeState({
    shopId: options.shopId ?? 51_234_567,
    userId: options.userId ?? 81_234_567,
    shopName: options.shopName ?? 'LarderKitchenFake',
    currency: options.currency ?? 'USD',
  });
  state.consent = options.consent ?? 'allow';
  const faults: FakeFaults = { ...noFaults(), ...options.faults };
  const counts = zeroCounts();
  const maxFileBytes = options.maxFileBytes ?? 20 * 1024 * 1024;
  const auth = { apiKey: options.apiKey ?? 'fakeetsykeystring00000000', sharedSecret: options.sharedSecret ?? 'fakesecret00', now, faults, counts };
  const context: FakeContext = { state, auth, requireImageToActivate: options.requireImageToActivate ?? true, maxFileBytes };
  const exempt = (request: FastifyRequest) => (request.method === 'GET' && FAKE_PAGES.test(request.url)) || isControl(request);
  const sell = (listingId: number | string, sale: FakeSaleOptions = {}): FakeSale => recordSale(state, state.listings.get(Number(listingId)), sale, now());
  const refund = (receiptId: number, amountCents: number, reason?: string): void => recordRefund(state, receiptId, amountCents, reason ?? null, now());

  const app = Fastify({ logger: false, bodyLimit: maxFileBytes + 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(String(body)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  installFaults(app, faults, counts, { exempt, errorBody: (_status, message) => ({ error: message }) });
  installBudget(app, {
    perSecond: options.limitPerSecond ?? 150,
    perDay: options.limitPerDay ?? 100_000,
    now,
    exempt,
    announce: true,
    refusal: (message) => ({ error: message }),
    onRefused: () => {
      counts.overBudget += 1;
    },
  });
  installOAuthRoutes(app, state, auth);
  installShopRoutes(app, context);
  installListingRoutes(app, context);
  installFileRoutes(app, context);
  installReceiptRoutes(app, context);
  installControlRoutes(app, {
    sell,
    refund,
    setConsent: (answer) => (state.consent = answer),
    revokeTokens: () => revokeAll(state),
  });
  app.get('/listing/:listing_id/:slug', async (request, reply) => {
    const listing = state.listings.get(Number((request.params as Record<string, string>)['listing_id']));
    if (listing === undefined || listing.deleted || listing.state !== 'active') return reply.code(404).type('text/html').send('<h1>Sorry, this item is unavailable.</h1>');
    const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return reply.type('text/html').send(`<!doctype html><title>${escape(listing.title)}</title><h1>${escape(listing.title)}</h1><p>${escape(listing.description)}</p>`);
  });
  app.get('/images/:listing_id/:image_id', async (request, reply) => {
    const params = request.params as Record<string, string>;
    const image = state.listings.get(Number(params['listing_id']))?.images.find((each) => each.listing_image_id === Number(params['image_id']));
    return image === undefined ? reply.code(404).send({ error: 'Image not found.' }) : reply.type('application/octet-stream').send(Buffer.from(image.bytes));
  });
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Resource not found.' }));

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  state.baseUrl = address;

  const viewOf = (listing: FakeStoredListing): FakeListing => ({
    remoteId: String(listing.listing_id),
    marker: listing.tags.find((tag) => /^larder[0-9a-f]{14}$/.test(tag)) ?? null,
    state: listing.state === 'draft' || listing.state === 'active' ? listing.state : 'inactive',
    title: listing.title,
    description: listing.description,
    priceCents: listing.priceCents,
    currency: state.shop.currency,
    files: listing.files.map((file) => ({ remoteFileId: String(file.listing_file_id), name: file.filename, bytes: file.bytes })),
    imageCount: listing.images.length,
    images: listing.images.map((image) => image.bytes),
    url: listingUrl(state, listing),
  });

  return {
    url: address,
    oauthUrl: `${address}/oauth/connect`,
    apiKey: auth.apiKey,
    sharedSecret: auth.sharedSecret,
    shopId: state.shop.shopId,
    userId: state.shop.userId,
    get shopName() {
      return state.shop.shopName;
    },
    get currency() {
      return state.shop.currency;
    },
    faults,
    counts,
    listings: () => [...state.listings.values()].filter((listing) => !listing.deleted).map(viewOf),
    setShop(shop) {
      if (shop.shopName !== undefined) state.shop.shopName = shop.shopName;
      if (shop.currency !== undefined) state.shop.currency = shop.currency;
    },
    issueTokens: (scopes = ALL_SCOPES) => issueTokens(state, scopes, now()),
    connectedSecret(scopes = ALL_SCOPES) {
      const tokens = issueTokens(state, scopes, now());
      return {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at: now() + tokens.expires_in * 1000,
        shop_id: state.shop.shopId,
        user_id: state.shop.userId,
        currency: state.shop.currency,
      };
    },
    expireAccessTokens() {
      for (const token of state.accessTokens.values()) token.expiresAt = Math.min(token.expiresAt, now());
    },
    setConsent(answer) {
      state.consent = answer;
    },
    revokeTokens: () => revokeAll(state),
    sell,
    refund,
    close: () => app.close(),
  };
}
