/**
 * Bodies and queries built to break a parser or poison an object: undecodable bytes, wrong media types, sizes at and
 * past the limit, deep nesting, prototype keys, regular-expression text. Each gets the contract's 4xx problem, never
 * a 5xx, and nothing is stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { harness, type Harness } from '../support/harness.js';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { assertProblem } from '../support/problems.js';

const MIB = 1024 * 1024;

describe('hostile bodies and queries', () => {
  let h: Harness;
  let recipeId: string;
  let productId: string;
  before(async () => {
    h = await harness({ config: { rateLimit: { max: 100_000, windowMs: 60_000 }, loginRateLimit: { max: 100_000, windowMs: 60_000 } } });
    recipeId = (await createRecipe(h, { title: 'Tomato soup', email_ready: true })).id;
    productId = (await createEbook(h, [recipeId])).id;
  });
  after(() => h.app.close());

  const raw = (payload: string | Buffer, contentType: string | undefined, url = '/api/recipes', method: 'POST' | 'PATCH' = 'POST') =>
    h.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${h.token}`, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    });
  const recipeCount = () => h.recipes.all().length;

  it('refuses bytes that are not UTF-8 as invalid JSON instead of storing replacement characters', async () => {
    const before = recipeCount();
    const bodies = [
      [0xff, 0xfe], // never valid in UTF-8
      [0xc3], // a sequence cut short
      [0xc0, 0xaf], // an overlong '/'
      [0xed, 0xa0, 0x80], // an encoded surrogate
    ].map((bytes) => Buffer.concat([Buffer.from('{"title":"caf'), Buffer.from(bytes), Buffer.from('"}')]));
    for (const body of bodies) assertProblem(await raw(body, 'application/json'), 400, 'invalid_json');
    assert.equal(recipeCount(), before, 'nothing stored');
    const accented = await raw(Buffer.from('{"title":"Café crème"}', 'utf8'), 'application/json');
    assert.equal(accented.statusCode, 201, 'real UTF-8 is fine');
    assert.equal(accented.json<{ title: string }>().title, 'Café crème');
  });

  it('answers 415 to every media type but JSON in UTF-8', async () => {
    const body = JSON.stringify({ title: 'Soup' });
    const refused: [string | undefined, string | Buffer][] = [
      ['text/plain', body],
      ['text/plain; charset=utf-8', body],
      ['application/x-www-form-urlencoded', 'title=Soup'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nSoup\r\n--x--\r\n'],
      [undefined, body],
      ['application/json; charset=latin1', Buffer.from('{"title":"Caf\u00e9"}', 'latin1')],
      ['application/json; charset=utf-16', Buffer.from(body, 'utf16le')],
      ['application/xml', '<recipe><title>Soup</title></recipe>'],
    ];
    const before = recipeCount();
    for (const [contentType, payload] of refused) {
      const response = await raw(payload, contentType);
      assertProblem(response, 415, 'unsupported_media_type');
    }
    assert.equal(recipeCount(), before, 'nothing stored');
    for (const contentType of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'Application/JSON']) {
      assert.equal((await raw(body, contentType)).statusCode, 201, contentType);
    }
  });

  it('refuses huge strings and arrays: 400 within 1 MiB, 413 beyond it', async () => {
    const within: unknown[] = [
      { title: 't'.repeat(MIB - 100) },
      { title: 'Soup', notes: 'n'.repeat(MIB - 100) },
      { title: 'Soup', dietary_tags: Array.from({ length: 100_000 }, () => 'v') },
      { title: 'Soup', ingredients: Array.from({ length: 50_000 }, () => '1 egg') },
    ];
    for (const body of within) {
      const text = JSON.stringify(body);
      assert.ok(Buffer.byteLength(text) < MIB);
      assertProblem(await raw(text, 'application/json'), 400, 'validation_failed');
    }
    const beyond = [JSON.stringify({ title: 't'.repeat(MIB) }), JSON.stringify({ title: 'Soup', dietary_tags: Array.from({ length: 300_000 }, () => 'veg') })];
    for (const text of beyond) assertProblem(await raw(text, 'application/json'), 413, 'payload_too_large');
    const batch = JSON.stringify({ type: 'ebook', title: 'Big', recipe_ids: Array.from({ length: 100_000 }, (_, index) => `r${index}`) });
    assertProblem(await raw(batch, 'application/json', '/api/products'), 400, 'validation_failed');
  });

  it('survives 10,000 levels of nesting in every body', async () => {
    const deep = (open: string, close: string, inner = '1') => `${open.repeat(10_000)}${inner}${close.repeat(10_000)}`;
    const bodies: [string, number, string][] = [
      ['['.repeat(10_000), 400, 'invalid_json'],
      [deep('[', ']'), 400, 'validation_failed'],
      [deep('{"a":', '}'), 400, 'validation_failed'],
      [`{"title":"Soup","ingredients":${deep('[', ']')}}`, 400, 'validation_failed'],
      [`{"title":"Soup","ingredients":[${deep('{"name":', '}', '"x"')}]}`, 400, 'validation_failed'],
    ];
    const urls = ['/api/recipes', '/api/products', '/api/auth/login', `/api/products/${productId}/publish`, `/api/products/${productId}/lead-magnet`];
    for (const url of urls) {
      for (const [body, status, code] of bodies) assertProblem(await raw(body, 'application/json', url), status, code);
    }
    for (const [body, status, code] of bodies) assertProblem(await raw(body, 'application/json', `/api/recipes/${recipeId}`, 'PATCH'), status, code);
  });

  it('refuses prototype keys in bodies (400, naming the problem) and leaves Object.prototype alone', async () => {
    const bodies = [
      '{"title":"Soup","__proto__":{"polluted":"yes"}}',
      '{"title":"Soup","constructor":{"prototype":{"polluted":"yes"}}}',
      '{"title":"Soup","prototype":{"polluted":"yes"}}',
      '{"title":"Soup","ingredients":[{"name":"salt","__proto__":{"polluted":"yes"}}]}',
      `{"title":"Soup","notes":"x",${'"__proto__":{"isAdmin":true},'.repeat(3)}"servings":2}`,
    ];
    const targets: [string, 'POST' | 'PATCH'][] = [
      ['/api/recipes', 'POST'],
      [`/api/recipes/${recipeId}`, 'PATCH'],
      ['/api/products', 'POST'],
      ['/api/auth/login', 'POST'],
      [`/api/products/${productId}/lead-magnet`, 'POST'],
    ];
    const before = recipeCount();
    for (const [url, method] of targets) {
      for (const body of bodies) assertProblem(await raw(body, 'application/json', url, method), 400, 'validation_failed');
    }
    assert.equal(recipeCount(), before, 'nothing stored');
    assertUnpolluted();
  });

  it('refuses prototype keys and bracket syntax in query strings', async () => {
    const queries = [
      '__proto__[polluted]=yes',
      '__proto__.polluted=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__=yes',
      'prototype=yes',
      'q[__proto__]=yes',
    ];
    for (const query of queries) {
      for (const path of ['/api/recipes', '/api/products', `/api/recipes/${recipeId}`]) {
        const response = await h.request({ method: 'GET', url: `${path}?${query}` });
        assertProblem(response, 400, 'validation_failed');
      }
    }
    assertUnpolluted();
  });

  it('treats regular-expression text in q as plain words', async () => {
    const search = async (q: string): Promise<LightMyRequestResponse> => h.request({ method: 'GET', url: `/api/recipes?q=${encodeURIComponent(q)}` });
    for (const q of ['.*', '(a+)+$', '[', '\\', '^$|*', '(?=x)', 'soup.*', '$where', '{"$gt":""}', '\u0000', '%', '*?+']) {
      const response = await search(q);
      assert.equal(response.statusCode, 200, `${q}: ${response.body}`);
    }
    const titles = (await search('soup.*')).json<{ data: { title: string }[] }>().data.map((recipe) => recipe.title);
    assert.ok(titles.length > 0 && titles.every((title) => /soup/i.test(title)), `soup.* is the word soup: ${titles.join(', ')}`);
    assert.deepEqual((await search('.*x')).json<{ data: unknown[] }>().data, [], '".*x" is the word x, which nothing has');
  });

  it('answers a 10,000-character word in q with 400, and a long word within the limit with no match', async () => {
    assertProblem(await h.request({ method: 'GET', url: `/api/recipes?q=${'a'.repeat(10_000)}` }), 400, 'validation_failed');
    const long = await h.request({ method: 'GET', url: `/api/recipes?q=${'soup'.repeat(50)}` });
    assert.equal(long.statusCode, 200);
  });
});

function assertUnpolluted(): void {
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), OBJECT_PROTOTYPE_KEYS);
  const probe: Record<string, unknown> = {};
  assert.equal(probe['polluted'], undefined);
  assert.equal(probe['isAdmin'], undefined);
}

const OBJECT_PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
