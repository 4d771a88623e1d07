/** `/api/profile` and its logo over HTTP, on the in-memory stores (the Mongo adapter runs the same contract suite). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { harness, PASSWORD, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

interface Profile {
  display_name: string;
  website_url: string | null;
  brand_color: string | null;
  social: Record<string, string | null>;
  privacy_policy_url: string | null;
  postal_address: string | null;
  logo: { url: string; variants: { url: string; format: string }[] } | null;
  version: number;
}

const BRAND = {
  display_name: 'Maple & Thyme Kitchen',
  website_url: 'https://mapleandthyme.example',
  brand_color: '#2F6B4F',
  social: { instagram: 'https://www.instagram.com/mapleandthyme' },
  privacy_policy_url: 'https://mapleandthyme.example/privacy',
  postal_address: 'Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ',
};

/** A transparent PNG, as logos come. */
const logoPng = () =>
  sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="160" fill="#2f6b4f"/></svg>') }])
    .png()
    .toBuffer();

describe('the creator profile over HTTP', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('is made on the first read, named after the e-mail, with its ETag; every user has their own', async () => {
    const first = await h.request({ method: 'GET', url: '/api/profile' });
    assert.equal(first.statusCode, 200);
    const profile = first.json<Profile>();
    assert.equal(profile.display_name, 'cook');
    assert.deepEqual([profile.website_url, profile.brand_color, profile.logo], [null, null, null]);
    assert.deepEqual(profile.social, { instagram: null, tiktok: null, pinterest: null, youtube: null, facebook: null });
    assert.equal(first.headers.etag, `"${profile.version}"`);
    await h.addUser('second@example.com');
    const second = (await h.login('second@example.com', PASSWORD)).json<{ token: string }>().token;
    assert.equal((await h.request({ method: 'GET', url: '/api/profile', token: second })).json<Profile>().display_name, 'second');
  });

  it('is replaced whole by a PUT, If-Match honoured', async () => {
    const before = (await h.request({ method: 'GET', url: '/api/profile' })).json<Profile>();
    const put = await h.request({ method: 'PUT', url: '/api/profile', body: BRAND, headers: { 'if-match': `"${before.version}"` } });
    assert.equal(put.statusCode, 200, put.body);
    const profile = put.json<Profile>();
    assert.equal(profile.brand_color, '#2f6b4f');
    assert.equal(profile.social['instagram'], BRAND.social.instagram);
    assert.equal(profile.postal_address, BRAND.postal_address);
    assert.equal(profile.version, before.version + 1);
    assert.equal(put.headers.etag, `"${profile.version}"`);
    assertProblem(await h.request({ method: 'PUT', url: '/api/profile', body: BRAND, headers: { 'if-match': `"${before.version}"` } }), 412, 'precondition_failed');
    const cleared = (await h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'Maple & Thyme Kitchen' } })).json<Profile>();
    assert.deepEqual([cleared.website_url, cleared.privacy_policy_url, cleared.social['instagram']], [null, null, null]);
    await h.request({ method: 'PUT', url: '/api/profile', body: BRAND });
  });

  it('names the field that breaks a rule (400): an http link, a colour word, a long name, an unknown or read-only field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...BRAND, website_url: 'http://mapleandthyme.example' }, '/website_url'],
      [{ ...BRAND, privacy_policy_url: 'mapleandthyme.example/privacy' }, '/privacy_policy_url'],
      [{ ...BRAND, social: { tiktok: 'javascript:alert(1)' } }, '/social/tiktok'],
      [{ ...BRAND, brand_color: 'green' }, '/brand_color'],
      [{ ...BRAND, display_name: 'x'.repeat(101) }, '/display_name'],
      [{ ...BRAND, display_name: '\u200b' }, '/display_name'],
      [{ ...BRAND, version: 9 }, '/version'],
      [{ ...BRAND, favourite: 'soup' }, '/favourite'],
      [{ website_url: BRAND.website_url }, '/display_name'],
    ];
    for (const [body, pointer] of cases) {
      const refused = assertProblem(await h.request({ method: 'PUT', url: '/api/profile', body }), 400, 'validation_failed');
      assert.ok(refused.errors?.some((error) => error.pointer === pointer), `${pointer}: ${JSON.stringify(refused.errors)}`);
    }
    assert.equal((await h.request({ method: 'GET', url: '/api/profile' })).json<Profile>().website_url, BRAND.website_url, 'nothing changed');
  });

  it('takes a logo as photos are taken (transparency kept in WebP), serves it from /media, and removes it', async () => {
    const before = (await h.request({ method: 'GET', url: '/api/profile' })).json<Profile>();
    const put = await h.app.inject({ method: 'PUT', url: '/api/profile/logo', payload: await logoPng(), headers: { authorization: `Bearer ${h.token}`, 'content-type': 'image/png' } });
    assert.equal(put.statusCode, 200, put.body);
    const profile = put.json<Profile>();
    assert.equal(profile.version, before.version + 1);
    assert.equal(profile.display_name, BRAND.display_name, 'the rest stays');
    const webp = profile.logo?.variants.find((variant) => variant.format === 'webp');
    const file = await h.app.inject({ method: 'GET', url: webp?.url ?? '' });
    assert.equal(file.statusCode, 200);
    assert.equal((await sharp(file.rawPayload).metadata()).hasAlpha, true);
    assertProblem(await h.app.inject({ method: 'PUT', url: '/api/profile/logo', payload: '<svg xmlns="http://www.w3.org/2000/svg"/>', headers: { authorization: `Bearer ${h.token}`, 'content-type': 'image/svg+xml' } }), 415, 'unsupported_media_type');
    const removed = await h.request({ method: 'DELETE', url: '/api/profile/logo' });
    assert.equal(removed.json<Profile>().logo, null);
    assert.equal((await h.app.inject({ method: 'GET', url: webp?.url ?? '' })).statusCode, 404, 'its files are gone');
  });
});
