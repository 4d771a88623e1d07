/**
 * Gumroad as a `SalesPlatform`: the creator pastes an access token (from an OAuth application of their own, with the
 * `edit_products` scope, and `view_sales` for sales and their pings), checked with `GET /v2/user` before it is kept. Gumroad's tokens do not expire
 * (`access_token_expires_in nil`) and are not refreshed: a 401 means the token was revoked, and the connection needs
 * a new one. Each method is one honest attempt; several requests make one attempt where Gumroad needs them (a file
 * is presign, parts, complete, attach), and a failure part-way is reported as it is.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, ChannelContext, Clock, ConnectedAccount, RemoteListing, SalesChannel, SalesPlatform } from '@larder/domain';
import { gumroadClient, type GumroadClient, type GumroadClientSettings } from './gumroad-client.js';
import { replaceCover } from './gumroad-cover.js';
import { deleteProductFile, listProductFiles, storedUploads, uploadProductFile, type StoredUploads } from './gumroad-files.js';
import { carriesMarker, createProductBody, toAccount, toRemoteListing, updateProductBody } from './gumroad-listing.js';
import { findSale, salesSince, subscribeToSales, unsubscribeFromSales } from './gumroad-sales.js';

export interface GumroadSettings extends GumroadClientSettings {
  /** What "now" is for `salesSince` (how far back a pass reads); default the system clock. */
  readonly clock?: Clock;
}

const systemClock: Clock = { now: () => new Date() };

/** `GET /v2/products` gives ten products a page; a seller with more than this many has bigger problems than ours. */
const MAX_PRODUCT_PAGES = 500;

const noToken = (): ChannelFailure => ({ type: 'ChannelUnauthorized', message: 'No Gumroad access token is kept for this connection' });

function verify(client: GumroadClient, accessToken: string): ResultAsync<ConnectedAccount, ChannelFailure> {
  const token = accessToken.trim();
  if (token === '') return errAsync(noToken());
  return client.getUser(token).map((user) => ({ accountId: user.id, account: toAccount(user), secret: { access_token: token } }));
}

function findByMarker(client: GumroadClient, token: string, marker: string, pageKey: string | null, page: number): ResultAsync<RemoteListing | null, ChannelFailure> {
  return client.listProducts(token, pageKey).andThen((found) => {
    const product = found.products.find((candidate) => carriesMarker(candidate, marker));
    if (product !== undefined) return okAsync<RemoteListing | null, ChannelFailure>(toRemoteListing(product));
    if (found.next_page_key === null || page >= MAX_PRODUCT_PAGES) return okAsync<RemoteListing | null, ChannelFailure>(null);
    return findByMarker(client, token, marker, found.next_page_key, page + 1);
  });
}

function gumroadChannel(client: GumroadClient, context: ChannelContext, clock: Clock, stored: StoredUploads): SalesChannel {
  const kept = context.secret['access_token'];
  const token = typeof kept === 'string' && kept !== '' ? kept : null;
  /** Runs `work` with the token, or says there is none. */
  const withToken = <T>(work: (token: string) => ResultAsync<T, ChannelFailure>): ResultAsync<T, ChannelFailure> =>
    token === null ? errAsync(noToken()) : work(token);

  return {
    platform: 'gumroad',
    account: () => withToken((t) => client.getUser(t).map(toAccount)),
    findListing: (marker) => withToken((t) => findByMarker(client, t, marker, null, 1)),
    // Gumroad creates every product as an unpublished draft (`draft = true`, `purchase_disabled_at` set).
    createListing: (content) => withToken((t) => client.createProduct(t, createProductBody(content)).map((product) => toRemoteListing(product, 'draft'))),
    updateListing: (remoteId, content) => withToken((t) => client.updateProduct(t, remoteId, updateProductBody(content)).map((product) => toRemoteListing(product))),
    listFiles: (remoteId) => withToken((t) => listProductFiles(client, t, remoteId)),
    uploadFile: (remoteId, file) => withToken((t) => uploadProductFile(client, t, remoteId, file, stored)),
    deleteFile: (remoteId, remoteFileId) => withToken((t) => deleteProductFile(client, t, remoteId, remoteFileId)),
    uploadImage: (remoteId, image) => withToken((t) => replaceCover(client, t, remoteId, image)),
    activate: (remoteId) => withToken((t) => client.enableProduct(t, remoteId).map((product) => toRemoteListing(product))),
    deactivate: (remoteId) => withToken((t) => client.disableProduct(t, remoteId).map((product) => toRemoteListing(product))),
    // Gumroad pings each sale and refund to the subscribed URLs; `salesSince` is the reconciliation pass.
    saleNotices: 'push',
    salesSince: (cursor) => withToken((t) => salesSince(client, t, cursor, clock.now())),
    findSale: (remoteId) => withToken((t) => findSale(client, t, remoteId)),
    subscribeToSales: (url) => withToken((t) => subscribeToSales(client, t, url)),
    unsubscribeFromSales: (urlPrefix) => withToken((t) => unsubscribeFromSales(client, t, urlPrefix)),
  };
}

/** Gumroad API v2 under `settings.apiUrl` (default `https://api.gumroad.com`). */
export function gumroadPlatform(settings: GumroadSettings = {}): SalesPlatform {
  const client = gumroadClient(settings);
  // Shared by the platform's channels: the next attempt's channel attaches what an earlier one stored.
  const stored = storedUploads();
  return {
    id: 'gumroad',
    name: 'Gumroad',
    // Rack::Attack counts each token's requests: every account has its own budget.
    budgetScope: 'account',
    connect: { kind: 'token', verify: (accessToken) => verify(client, accessToken) },
    // A channel's requests are made through its context's gate (its account's budget); `verify` asks at once.
    channel: (context) => gumroadChannel(context.calls === undefined ? client : gumroadClient({ ...settings, calls: context.calls }), context, settings.clock ?? systemClock, stored),
  };
}
