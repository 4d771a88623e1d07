/**
 * The fake's sales and resource subscriptions, after `Api::V2::SalesController` (index: ten a page, newest first,
 * `after` / `before` dates, `product_id`, `page_key`; show) and `Api::V2::ResourceSubscriptionsController` (index by
 * `resource_name`, create with `PUT`, destroy). Gumroad refuses a `post_url` that is not public (loopback, private
 * ranges, `localhost`: `ResourceSubscription.valid_post_url?`); the fake takes any http(s) URL, so that tests can
 * listen on loopback.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, paramsOf, refusal, type FakeContext } from './fake-context.js';
import { saleJson } from './fake-sale-json.js';
import { externalId, type StoredSubscription } from './fake-store.js';
import { paramText } from './rails-params.js';

const SALES_PER_PAGE = 10;
/** `ResourceSubscription::VALID_RESOURCE_NAMES`. */
const RESOURCE_NAMES = ['sale', 'cancellation', 'subscription_ended', 'subscription_restarted', 'subscription_updated', 'refund', 'dispute', 'dispute_won'];

/** `Date.strptime(value, "%Y-%m-%d")` as µs since the epoch (UTC), or null when it is not such a date. */
function dayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match === null) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).getUTCDate() === Number(match[3]) ? at * 1000 : null;
}

const validPostUrl = (value: string | null): boolean => {
  try {
    const url = new URL(value ?? '');
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const subscriptionJson = (subscription: StoredSubscription) => ({ id: subscription.id, resource_name: subscription.resourceName, post_url: subscription.postUrl });

export function saleRoutes(app: FastifyInstance, ctx: FakeContext): void {
  const { store } = ctx;

  app.get('/v2/sales', async (request, reply) => {
    const params = paramsOf(request);
    const window: Record<'after' | 'before', number | null> = { after: null, before: null };
    for (const field of ['before', 'after'] as const) {
      const given = paramText(params[field]);
      if (given === null) continue;
      window[field] = dayStart(given);
      if (window[field] === null) return reply.code(400).send(badRequest(`Invalid date format provided in field '${field}'. Dates must be in the format YYYY-MM-DD.`));
    }
    const productId = paramText(params['product_id']);
    let sales = store.salesNewestFirst().filter((sale) => (window.after === null || sale.createdAt >= window.after) && (window.before === null || sale.createdAt < window.before));
    if (productId !== null && productId !== '') sales = sales.filter((sale) => sale.productId === productId);
    const pageKey = paramText(params['page_key']);
    if (pageKey !== null && pageKey !== '') {
      const last = /^(\d+)-\d+$/.exec(pageKey)?.[1];
      if (last === undefined) return reply.code(400).send(badRequest('Invalid page_key.'));
      sales = sales.filter((sale) => sale.createdAt < Number(last));
    }
    const page = sales.slice(0, SALES_PER_PAGE);
    const last = page[page.length - 1];
    const nextKey = sales.length > SALES_PER_PAGE && last !== undefined ? `${last.createdAt}-${store.sales.indexOf(last) + 1}` : null;
    // `next_page_url`: the request's own query, without the token and the old page.
    const kept = Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !['access_token', 'page', 'page_key'].includes(entry[0]));
    const query = new URLSearchParams(kept);
    if (nextKey !== null) query.set('page_key', nextKey);
    return {
      success: true,
      sales: page.map((sale) => saleJson(store, sale)),
      ...(nextKey === null ? {} : { next_page_key: nextKey, next_page_url: `/v2/sales?${query.toString()}` }),
    };
  });

  app.get('/v2/sales/:id', async (request) => {
    const { id } = request.params as { id?: string };
    const sale = store.sales.find((candidate) => candidate.id === id);
    return sale === undefined ? refusal('The sale was not found.') : { success: true, sale: saleJson(store, sale) };
  });

  app.get('/v2/resource_subscriptions', async (request) => {
    const resourceName = paramText(paramsOf(request)['resource_name']) ?? '';
    if (!RESOURCE_NAMES.includes(resourceName)) return refusal('Valid resource_name parameter required');
    // One OAuth application in the fake: `current_oauth_application_only` changes nothing.
    const alive = store.subscriptions.filter((subscription) => !subscription.deleted && subscription.resourceName === resourceName);
    return { success: true, resource_subscriptions: alive.map(subscriptionJson) };
  });

  app.put('/v2/resource_subscriptions', async (request) => {
    const params = paramsOf(request);
    const resourceName = paramText(params['resource_name']) ?? '';
    const postUrl = paramText(params['post_url']);
    if (!validPostUrl(postUrl)) return refusal(`Invalid post URL '${postUrl ?? ''}'`);
    // Gumroad names the missing subscription instead of the resource here (`error_with_subscription_resource(nil)`).
    if (!RESOURCE_NAMES.includes(resourceName)) return refusal("Unable to subscribe to ''.");
    const subscription: StoredSubscription = { id: externalId(), resourceName, postUrl: postUrl ?? '', deleted: false };
    store.subscriptions.push(subscription);
    return { success: true, resource_subscription: subscriptionJson(subscription) };
  });

  app.delete('/v2/resource_subscriptions/:id', async (request) => {
    const { id } = request.params as { id?: string };
    const subscription = store.subscriptions.find((candidate) => candidate.id === id && !candidate.deleted);
    if (subscription === undefined) return refusal('The resource_subscription was not found.');
    subscription.deleted = true;
    return { success: true, message: 'The resource_subscription was deleted successfully.' };
  });
}
