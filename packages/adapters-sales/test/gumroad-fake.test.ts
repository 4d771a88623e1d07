/**
 * The Gumroad fake speaks like Gumroad to any client, not only to our adapter: Doorkeeper's bare 401, form bodies
 * with Rails' nested names, refusals as HTTP 200 `success: false`, S3's refusal of a second kind of auth.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startGumroadFake, type RunningGumroadFake } from '../src/gumroad/fake/index.js';

describe('the Gumroad fake', () => {
  let fake: RunningGumroadFake;
  const form = (fields: [string, string][]): URLSearchParams => new URLSearchParams(fields);
  before(async () => {
    fake = await startGumroadFake();
  });
  after(() => fake.close());

  it("answers a missing or wrong token with Doorkeeper's empty 401, and takes the token as a parameter too", async () => {
    for (const init of [{}, { headers: { authorization: 'Bearer nope' } }]) {
      const answer = await fetch(`${fake.url}/v2/user`, init);
      assert.equal(answer.status, 401);
      assert.match(answer.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
      assert.equal(await answer.text(), '');
    }
    const answer = await fetch(`${fake.url}/v2/user?access_token=${fake.accessToken}`);
    assert.deepEqual(await answer.json(), {
      success: true,
      user: {
        name: 'Larder Test Kitchen', bio: null, twitter_handle: null, currency_type: 'usd', id: fake.userId, user_id: fake.userId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12),
        url: 'https://lardertestkitchen.gumroad.com', links: null, profile_url: null, email: 'kitchen@example.com',
      },
    });
  });

  it('creates an unpublished product from a form with nested names, and refuses with HTTP 200', async () => {
    const created = await fetch(`${fake.url}/v2/products`, {
      method: 'POST',
      body: form([['access_token', fake.accessToken], ['name', 'Pickles'], ['price', '300'], ['tags[]', 'jars'], ['tags[]', 'brine']]),
    });
    const body = (await created.json()) as { success: boolean; product: { id: string; tags: string[]; published: boolean; short_url: string; custom_permalink: null } };
    assert.deepEqual([created.status, body.success, body.product.tags, body.product.published, body.product.custom_permalink], [200, true, ['jars', 'brine'], false, null]);
    assert.match(body.product.short_url, /^https:\/\/lardertestkitchen\.gumroad\.com\/l\/[a-z]{5,}$/);

    const missing = await fetch(`${fake.url}/v2/products/${encodeURIComponent('no such id')}/enable`, { method: 'PUT', headers: { authorization: `Bearer ${fake.accessToken}` } });
    assert.deepEqual([missing.status, await missing.json()], [200, { success: false, message: 'The product was not found.' }]);

    const refused = await fetch(`${fake.url}/v2/products/${encodeURIComponent(body.product.id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fake.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'bytes.pdf' }),
    });
    const words = (await refused.json()) as { success: boolean; message: string };
    assert.deepEqual([refused.status, words.success], [200, false]);
    assert.match(words.message, /^'file' is not an accepted parameter on PUT \/v2\/products\/:id\. Upload files with the presign flow/);
  });

  it('pages its products ten at a time, newest first', async () => {
    for (let n = 0; n < 11; n += 1) {
      await fetch(`${fake.url}/v2/products`, { method: 'POST', headers: { authorization: `Bearer ${fake.accessToken}` }, body: form([['name', `Product ${n}`]]) });
    }
    const first = (await (await fetch(`${fake.url}/v2/products`, { headers: { authorization: `Bearer ${fake.accessToken}` } })).json()) as { products: { name: string }[]; next_page_key: string };
    assert.equal(first.products.length, 10);
    assert.equal(first.products[0]?.name, 'Product 10');
    const second = (await (await fetch(`${fake.url}/v2/products?page_key=${encodeURIComponent(first.next_page_key)}`, { headers: { authorization: `Bearer ${fake.accessToken}` } })).json()) as {
      products: { name: string }[];
      next_page_key?: string;
    };
    assert.deepEqual(second.products.map((product) => product.name), ['Product 0', 'Pickles']);
    assert.equal(second.next_page_key, undefined);
  });

  it("keeps an upload's parts apart from the token, and completes only with the parts' ETags", async () => {
    const auth = { authorization: `Bearer ${fake.accessToken}`, 'content-type': 'application/json' };
    const presigned = (await (await fetch(`${fake.url}/v2/files/presign`, { method: 'POST', headers: auth, body: JSON.stringify({ filename: 'a.pdf', file_size: 3 }) })).json()) as {
      upload_id: string;
      key: string;
      parts: { part_number: number; presigned_url: string }[];
    };
    const url = presigned.parts[0]?.presigned_url ?? '';
    const withToken = await fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${fake.accessToken}` }, body: 'abc' });
    assert.deepEqual([withToken.status, /<Code>InvalidArgument<\/Code>/.test(await withToken.text())], [400, true]);
    const stored = await fetch(url, { method: 'PUT', body: 'abc' });
    assert.equal(stored.headers.get('etag'), '"900150983cd24fb0d6963f7d28e17f72"');
    const wrong = await fetch(`${fake.url}/v2/files/complete`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ upload_id: presigned.upload_id, key: presigned.key, parts: [{ part_number: 1, etag: '"0"' }] }),
    });
    assert.equal(wrong.status, 400);
    assert.match(((await wrong.json()) as { error: string }).error, /could not be found/);
  });

  it("answers a throttled request as Rack::Attack does", async () => {
    Object.assign(fake.faults, { tooManyEvery: 1, retryAfterSeconds: 3 });
    try {
      const answer = await fetch(`${fake.url}/v2/user`, { headers: { authorization: `Bearer ${fake.accessToken}` } });
      assert.deepEqual([answer.status, answer.headers.get('retry-after'), await answer.text()], [429, '3', 'Retry later\n']);
    } finally {
      fake.faults.tooManyEvery = 0;
    }
  });
});
