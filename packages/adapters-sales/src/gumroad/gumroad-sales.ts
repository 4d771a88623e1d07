/**
 * Sales on Gumroad: Gumroad posts a ping for each sale and refund to the URLs the account subscribed with
 * `PUT /v2/resource_subscriptions` (`saleNotices: 'push'`), so `salesSince` is only a reconciliation pass over
 * `GET /v2/sales` for pings that never arrived, and `findSale` is how a ping is checked before it is believed.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, RemoteSale, SalesSince } from '@larder/domain';
import type { GumroadClient } from './gumroad-client.js';
import { toRemoteSale } from './gumroad-sale-mapping.js';
import type { GumroadResourceSubscription, GumroadSaleResource } from './gumroad-types.js';

/** Sales and refunds, the two resources the channel subscribes to. */
const SALE_RESOURCES: readonly GumroadSaleResource[] = ['sale', 'refund'];
/** How far back a pass reads: a refund of an older sale is learnt from its ping (or `findSale`) only. */
export const RECONCILE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

const isNotFound = (failure: ChannelFailure): boolean => failure.type === 'ChannelRejected' && failure.code === 'not_found';
const day = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Where a pass stands. The cursor is a query string, one of:
 * - `after=YYYY-MM-DD&started=<ISO>&page_key=<key>`: a pass under way over the sales created on or after `after`
 *   (`GET /v2/sales` pages newest first, so the pass must be finished before a new one starts), begun at `started`;
 * - `since=<ISO>`: the last pass, begun then, is done. The next starts a day before it (`after` is a date, and
 *   Gumroad's day may not be UTC), or RECONCILE_DAYS back if that is earlier.
 * Null, or a cursor this code cannot read: a new pass RECONCILE_DAYS back.
 */
interface Pass {
  readonly after: string;
  readonly started: string;
  readonly pageKey: string | null;
}

export function passOf(cursor: string | null, now: Date): Pass {
  const fresh = (from: number): Pass => ({ after: day(new Date(Math.min(from, now.getTime() - RECONCILE_DAYS * DAY_MS))), started: now.toISOString(), pageKey: null });
  const read = new URLSearchParams(cursor ?? '');
  const after = read.get('after');
  const started = read.get('started');
  const since = Date.parse(read.get('since') ?? '');
  if (after !== null && /^\d{4}-\d{2}-\d{2}$/.test(after) && started !== null && !Number.isNaN(Date.parse(started))) {
    return { after, started, pageKey: read.get('page_key') };
  }
  return fresh(Number.isNaN(since) ? Infinity : since - DAY_MS);
}

export function salesSince(client: GumroadClient, token: string, cursor: string | null, now: Date): ResultAsync<SalesSince, ChannelFailure> {
  const pass = passOf(cursor, now);
  return client.listSales(token, { after: pass.after, pageKey: pass.pageKey }).map((page) => {
    const next = page.next_page_key;
    const cursorAfter = next === null ? new URLSearchParams({ since: pass.started }) : new URLSearchParams({ after: pass.after, started: pass.started, page_key: next });
    return { sales: page.sales.map(toRemoteSale), cursor: cursorAfter.toString(), more: next !== null };
  });
}

/** The sale as Gumroad has it now; null when the account has no such sale ("The sale was not found.", or a 404). */
export const findSale = (client: GumroadClient, token: string, saleId: string): ResultAsync<RemoteSale | null, ChannelFailure> =>
  client
    .getSale(token, saleId)
    .map((sale): RemoteSale | null => toRemoteSale(sale))
    .orElse((failure) => (isNotFound(failure) ? okAsync<RemoteSale | null, ChannelFailure>(null) : errAsync(failure)));

/** Runs `step` for each item, one after another, stopping at the first failure. */
const eachInTurn = <T>(items: readonly T[], step: (item: T) => ResultAsync<unknown, ChannelFailure>): ResultAsync<void, ChannelFailure> =>
  items.reduce<ResultAsync<void, ChannelFailure>>((done, item) => done.andThen(() => step(item).map(() => undefined)), okAsync(undefined));

/** A `sale` and a `refund` subscription to `url`, each made only when this application has none to it yet. */
export const subscribeToSales = (client: GumroadClient, token: string, url: string): ResultAsync<void, ChannelFailure> =>
  eachInTurn(SALE_RESOURCES, (resource) =>
    client
      .listResourceSubscriptions(token, resource)
      .andThen((existing) =>
        existing.some((subscription) => subscription.post_url === url)
          ? okAsync<unknown, ChannelFailure>(undefined)
          : client.createResourceSubscription(token, resource, url),
      ),
  );

/** Deletes each `sale` and `refund` subscription whose URL starts with `urlPrefix`; one already gone counts as deleted. */
export const unsubscribeFromSales = (client: GumroadClient, token: string, urlPrefix: string): ResultAsync<void, ChannelFailure> =>
  eachInTurn(SALE_RESOURCES, (resource) =>
    client.listResourceSubscriptions(token, resource).andThen((existing) =>
      eachInTurn(
        existing.filter((subscription: GumroadResourceSubscription) => subscription.post_url.startsWith(urlPrefix)),
        (subscription) =>
          client.deleteResourceSubscription(token, subscription.id).orElse((failure) => (isNotFound(failure) ? okAsync(undefined) : errAsync(failure))),
      ),
    ),
  );
