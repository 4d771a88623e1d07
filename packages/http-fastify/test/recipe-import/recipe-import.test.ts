/**
 * `POST /api/recipes/import` end to end: pages and an image served by a loopback server started here. The import's
 * fetcher is the real one; `kitchen.example` resolves (in this test only) to a public-looking address that the
 * fetcher's dial seam sends to the loopback server, so the guard's policy stays "private refused" throughout.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { guardedFetch, httpRecipePageSource, outboundGuard, type Resolver } from '@larder/adapters-outbound';
import sharp from 'sharp';
import { GROUPED_PAGES } from '../../../adapters-outbound/test/fixtures/grouped-pages.js';
import { harness, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

const PUBLIC_LOOKING = '93.184.216.34';
const resolver: Resolver = async (hostname) => {
  if (hostname !== 'kitchen.example') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address: PUBLIC_LOOKING, family: 4 }];
};
const dial = (address: string, family: 4 | 6) => (address === PUBLIC_LOOKING ? { address: '127.0.0.1', family: 4 as const } : { address, family });

const jsonLdPage = (json: string): string => `<html><head><script type="application/ld+json">${json}</script></head><body></body></html>`;
const PIE = '{"@type": "Recipe", "name": "Pie", "recipeIngredient": ["1 egg"]}';
/** Pages no real site serves, each of which once made the import answer 500 or hang. */
const hostilePages: Readonly<Record<string, string>> = {
  'deep-arrays': jsonLdPage(`${'['.repeat(5000)}${PIE}${']'.repeat(5000)}`),
  'deep-graph': jsonLdPage(`${'{"@graph": ['.repeat(5000)}${PIE}${']}'.repeat(5000)}`),
  'deep-fields': jsonLdPage(PIE.replace('["1 egg"]', `["1 egg", ${'['.repeat(5000)}"2 eggs"${']'.repeat(5000)}], "recipeInstructions": ${'{"itemListElement": '.repeat(5000)}"Stir."${'}'.repeat(5000)}`)),
  'deep-html': `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie</h1><p itemprop="recipeIngredient">1 egg</p>${'<b>'.repeat(1_000_000)}</div>`,
  surrogate: jsonLdPage(PIE.replace('"Pie"', '"Pie \\ud800"')),
};

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../adapters-outbound/test/fixtures/recipe-pages/${name}.html`, import.meta.url), 'utf8');

interface ImportedBody {
  id: string;
  title: string;
  source_url: string | null;
  image_url: string | null;
  version: number;
  photo: { url: string; width: number; height: number } | null;
  ingredients: { name: string; section: string | null }[];
  import_warnings: string[];
}

describe('POST /api/recipes/import', () => {
  let server: Server;
  let port = 0;
  let h: Harness;
  let base = '';
  let soupPage = '';

  before(async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (path === '/soup') html(soupPage);
      else if (path === '/old-soup') response.writeHead(301, { location: '/soup' }).end();
      else if (path === '/img/soup.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else if (path === '/tart') html(fixture('jsonld-sections'));
      else if (path === '/flapjacks') html(fixture('microdata'));
      else if (path === '/about') html(fixture('no-recipe'));
      else if (path.startsWith('/hostile/')) html(hostilePages[path.slice('/hostile/'.length)] ?? '');
      else if (path === '/card') html(GROUPED_PAGES.find((page) => page.plugin === 'WP Recipe Maker' && page.grouped)?.html ?? '');
      else if (path === '/feed') response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else if (path === '/sneaky') response.writeHead(302, { location: `http://127.0.0.1:${port}/soup` }).end();
      else if (path === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (path === '/huge') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.on('error', () => undefined);
        const chunk = Buffer.alloc(1024 * 1024, ' ');
        for (let sent = 0; sent < 6; sent += 1) response.write(chunk);
        response.end();
      } else if (path === '/slow') {
        // Headers, then nothing: the import's deadline must end it.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html>');
      } else response.writeHead(404, { 'content-type': 'text/html' }).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://kitchen.example:${port}`;
    soupPage = fixture('jsonld-plain');
    h = await harness({ recipePages: httpRecipePageSource(guardedFetch({ guard: outboundGuard({ allowPrivate: false, resolve: resolver }), dial, timeoutMs: 5000 })) });
  });

  after(async () => {
    await h.app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const importUrl = (url: string, extra: Record<string, unknown> = {}) => h.request({ method: 'POST', url: '/api/recipes/import', body: { url, ...extra } });

  it('creates the recipe from the page (201), its photo through the pipeline; a second import updates it (200)', async () => {
    const first = await importUrl(`${base}/soup`, { status: 'draft' });
    assert.equal(first.statusCode, 201, first.body);
    const created = first.json<ImportedBody & { status: string }>();
    assert.equal(first.headers.location, `/api/recipes/${created.id}`);
    assert.equal(created.title, 'Tomato Soup & Basil');
    assert.equal(created.status, 'draft');
    assert.equal(created.source_url, `${base}/soup`);
    assert.equal(created.image_url, `${base}/img/soup.jpg`);
    assert.deepEqual(created.import_warnings, []);
    assert.notEqual(created.photo, null, 'the page image became the photo');
    assert.deepEqual([created.photo?.width, created.photo?.height], [640, 480]);
    const file = await h.app.inject({ method: 'GET', url: created.photo?.url ?? '' });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/jpeg');

    const again = await importUrl(`${base}/soup`, { status: 'draft' });
    assert.equal(again.statusCode, 200, again.body);
    const same = again.json<ImportedBody>();
    assert.equal(same.id, created.id);
    assert.equal(same.version, created.version, 'nothing changed, so the version stays');
    assert.deepEqual(same.photo, created.photo);

    soupPage = soupPage.replace('Tomato Soup &amp; Basil', 'Roast Tomato Soup');
    const changed = await importUrl(`${base}/soup`);
    assert.equal(changed.statusCode, 200);
    const updated = changed.json<ImportedBody & { status: string }>();
    assert.equal(updated.id, created.id);
    assert.equal(updated.title, 'Roast Tomato Soup');
    assert.equal(updated.status, 'active');
    assert.equal(updated.version, created.version + 1);
    const listed = await h.request({ method: 'GET', url: '/api/recipes?q=tomato' });
    assert.equal(listed.json<{ data: unknown[] }>().data.length, 1, 'one recipe, not two');
  });

  it('keeps the URL as given as source_url when the page redirects', async () => {
    const response = await importUrl(`${base}/old-soup`);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json<ImportedBody>().source_url, `${base}/old-soup`);
  });

  it('keeps ingredient sections, and reads microdata; an image that fails is a warning, not a failure', async () => {
    const tart = await importUrl(`${base}/tart`);
    assert.equal(tart.statusCode, 201, tart.body);
    assert.deepEqual(tart.json<ImportedBody>().ingredients.map((line) => line.section), ['For the crust', 'For the crust', 'For the filling', 'For the filling']);
    const flapjacks = await importUrl(`${base}/flapjacks`);
    assert.equal(flapjacks.statusCode, 201, flapjacks.body);
    const body = flapjacks.json<ImportedBody>();
    assert.equal(body.title, 'Flapjacks');
    assert.equal(body.photo, null);
    assert.equal(body.import_warnings.length, 1);
    assert.match(body.import_warnings[0] ?? '', /photo was not imported .*HTTP status 404/);
  });

  it('keeps the ingredient groups a recipe card prints and its JSON-LD lacks', async () => {
    const response = await importUrl(`${base}/card`);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json<ImportedBody>().ingredients.map((line) => line.section), [...Array<string>(4).fill('For the crust'), ...Array<string>(4).fill('For the filling')]);
  });

  it('never answers 500 for a hostile page: nesting 5,000 levels deep in JSON-LD, 1,000,000 in HTML', async () => {
    assertProblem(await importUrl(`${base}/hostile/deep-arrays`), 422, 'no_recipe_found');
    assertProblem(await importUrl(`${base}/hostile/deep-graph`), 422, 'no_recipe_found');
    const fields = await importUrl(`${base}/hostile/deep-fields`);
    assert.equal(fields.statusCode, 201, fields.body);
    assert.deepEqual(fields.json<ImportedBody>().ingredients.map((line) => line.name), ['egg']);
    assert.ok(fields.json<ImportedBody>().import_warnings.includes('values nested deeper than 32 levels were left out'));
    const html = await importUrl(`${base}/hostile/deep-html`);
    assert.equal(html.statusCode, 201, html.body);
    assert.equal(html.json<ImportedBody>().title, 'Pie');
  });

  it('answers a lone surrogate of a page as it stores it, U+FFFD, in the 201 and after', async () => {
    const response = await importUrl(`${base}/hostile/surrogate`);
    assert.equal(response.statusCode, 201, response.body);
    const created = response.json<ImportedBody>();
    assert.equal(created.title, 'Pie \ufffd');
    assert.ok(created.import_warnings.some((warning) => /U\+FFFD/.test(warning)));
    const read = await h.request({ method: 'GET', url: `/api/recipes/${created.id}` });
    assert.equal(read.json<ImportedBody>().title, created.title);
  });

  it('422 no_recipe_found for a page without a recipe', async () => {
    const response = await importUrl(`${base}/about`);
    assertProblem(response, 422, 'no_recipe_found');
  });

  it('422 fetch_failed saying why: not HTML, HTTP status, a refused address (direct or by redirect)', async () => {
    const notHtml = await importUrl(`${base}/feed`);
    assertProblem(notHtml, 422, 'fetch_failed');
    assert.match(notHtml.json<{ detail: string }>().detail, /not HTML/);
    const missing = await importUrl(`${base}/nothing`);
    assertProblem(missing, 422, 'fetch_failed');
    assert.match(missing.json<{ detail: string }>().detail, /HTTP status 404/);
    for (const url of [`http://127.0.0.1:${port}/soup`, `http://[::1]:${port}/soup`, `http://[::ffff:127.0.0.1]:${port}/soup`, `http://2130706433:${port}/soup`, 'http://10.0.0.1/', 'http://192.168.1.1/', `${base}/sneaky`]) {
      const refused = await importUrl(url);
      assertProblem(refused, 422, 'fetch_failed');
      assert.match(refused.json<{ detail: string }>().detail, /refused/, url);
    }
  });

  it('422 fetch_failed for too many redirects, a page over 5 MiB, and a server too slow (the limit made short here)', async () => {
    const loop = await importUrl(`${base}/loop`);
    assertProblem(loop, 422, 'fetch_failed');
    assert.equal(loop.json<{ detail: string }>().detail, 'The page could not be fetched: too many redirects (more than 5).');
    const huge = await importUrl(`${base}/huge`);
    assertProblem(huge, 422, 'fetch_failed');
    assert.equal(huge.json<{ detail: string }>().detail, 'The page could not be fetched: the answer is over 5 MiB.');
    const quick = await harness({ recipePages: httpRecipePageSource(guardedFetch({ guard: outboundGuard({ allowPrivate: false, resolve: resolver }), dial, timeoutMs: 300 })) });
    try {
      const slow = await quick.request({ method: 'POST', url: '/api/recipes/import', body: { url: `${base}/slow` } });
      assertProblem(slow, 422, 'fetch_failed');
      assert.equal(slow.json<{ detail: string }>().detail, 'The page could not be fetched: timeout after 0.3 s.');
    } finally {
      await quick.app.close();
    }
  });

  it('400 for a URL that is not http(s), or a body with unknown fields', async () => {
    assertProblem(await importUrl('ftp://kitchen.example/soup'), 400, 'validation_failed');
    assertProblem(await importUrl(`${base}/soup`, { title: 'mine' }), 400, 'validation_failed');
  });

  it('reaches loopback when private addresses are allowed (OUTBOUND_ALLOW_PRIVATE=true)', async () => {
    const open = await harness({ recipePages: httpRecipePageSource(guardedFetch({ guard: outboundGuard({ allowPrivate: true }) })) });
    try {
      const response = await open.request({ method: 'POST', url: '/api/recipes/import', body: { url: `http://127.0.0.1:${port}/tart` } });
      assert.equal(response.statusCode, 201, response.body);
    } finally {
      await open.app.close();
    }
  });
});
