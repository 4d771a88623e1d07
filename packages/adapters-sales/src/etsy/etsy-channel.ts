/**
 * Etsy as a `SalesPlatform`: a shop connected through OAuth, and a `SalesChannel` that keeps a product as one digital
 * draft listing, its files and its image, made active or inactive, and whose sales are polled from the shop's
 * receipts (`etsy-sales.ts`). Each method is one attempt (a few calls where Etsy needs them: a price lives in the
 * listing's inventory, a marker is found by paging the shop's listings, a sale's refunds live on its receipt).
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelContext, ChannelFailure, Clock, ListingContent, RemoteListing, SalesChannel, SalesPlatform } from '@larder/domain';
import type { EtsyFailure } from './etsy-answers.js';
import { ETSY_API_URL, etsyClient, type EtsyClient } from './etsy-client.js';
import { ETSY_OAUTH_URL, etsyConnect } from './etsy-connect.js';
import {
  centsOf,
  decimalPrice,
  DEFAULT_TAXONOMY_ID,
  DIGITAL_QUANTITY,
  draftListingFields,
  etsyDescription,
  etsyTags,
  etsyTitle,
  hasTag,
  remoteListingOf,
} from './etsy-listing-mapping.js';
import { etsySales } from './etsy-sales.js';
import { etsySession, type EtsySession } from './etsy-session.js';
import type { EtsyListing, EtsySecret } from './etsy-types.js';

export interface EtsySettings {
  /** Base URL of the API (`ETSY_API_URL`), default `https://api.etsy.com`. */
  readonly apiUrl?: string;
  /** The consent page (`ETSY_OAUTH_URL`), default `https://www.etsy.com/oauth/connect`. */
  readonly oauthUrl?: string;
  /** The app's keystring (`ETSY_API_KEY`). */
  readonly apiKey: string;
  /** The app's shared secret (`ETSY_SHARED_SECRET`), sent in `x-api-key` as `keystring:secret`. */
  readonly sharedSecret: string;
  readonly fetch?: typeof fetch;
  readonly clock?: Clock;
  /** Seller taxonomy node of new listings; see `DEFAULT_TAXONOMY_ID`. */
  readonly taxonomyId?: number;
  readonly timeoutMs?: number;
}

/** The states `getListingsByShop` accepts, the likeliest home of a listing we lost track of first. */
const SEARCHED_STATES = ['draft', 'active', 'inactive', 'sold_out', 'expired'] as const;
const PAGE = 100;

const systemClock: Clock = { now: () => new Date() };

export function etsyPlatform(settings: EtsySettings): SalesPlatform {
  const clock = settings.clock ?? systemClock;
  const clientFor = (onBudget?: ChannelContext['onBudget'], calls?: ChannelContext['calls']): EtsyClient =>
    etsyClient({
      apiUrl: settings.apiUrl ?? ETSY_API_URL,
      apiKey: settings.apiKey,
      sharedSecret: settings.sharedSecret,
      fetch: settings.fetch,
      clock,
      timeoutMs: settings.timeoutMs,
      onBudget,
      calls,
    });
  return {
    id: 'etsy',
    name: 'Etsy',
    // "Rate Limits": the budget is the app key's, shared by every shop the app serves.
    budgetScope: 'app',
    connect: etsyConnect(clientFor(), { oauthUrl: settings.oauthUrl ?? ETSY_OAUTH_URL, apiKey: settings.apiKey }, clock),
    channel(context) {
      const client = clientFor(context.onBudget, context.calls);
      return etsyChannel(client, etsySession(client, context, clock), clock, settings.taxonomyId ?? DEFAULT_TAXONOMY_ID);
    },
  };
}

function etsyChannel(client: EtsyClient, session: EtsySession, clock: Clock, taxonomyId: number): SalesChannel {
  const { authorized } = session;
  const sales = etsySales(client, session, () => clock.now());

  /** A shop sells in its own currency only; a price in another one is refused before anything is created. */
  const sameCurrency = (content: ListingContent): ResultAsync<void, ChannelFailure> => {
    const shopCurrency = session.current()?.currency ?? null;
    if (shopCurrency === null || shopCurrency === content.currency) return okAsync(undefined);
    return errAsync({
      type: 'ChannelRejected',
      code: 'platform_rejected',
      message: `This Etsy shop sells in ${shopCurrency}; the product is priced in ${content.currency}.`,
    });
  };

  /** A listing of this shop (another shop's listing is as good as absent). */
  const ownListing = (remoteId: string) =>
    authorized((token, secret) =>
      client.getListing(token, remoteId).andThen((listing) =>
        listing.shop_id === secret.shop_id
          ? okAsync<EtsyListing, EtsyFailure>(listing)
          : errAsync<EtsyListing, EtsyFailure>({ type: 'ChannelRejected', code: 'not_found', message: `listing ${remoteId} is not in this shop` }),
      ),
    );

  const setState = (remoteId: string, state: 'active' | 'inactive') =>
    authorized((token, secret) => client.updateListing(token, secret.shop_id, remoteId, { state })).map((listing) => remoteListingOf(listing));

  const searchState = (marker: string, state: string, offset: number): ResultAsync<EtsyListing | null, ChannelFailure> =>
    authorized((token, secret) => client.getListingsByShop(token, secret.shop_id, { state, limit: PAGE, offset })).andThen((page) => {
      const found = page.results.find((listing) => hasTag(listing, marker));
      if (found !== undefined) return okAsync(found);
      const next = offset + page.results.length;
      return page.results.length > 0 && next < page.count ? searchState(marker, state, next) : okAsync(null);
    });

  const findIn = (marker: string, states: readonly string[]): ResultAsync<RemoteListing | null, ChannelFailure> => {
    const [state, ...rest] = states;
    if (state === undefined) return okAsync(null);
    return searchState(marker, state, 0).andThen((found) => (found === null ? findIn(marker, rest) : okAsync(remoteListingOf(found, marker))));
  };

  /** Etsy keeps a price in the listing's inventory (updateListing ignores `price` since June 2022). */
  const setPrice = (token: string, listing: EtsyListing, content: ListingContent) =>
    client.updateListingInventory(token, String(listing.listing_id), {
      products: [
        {
          sku: '',
          property_values: [],
          offerings: [
            {
              price: decimalPrice(content.priceCents, content.currency),
              quantity: listing.quantity > 0 ? listing.quantity : DIGITAL_QUANTITY,
              is_enabled: true,
            },
          ],
        },
      ],
      price_on_property: [],
      quantity_on_property: [],
      sku_on_property: [],
    });

  return {
    platform: 'etsy',
    account: () =>
      authorized((token, secret: EtsySecret) => client.getShop(token, secret.shop_id)).map((shop) => ({
        accountName: shop.shop_name,
        currency: shop.currency_code,
      })),
    findListing: (marker) => findIn(marker, SEARCHED_STATES),
    createListing: (content) =>
      sameCurrency(content)
        .andThen(() =>
          authorized((token, secret) => client.createDraftListing(token, secret.shop_id, draftListingFields(content, clock.now(), taxonomyId))),
        )
        .map((listing) => remoteListingOf(listing, content.marker)),
    updateListing: (remoteId, content) =>
      sameCurrency(content)
        .andThen(() =>
          authorized((token, secret) =>
            client.updateListing(token, secret.shop_id, remoteId, {
              title: etsyTitle(content.title),
              description: etsyDescription(content),
              tags: etsyTags(content),
            }),
          ),
        )
        .andThen((listing) =>
          centsOf(listing.price) === content.priceCents
            ? okAsync(listing)
            : authorized((token) => setPrice(token, listing, content)).map(() => listing),
        )
        .map((listing) => remoteListingOf(listing, content.marker)),
    listFiles: (remoteId) =>
      authorized((token, secret) => client.getAllListingFiles(token, secret.shop_id, remoteId)).map((files) =>
        files.results.map((file) => ({ remoteFileId: String(file.listing_file_id), name: file.filename, size: file.size_bytes ?? null })),
      ),
    uploadFile: (remoteId, file) =>
      authorized((token, secret) => client.uploadListingFile(token, secret.shop_id, remoteId, file)).map((uploaded) => ({
        remoteFileId: String(uploaded.listing_file_id),
        name: uploaded.filename,
        size: uploaded.size_bytes ?? file.bytes.byteLength,
      })),
    deleteFile: (remoteId, remoteFileId) =>
      authorized((token, secret) => client.deleteListingFile(token, secret.shop_id, remoteId, remoteFileId)),
    uploadImage: (remoteId, image) =>
      authorized((token, secret) => client.uploadListingImage(token, secret.shop_id, remoteId, image, { rank: 1, overwrite: true })).map(
        () => undefined,
      ),
    activate: (remoteId) => setState(remoteId, 'active'),
    // Etsy moves only published listings to inactive; a draft (or a sold out or expired one) is already not for sale.
    deactivate: (remoteId) =>
      ownListing(remoteId).andThen((listing) => (listing.state === 'active' ? setState(remoteId, 'inactive') : okAsync(remoteListingOf(listing)))),
    saleNotices: 'poll',
    salesSince: (cursor) => sales.salesSince(cursor),
    findSale: (remoteId) => sales.findSale(remoteId),
    // Etsy's webhooks cannot be subscribed to through the API (an app registers its endpoint in Etsy's developer
    // portal, commercial apps only) and tell no refunds: nothing to ask for, and receipts are polled instead.
    subscribeToSales: () => okAsync(undefined),
    unsubscribeFromSales: () => okAsync(undefined),
  };
}
