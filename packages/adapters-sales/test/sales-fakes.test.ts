/**
 * The fakes' sale routes are honest, spoken to over plain HTTP: they take what the platform takes (Gumroad's forms
 * and dates, Etsy's receipt filters and scopes) and refuse what it refuses, in its words; and the demo's hand
 * controls (`/__fake/sales`, `/__fake/refunds`) need no token and never misbehave.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';

const json = async (answer: Response) => ({ status: answer.status, body: (await answer.json()) as Record<string, unknown> });

describe("the Gumroad fake's sales and resource subscriptions", () => {
  let fake: RunningGumroadFake;
  let productId = '';
  const get = (path: string) => fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${fake.accessToken}` } }).then(json);
  before(async () => {
    fake = await startGumroadFake({ pings: { retryDelaysMs: [] } });
    const created = await fetch(`${fake.url}/v2/products`, { method: 'POST', body: new URLSearchParams({ access_token: fake.accessToken, name: 'Jam', price: '500' }) }).then(json);
    productId = String((created.body['product'] as Record<string, unknown>)['id']);
    await fetch(`${fake.url}/v2/products/${encodeURIComponent(productId)}/enable`, { method: 'PUT', headers: { authorization: `Bearer ${fake.accessToken}` } });
  });
  after(() => fake.close());

  it("refuses a date that is not YYYY-MM-DD and a page_key it did not give, with Gumroad's 400", async () => {
    assert.deepEqual(await get('/v2/sales?after=2024-02-30'), {
      status: 400,
      body: { status: 400, error: "Invalid date format provided in field 'after'. Dates must be in the format YYYY-MM-DD." },
    });
    assert.deepEqual(await get('/v2/sales?page_key=nonsense'), { status: 400, body: { status: 400, error: 'Invalid page_key.' } });
  });

  it('keeps subscriptions made with a form, lists them by resource, and deletes them once', async () => {
    assert.deepEqual((await get('/v2/resource_subscriptions')).body, { success: false, message: 'Valid resource_name parameter required' });
    const made = await fetch(`${fake.url}/v2/resource_subscriptions`, {
      method: 'PUT',
      body: new URLSearchParams({ access_token: fake.accessToken, resource_name: 'refund', post_url: 'https://larder.example/hooks/r' }),
    }).then(json);
    const subscription = made.body['resource_subscription'] as Record<string, unknown>;
    assert.deepEqual([made.status, subscription['resource_name'], subscription['post_url']], [200, 'refund', 'https://larder.example/hooks/r']);
    assert.deepEqual((await get('/v2/resource_subscriptions?resource_name=refund')).body['resource_subscriptions'], [subscription]);
    assert.deepEqual((await get('/v2/resource_subscriptions?resource_name=sale')).body['resource_subscriptions'], []);
    const remove = () => fetch(`${fake.url}/v2/resource_subscriptions/${encodeURIComponent(String(subscription['id']))}`, { method: 'DELETE', headers: { authorization: `Bearer ${fake.accessToken}` } }).then(json);
    assert.deepEqual((await remove()).body, { success: true, message: 'The resource_subscription was deleted successfully.' });
    assert.deepEqual((await remove()).body, { success: false, message: 'The resource_subscription was not found.' });
  });

  it('makes a sale by hand without a token, even while every API request fails', async () => {
    Object.assign(fake.faults, { serverErrorEvery: 1 });
    try {
      const sold = await fetch(`${fake.url}/__fake/sales`, { method: 'POST', body: new URLSearchParams({ product_id: productId }) }).then(json);
      assert.equal(sold.status, 201);
      const refunded = await fetch(`${fake.url}/__fake/refunds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sale_id: sold.body['sale_id'], amount_cents: 200 }) }).then(json);
      assert.equal(refunded.status, 200);
      assert.equal((await fetch(`${fake.url}/__fake/sales`, { method: 'POST', body: new URLSearchParams({ product_id: 'nope' }) })).status, 400);
      Object.assign(fake.faults, noFaults());
      const sale = (await get(`/v2/sales/${encodeURIComponent(String(sold.body['sale_id']))}`)).body['sale'] as Record<string, unknown>;
      assert.deepEqual([sale['price'], sale['partially_refunded'], sale['amount_refundable_in_currency']], [500, true, '3']);
    } finally {
      Object.assign(fake.faults, noFaults());
    }
  });
});

describe("the Etsy fake's receipts", () => {
  let fake: RunningEtsyFake;
  let token = '';
  let listingId = 0;
  const api = (path: string, bearer = token) =>
    fetch(`${fake.url}${path}`, { headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${bearer}` } });
  const receipts = (query: string) => api(`/v3/application/shops/${fake.shopId}/receipts?${query}`).then(json);
  before(async () => {
    fake = await startEtsyFake({ requireImageToActivate: false });
    token = fake.issueTokens().access_token;
    const form = new URLSearchParams({ quantity: '999', title: 'Jam', description: 'Jam.', price: '5.00', who_made: 'i_did', when_made: 'made_to_order', is_supply: 'false', taxonomy_id: '1', type: 'download' });
    const listing = await fetch(`${fake.url}/v3/application/shops/${fake.shopId}/listings`, {
      method: 'POST',
      headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    }).then(json);
    listingId = Number(listing.body['listing_id']);
    assert.throws(() => fake.sell(listingId), /only an active listing/);
    await fetch(`${fake.url}/v3/application/shops/${fake.shopId}/listings/${listingId}`, {
      method: 'PATCH',
      headers: { 'x-api-key': `${fake.apiKey}:${fake.sharedSecret}`, authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: 'active' }),
    });
  });
  after(() => fake.close());

  it("takes getShopReceipts' filters and refuses values out of bounds", async () => {
    fake.sell(listingId);
    fake.sell(listingId, { quantity: 2 });
    const page = await receipts('limit=1&sort_on=receipt_id&sort_order=asc');
    assert.deepEqual([page.status, page.body['count'], (page.body['results'] as unknown[]).length], [200, 2, 1]);
    assert.equal((await receipts('was_paid=false')).body['count'], 0);
    assert.equal((await receipts(`min_last_modified=${Math.floor(Date.now() / 1000) + 3600}`)).body['count'], 0);
    for (const bad of ['limit=101', 'limit=0', 'offset=-1', 'sort_on=price', 'sort_order=sideways', 'min_created=12', 'was_paid=maybe']) {
      assert.equal((await receipts(bad)).status, 400, bad);
    }
  });

  it('wants the transactions_r scope and this shop, and tells its budget', async () => {
    const listingsOnly = fake.issueTokens(['listings_r']).access_token;
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/receipts`, listingsOnly)).status, 403);
    assert.equal((await api('/v3/application/shops/1/receipts')).status, 403);
    const answer = await api(`/v3/application/shops/${fake.shopId}/receipts`);
    assert.match(answer.headers.get('x-remaining-this-second') ?? '', /^\d+$/);
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/receipts/123`).then(json)).status, 404);
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/transactions/123`).then(json)).status, 404);
  });

  it('makes a sale and a refund by hand without a token', async () => {
    const sold = await fetch(`${fake.url}/__fake/sales`, { method: 'POST', body: new URLSearchParams({ listing_id: String(listingId), quantity: '3' }) }).then(json);
    assert.equal(sold.status, 201);
    const refunded = await fetch(`${fake.url}/__fake/refunds`, { method: 'POST', body: new URLSearchParams({ receipt_id: String(sold.body['receipt_id']), amount_cents: '250' }) });
    assert.equal(refunded.status, 200);
    const receipt = (await api(`/v3/application/shops/${fake.shopId}/receipts/${String(sold.body['receipt_id'])}`).then(json)).body;
    assert.deepEqual([receipt['grandtotal'], (receipt['refunds'] as { amount: unknown }[])[0]?.amount], [
      { amount: 1500, divisor: 100, currency_code: 'USD' },
      { amount: 250, divisor: 100, currency_code: 'USD' },
    ]);
    assert.equal((await fetch(`${fake.url}/__fake/refunds`, { method: 'POST', body: new URLSearchParams({ receipt_id: String(sold.body['receipt_id']), amount_cents: '5000' }) })).status, 400);
  });
});
