/**
 * The built studio served by the service (a small stand-in for packages/web/dist in test/fixtures/studio): its page
 * at `/` and at client-side routes, never in place of the service's own 404s; its files cached as they should be,
 * compressed when the client accepts it, and nothing outside them reachable.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { harness, type Harness } from './support/harness.js';
import { exchange, send } from './wire/raw-client.js';

const STUDIO_DIR = fileURLToPath(new URL('./fixtures/studio/', import.meta.url));
const PAGE = readFileSync(new URL('index.html', `file://${STUDIO_DIR}`), 'utf8');
const SCRIPT = readFileSync(new URL('assets/app-abc123.js', `file://${STUDIO_DIR}`));
/** What Chrome sends when it navigates. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const STUDIO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src blob:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function assertPage(response: LightMyRequestResponse, what: string): void {
  assert.equal(response.statusCode, 200, what);
  assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8$/, what);
  assert.equal(response.body, PAGE, what);
  assert.equal(response.headers['cache-control'], 'no-cache', what);
  assert.equal(response.headers['content-security-policy'], STUDIO_CSP, what);
  assert.match(String(response.headers.etag), /^W\/"[\w-]+"$/, what);
  // The other security headers are the API's.
  assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(response.headers['referrer-policy'], 'no-referrer', what);
  assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', what);
}

function assertNotFoundProblem(response: LightMyRequestResponse, what: string): void {
  assert.equal(response.statusCode, 404, what);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/, what);
  assert.equal(response.json<{ code: string }>().code, 'not_found', what);
  assert.doesNotMatch(response.body, /<!doctype|Larder studio/i, what);
}

describe('the studio, served', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ studio: { dir: STUDIO_DIR } });
  });
  after(() => h.app.close());

  it('answers / with its page: no-cache, its own CSP (scripts from itself only, no framing), an ETag that gives 304s', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } });
    assertPage(page, '/');
    assert.doesNotMatch(STUDIO_CSP, /unsafe-inline|unsafe-eval/);
    const again = await h.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(page.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, page.headers.etag);
    assert.equal((await h.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': 'W/"something-else"' } })).statusCode, 200);
  });

  it('answers client-side routes that ask for HTML with the same page, HEAD included', async () => {
    for (const url of ['/recipes', '/recipes/abc', '/products/x', '/sales', '/audience', '/settings', '/settings?tab=keys', '/apiary', '/docsy/x', '/lemon']) {
      const response = await h.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      assertPage(response, url);
      assert.match(String(response.headers.vary), /\bAccept\b/, url);
    }
    const head = await h.app.inject({ method: 'HEAD', url: '/recipes/abc', headers: { accept: 'text/html' } });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-security-policy'], STUDIO_CSP);
  });

  it('keeps the 404 problem for unknown routes that do not ask for HTML, and for other methods', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'text/html;q=0, */*']) {
      const response = await h.app.inject({ method: 'GET', url: '/recipes/abc', headers: accept === undefined ? {} : { accept } });
      assertNotFoundProblem(response, `Accept: ${accept ?? 'none'}`);
    }
    assertNotFoundProblem(await h.app.inject({ method: 'POST', url: '/recipes/abc', headers: { accept: BROWSER_ACCEPT } }), 'POST');
    assertNotFoundProblem(await h.app.inject({ method: 'DELETE', url: '/settings', headers: { accept: BROWSER_ACCEPT } }), 'DELETE');
  });

  it('never answers the page under the service’s own paths, even to a browser', async () => {
    // The same request elsewhere gets the page.
    assertPage(await h.app.inject({ method: 'GET', url: '/apis/nope', headers: { accept: BROWSER_ACCEPT } }), '/apis/nope');
    for (const url of [
      '/api', '/api/nope', '/api/recipes/abc/nope', '/public/nope', '/public/confirm', '/media/x', '/hooks/x', '/hooks/gumroad', '/docs/nope',
      '/openapi.json/x', '/healthz/x', '/readyz/x', '/assets', '/assets/', '/assets/nope.js', '/%61pi/nope', '/API/nope', '/Docs/x',
    ]) {
      assertNotFoundProblem(await h.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } }), url);
    }
    // A lead magnet page's own 404 is a page for readers, not the studio's.
    for (const url of ['/l/nope', '/l/nope/x/y']) {
      const response = await h.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      assert.equal(response.statusCode, 404, url);
      assert.notEqual(response.body, PAGE, url);
      assert.notEqual(response.headers['content-security-policy'], STUDIO_CSP, url);
    }
  });

  it('serves the fingerprinted files as immutable for a year, compressed with brotli or gzip when accepted', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /Accept-Encoding/);
    assert.deepEqual(plain.rawPayload, SCRIPT);

    const br = await h.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.rawPayload.length < SCRIPT.length);
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.deepEqual(brotliDecompressSync(br.rawPayload), SCRIPT);

    const gzip = await h.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.rawPayload), SCRIPT);
    assert.equal(gzip.headers['cache-control'], 'public, max-age=31536000, immutable');

    const refused = await h.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.deepEqual(refused.rawPayload, SCRIPT);

    const page = await h.app.inject({ method: 'GET', url: '/recipes', headers: { accept: BROWSER_ACCEPT, 'accept-encoding': 'gzip' } });
    assert.equal(page.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(page.rawPayload).toString(), PAGE);
  });

  it('serves the other top-level files (the favicon) for an hour, and never the build’s dot files', async () => {
    const icon = await h.app.inject({ method: 'GET', url: '/favicon.svg' });
    assert.equal(icon.statusCode, 200);
    assert.equal(icon.headers['content-type'], 'image/svg+xml');
    assert.equal(icon.headers['cache-control'], 'public, max-age=3600');
    assertNotFoundProblem(await h.app.inject({ method: 'GET', url: '/.build-stamp' }), '/.build-stamp');
  });

  it('reaches no file outside the build: .., encoded .., absolute paths, as sent on the wire', async () => {
    // Raw request lines: inject() (and any HTTP client) would resolve the dots before sending.
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const request = (path: string, accept: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`;
    // The way in is open: the file itself is there.
    assert.equal((await exchange(port, send(request('/assets/app-abc123.js', '*/*')), 5000)).response?.body, SCRIPT.toString());
    for (const path of [
      '/assets/../index.html', '/assets/../../package.json', '/assets/%2e%2e/index.html', '/assets/..%2findex.html', '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/..%5c..%5cpackage.json', '/assets//etc/passwd', '/assets/%2fetc%2fpasswd', '/assets/./app-abc123.js', '/assets/app-abc123.js/..',
      '/../package.json', '/..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/%2fetc%2fpasswd', '//etc/passwd',
    ]) {
      for (const accept of ['*/*', BROWSER_ACCEPT]) {
        const { response } = await exchange(port, send(request(path, accept)), 5000);
        const label = `${path} (Accept: ${accept})`;
        assert.ok(response !== undefined, label);
        assert.doesNotMatch(response.body, /@larder|root:x:/, label);
        // Under /assets/ a miss is a 404 problem; elsewhere a browser may get the page, and nothing else.
        if (path.startsWith('/assets/') || accept === '*/*') {
          assert.ok(response.status === 404 || response.status === 400, `${label}: ${response.status}`);
          assert.match(response.headers['content-type'] ?? '', /^application\/problem\+json/, label);
        } else {
          assert.ok(response.status === 404 || response.status === 400 || response.body === PAGE, `${label}: ${response.status}`);
        }
      }
    }
  });
});

describe('without a built studio', () => {
  for (const [what, studio] of [['no studio given', undefined], ['a folder without index.html', { dir: fileURLToPath(new URL('./fixtures/studio/assets/', import.meta.url)) }]] as const) {
    it(`${what}: / still redirects to /docs, and client-side routes are 404 problems`, async () => {
      const h = await harness(studio === undefined ? {} : { studio });
      try {
        const root = await h.app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } });
        assert.equal(root.statusCode, 302);
        assert.equal(root.headers.location, '/docs');
        assertNotFoundProblem(await h.app.inject({ method: 'GET', url: '/recipes/abc', headers: { accept: BROWSER_ACCEPT } }), '/recipes/abc');
        assertNotFoundProblem(await h.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }), '/assets/app-abc123.js');
      } finally {
        await h.app.close();
      }
    });
  }
});
