/**
 * The Etsy fake is honest: spoken to over plain HTTP, it wants what Etsy wants (the key as `keystring:shared_secret`,
 * a bearer token with the scope, forms where Etsy takes forms, multipart for uploads) and refuses what Etsy refuses.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';
import { noFaults } from '../src/shared/fake-faults.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('the Etsy fake', () => {
  let fake: RunningEtsyFake;
  let token = '';
  const year = new Date().getUTCFullYear();

  const api = async (path: string, init: { method?: string; body?: RequestInit['body']; type?: string; key?: string | null; bearer?: string | null } = {}) => {
    const headers: Record<string, string> = {};
    const key = init.key === undefined ? `${fake.apiKey}:${fake.sharedSecret}` : init.key;
    if (key !== null) headers['x-api-key'] = key;
    const bearer = init.bearer === undefined ? token : init.bearer;
    if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
    if (init.type !== undefined) headers['content-type'] = init.type;
    const answer = await fetch(`${fake.url}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, body: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> };
  };
  const listingForm = (fields: Record<string, string> = {}) =>
    new URLSearchParams({
      quantity: '999', title: 'Sunday Suppers', description: 'Recipes.', price: '12.99', who_made: 'i_did',
      when_made: `2020_${year}`, is_supply: 'false', taxonomy_id: '324', type: 'download', tags: 'cookbook,dinner', ...fields,
    });
  const create = (fields: Record<string, string> = {}) =>
    api(`/v3/application/shops/${fake.shopId}/listings`, { method: 'POST', body: listingForm(fields), type: 'application/x-www-form-urlencoded' });
  const upload = (listingId: unknown, field: 'file' | 'image', bytes: Uint8Array, name = 'book.pdf') => {
    const form = new FormData();
    form.append(field, new Blob([bytes]), name);
    if (field === 'image') form.append('rank', '1');
    return api(`/v3/application/shops/${fake.shopId}/listings/${String(listingId)}/${field === 'file' ? 'files' : 'images'}`, { method: 'POST', body: form });
  };
  const patch = (listingId: unknown, fields: Record<string, string>) =>
    api(`/v3/application/shops/${fake.shopId}/listings/${String(listingId)}`, { method: 'PATCH', body: new URLSearchParams(fields), type: 'application/x-www-form-urlencoded' });

  before(async () => {
    fake = await startEtsyFake({ maxFileBytes: 4096 });
    token = fake.issueTokens().access_token;
  });
  afterEach(() => Object.assign(fake.faults, noFaults()));
  after(() => fake.close());

  it('wants the API key as keystring:shared_secret on every API call', async () => {
    assert.equal((await api(`/v3/application/shops/${fake.shopId}`, { key: null })).status, 401);
    const keystringOnly = await api(`/v3/application/shops/${fake.shopId}`, { key: fake.apiKey });
    assert.deepEqual([keystringOnly.status, keystringOnly.body['error']], [403, 'Shared secret is required in x-api-key header.']);
    assert.equal((await api(`/v3/application/shops/${fake.shopId}`, { key: `${fake.apiKey}:wrong` })).status, 403);
    assert.equal((await api(`/v3/application/shops/${fake.shopId}`, { bearer: null })).status, 200);
  });

  it('wants a live bearer token with the scope for scoped operations, and tells budget headers', async () => {
    const none = await api('/v3/application/users/me', { bearer: null });
    assert.deepEqual([none.status, none.body['error']], [401, 'invalid_token']);
    const readOnly = fake.issueTokens(['listings_r']).access_token;
    assert.equal((await api('/v3/application/users/me', { bearer: readOnly })).status, 403);
    const me = await api('/v3/application/users/me');
    assert.deepEqual(me.body, { user_id: fake.userId, shop_id: fake.shopId });
    assert.equal(me.headers.get('x-limit-per-second'), '150');
    assert.match(me.headers.get('x-remaining-today') ?? '', /^\d+$/);
    const other = await api('/v3/application/shops/1/listings?state=draft');
    assert.equal(other.status, 403, "another shop's listings are not this token's to read");
  });

  it("takes a new listing only as a form, with Etsy's rules for title, tags, price and who and when made", async () => {
    const asJson = await api(`/v3/application/shops/${fake.shopId}/listings`, { method: 'POST', body: JSON.stringify(Object.fromEntries(listingForm())), type: 'application/json' });
    assert.equal(asJson.status, 400);
    const refusals: Record<string, string>[] = [
      { title: 'x'.repeat(141) },
      { title: 'Salt & pepper & more' },
      { tags: Array.from({ length: 14 }, (_, i) => `tag${i}`).join(',') },
      { tags: 'cookbook,Cookbook' },
      { tags: 'a-tag-longer-than-twenty' },
      { tags: 'no/slashes' },
      { price: '0' },
      { when_made: '2020_2019' },
      { who_made: 'a_robot' },
      { description: '' },
      { quantity: '1000' },
      { type: 'physical' },
    ];
    for (const fields of refusals) {
      const answer = await create(fields);
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.equal(typeof answer.body['error'], 'string');
    }
    const partial = listingForm();
    partial.delete('is_supply');
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/listings`, { method: 'POST', body: partial, type: 'application/x-www-form-urlencoded' })).status, 400);
    const made = await create({ tags: 'cookbook, dinner ,slow cooking' });
    assert.equal(made.status, 201);
    assert.deepEqual(made.body['tags'], ['cookbook', 'dinner', 'slow cooking']);
    assert.deepEqual(made.body['price'], { amount: 1299, divisor: 100, currency_code: 'USD' });
    assert.equal(made.body['state'], 'draft');
  });

  it('pages listings by state, newest first', async () => {
    await create();
    await create();
    const page = await api(`/v3/application/shops/${fake.shopId}/listings?state=draft&limit=1&offset=1`);
    assert.equal(page.status, 200);
    assert.ok(Number(page.body['count']) >= 2, 'at least the two drafts just made');
    assert.equal((page.body['results'] as unknown[]).length, 1);
    const firstTwo = (await api(`/v3/application/shops/${fake.shopId}/listings?state=draft&limit=2`)).body['results'] as { listing_id: number }[];
    assert.ok((firstTwo[0]?.listing_id ?? 0) > (firstTwo[1]?.listing_id ?? 0), 'newest first');
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/listings?state=removed`)).status, 400);
    assert.equal((await api(`/v3/application/shops/${fake.shopId}/listings?limit=101`)).status, 400);
  });

  it('takes files and images as multipart only, within their limits', async () => {
    const id = (await create()).body['listing_id'];
    const asForm = await api(`/v3/application/shops/${fake.shopId}/listings/${String(id)}/files`, { method: 'POST', body: new URLSearchParams({ name: 'x' }), type: 'application/x-www-form-urlencoded' });
    assert.equal(asForm.status, 400);
    assert.equal((await upload(id, 'file', randomBytes(5000))).status, 400, 'over the size limit');
    const stored = await upload(id, 'file', randomBytes(1000));
    assert.equal(stored.status, 201);
    assert.deepEqual([stored.body['filename'], stored.body['size_bytes'], stored.body['rank']], ['book.pdf', 1000, 1]);
    assert.equal((await upload(id, 'image', randomBytes(100), 'cover.png')).status, 400, 'not an image');
    for (let n = 0; n < 10; n += 1) assert.equal((await upload(id, 'image', PNG, 'cover.png')).status, 201);
    const eleventh = await upload(id, 'image', PNG, 'cover.png');
    assert.equal(eleventh.status, 400);
    assert.match(String(eleventh.body['error']), /only allowed 10 images/);
  });

  it('makes a digital listing physical when its last file is deleted, and will not activate it then', async () => {
    const id = (await create()).body['listing_id'];
    const file = await upload(id, 'file', randomBytes(100));
    assert.equal((await upload(id, 'image', PNG, 'cover.png')).status, 201);
    const path = `/v3/application/shops/${fake.shopId}/listings/${String(id)}/files`;
    assert.equal((await api(`${path}/${String(file.body['listing_file_id'])}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`${path}/${String(file.body['listing_file_id'])}`, { method: 'DELETE' })).status, 404);
    assert.deepEqual((await api(path)).body, { count: 0, results: [] });
    assert.equal((await api(`/v3/application/listings/${String(id)}`)).body['listing_type'], 'physical');
    assert.equal((await patch(id, { state: 'active' })).status, 400);
  });

  it('lets a made-to-order digital listing go live before its file, as Etsy does, but never a draft go inactive', async () => {
    const id = (await create({ when_made: 'made_to_order' })).body['listing_id'];
    assert.equal((await patch(id, { state: 'inactive' })).status, 400);
    assert.match(String((await patch(id, { state: 'active' })).body['error']), /image/);
    await upload(id, 'image', PNG, 'cover.png');
    assert.equal((await patch(id, { state: 'active' })).body['state'], 'active');
  });

  it('changes a price only through the inventory, as JSON', async () => {
    const id = (await create()).body['listing_id'];
    const inventory = `/v3/application/listings/${String(id)}/inventory`;
    const body = { products: [{ sku: '', property_values: [], offerings: [{ price: 15.5, quantity: 999, is_enabled: true }] }], price_on_property: [], quantity_on_property: [], sku_on_property: [] };
    assert.equal((await api(inventory, { method: 'PUT', body: new URLSearchParams({ price: '15.50' }), type: 'application/x-www-form-urlencoded' })).status, 400);
    assert.equal((await api(inventory, { method: 'PUT', body: JSON.stringify(body), type: 'application/json' })).status, 200);
    assert.deepEqual((await api(`/v3/application/listings/${String(id)}`)).body['price'], { amount: 1550, divisor: 100, currency_code: 'USD' });
  });

  it("answers Etsy's OAuth errors, and keeps its consent page out of the faults", async () => {
    fake.faults.serverErrorEvery = 1;
    const consent = await fetch(`${fake.oauthUrl}?response_type=code&client_id=${fake.apiKey}&redirect_uri=https://x.example/cb&scope=listings_r&state=s&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`, { redirect: 'manual' });
    assert.equal(consent.status, 302);
    assert.equal(consent.headers.get('x-limit-per-second'), null);
    fake.faults.serverErrorEvery = 0;
    const token = (fields: Record<string, string>) => fetch(`${fake.url}/v3/public/oauth/token`, { method: 'POST', body: new URLSearchParams({ client_id: fake.apiKey, ...fields }) });
    const badCode = await token({ grant_type: 'authorization_code', code: 'nope', code_verifier: 'v'.repeat(43), redirect_uri: 'https://x.example/cb' });
    assert.deepEqual([badCode.status, ((await badCode.json()) as Record<string, unknown>)['error']], [400, 'invalid_grant']);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: fake.issueTokens().refresh_token });
    const tokens = (await refreshed.json()) as Record<string, unknown>;
    assert.deepEqual([refreshed.status, tokens['token_type'], tokens['expires_in']], [200, 'Bearer', 3600]);
    const wrongClient = await fetch(`${fake.url}/v3/public/oauth/token`, { method: 'POST', body: new URLSearchParams({ client_id: 'other', grant_type: 'refresh_token', refresh_token: String(tokens['refresh_token']) }) });
    assert.equal(wrongClient.status, 401);
  });
});
