/** Photos and covers through HTTP: upload, replace, remove, and the public media files. */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sharpImageProcessor } from '@larder/adapters-images';
import type { ImageProcessor } from '@larder/domain';
import { errAsync } from 'neverthrow';
import sharp from 'sharp';
import { ProductSchema } from '../../src/schemas/product.js';
import { RecipeSchema } from '../../src/schemas/recipe.js';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { harness, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

interface PhotoBody {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number; format: 'webp' | 'jpeg' }[];
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validRecipe = ajv.compile(RecipeSchema);
const validProduct = ajv.compile({ ...ProductSchema, $id: 'ProductForTest' });

function assertValid(validate: { (data: unknown): boolean; errors?: unknown }, body: unknown): void {
  assert.equal(validate(body), true, JSON.stringify(validate.errors));
}

const jpegWithGps = () =>
  sharp({ create: { width: 1000, height: 700, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Larder test' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const plainPng = (width = 500, height = 400) => sharp({ create: { width, height, channels: 3, background: 'blue' } }).png().toBuffer();

describe('photos and covers (HTTP)', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  const put = (url: string, payload: Buffer | string, contentType = 'image/jpeg', headers: Record<string, string> = {}) =>
    h.request({ method: 'PUT', url, payload, headers: { 'content-type': contentType, ...headers } });
  const media = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  it('sets a recipe photo: 200 with the recipe, its renditions served without metadata, the version grown', async () => {
    const recipe = await createRecipe(h);
    const response = await put(`/api/recipes/${recipe.id}/photo`, await jpegWithGps());
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ photo: PhotoBody; version: number }>();
    assertValid(validRecipe, body);
    assert.equal(body.version, recipe.version + 1);
    assert.equal(response.headers.etag, `"${body.version}"`);
    assert.deepEqual([body.photo.width, body.photo.height], [700, 1000], 'turned upright');
    assert.deepEqual(body.photo.variants.map((variant) => `${variant.width}${variant.format}`), ['320webp', '320jpeg', '700webp', '700jpeg']);
    assert.deepEqual(Object.keys(body.photo).sort(), ['height', 'url', 'variants', 'width']);
    for (const variant of body.photo.variants) {
      assert.deepEqual(Object.keys(variant).sort(), ['format', 'height', 'url', 'width']);
      const file = await media(variant.url);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], variant.format === 'jpeg' ? 'image/jpeg' : 'image/webp');
      const metadata = await sharp(file.rawPayload).metadata();
      assert.equal(metadata.exif, undefined, 'no EXIF (nor its GPS) in what is served');
      assert.deepEqual([metadata.width, metadata.height], [variant.width, variant.height]);
    }
    const read = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}` });
    assert.deepEqual(read.json<{ photo: PhotoBody }>().photo, body.photo);
  });

  it('serves media publicly, cached as immutable, typed and not sniffed; 404 problems for unknown or malformed names', async () => {
    const recipe = await createRecipe(h);
    const photo = (await put(`/api/recipes/${recipe.id}/photo`, await plainPng(), 'image/png')).json<{ photo: PhotoBody }>().photo;
    const file = await media(photo.url);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(file.headers['content-type'], 'image/jpeg');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    assert.equal(file.headers['content-length'], String(file.rawPayload.length));
    assert.equal(file.headers['x-refreshed-token'], undefined, 'no token involved');
    const again = await media(photo.url, { 'if-none-match': String(file.headers.etag) });
    assert.equal(again.statusCode, 304);
    assertProblem(await media(`/media/${'0'.repeat(64)}.jpg`), 404, 'not_found');
    for (const bad of ['../secrets', `${'a'.repeat(64)}.svg`, `${'A'.repeat(64)}.jpg`, 'x.jpg', `${'a'.repeat(64)}.jpg.html`, '%2e%2e%2fmedia']) {
      assertProblem(await media(`/media/${bad}`), 404, 'not_found');
    }
  });

  it('replacing a photo grows the version and deletes the old renditions from storage', async () => {
    const recipe = await createRecipe(h);
    const first = (await put(`/api/recipes/${recipe.id}/photo`, await plainPng(600, 400), 'image/png')).json<{ photo: PhotoBody; version: number }>();
    const second = await put(`/api/recipes/${recipe.id}/photo`, await jpegWithGps());
    assert.equal(second.statusCode, 200);
    const replaced = second.json<{ photo: PhotoBody; version: number }>();
    assert.equal(replaced.version, first.version + 1);
    for (const variant of first.photo.variants) assertProblem(await media(variant.url), 404, 'not_found');
    for (const variant of replaced.photo.variants) assert.equal((await media(variant.url)).statusCode, 200);
    const stale = await put(`/api/recipes/${recipe.id}/photo`, await plainPng(), 'image/png', { 'if-match': `"${first.version}"` });
    assertProblem(stale, 412, 'precondition_failed');
  });

  it('concurrent replacements: every upload applies in turn, and storage ends with the last photo’s files only', async () => {
    const own = await harness();
    try {
      const recipe = await createRecipe(own);
      const images = await Promise.all([300, 340, 380, 420, 460].map((width) => plainPng(width, 200)));
      const responses = await Promise.all(
        images.map((payload) => own.request({ method: 'PUT', url: `/api/recipes/${recipe.id}/photo`, payload, headers: { 'content-type': 'image/png' } })),
      );
      for (const response of responses) assert.equal(response.statusCode, 200, response.body);
      const versions = responses.map((response) => response.json<{ version: number }>().version).sort((a, b) => a - b);
      assert.deepEqual(versions, [2, 3, 4, 5, 6], 'none lost, each a version of its own');
      const final = (await own.request({ method: 'GET', url: `/api/recipes/${recipe.id}` })).json<{ photo: PhotoBody; version: number }>();
      assert.equal(final.version, 6);
      const stored = (await own.files.list('media/'))._unsafeUnwrap().map((file) => `/${file.key}`).sort();
      assert.deepEqual(stored, final.photo.variants.map((variant) => variant.url).sort());
    } finally {
      await own.app.close();
    }
  });

  it('removes a photo (200, version grown, files gone); removing none changes nothing', async () => {
    const recipe = await createRecipe(h);
    const set = (await put(`/api/recipes/${recipe.id}/photo`, await plainPng(), 'image/png')).json<{ photo: PhotoBody; version: number }>();
    const removed = await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}/photo` });
    assert.equal(removed.statusCode, 200);
    const body = removed.json<{ photo: null; version: number; status: string }>();
    assertValid(validRecipe, body);
    assert.equal(body.photo, null);
    assert.equal(body.status, 'active', 'the recipe itself is not archived');
    assert.equal(body.version, set.version + 1);
    for (const variant of set.photo.variants) assertProblem(await media(variant.url), 404, 'not_found');
    const again = await h.request({ method: 'DELETE', url: `/api/recipes/${recipe.id}/photo` });
    assert.equal(again.json<{ version: number }>().version, body.version);
    assertProblem(await h.request({ method: 'DELETE', url: '/api/recipes/nope/photo' }), 404, 'not_found');
  });

  it('sets and removes a product cover', async () => {
    const recipe = await createRecipe(h);
    const product = await createEbook(h, [recipe.id]);
    const response = await put(`/api/products/${product.id}/cover`, await plainPng(2000, 1500), 'image/png');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ cover: PhotoBody; version: number; listings: unknown[] }>();
    assertValid(validProduct, body);
    assert.equal(body.version, product.version + 1);
    assert.deepEqual(body.cover.variants.map((variant) => variant.width), [320, 320, 800, 800, 1600, 1600, 2000, 2000]);
    assert.deepEqual([body.cover.width, body.cover.height], [2000, 1500]);
    assert.equal((body.cover as PhotoBody & { generated?: boolean }).generated, false);
    const read = await h.request({ method: 'GET', url: `/api/products/${product.id}` });
    assert.deepEqual(read.json<{ cover: PhotoBody }>().cover, body.cover);
    const removed = await h.request({ method: 'DELETE', url: `/api/products/${product.id}/cover` });
    assert.equal(removed.statusCode, 200);
    assertValid(validProduct, removed.json());
    assert.equal(removed.json<{ cover: { generated: boolean } }>().cover.generated, true, 'the generated cover is back (see generated-cover.test.ts)');
    for (const variant of body.cover.variants) assertProblem(await media(variant.url), 404, 'not_found');
  });

  it('answers 415 for SVG, HTML, a polyglot, a truncated JPEG, a JSON body; whatever the Content-Type says', async () => {
    const recipe = await createRecipe(h);
    const url = `/api/recipes/${recipe.id}/photo`;
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'red' } }).jpeg().toBuffer();
    const storedBefore = h.files.puts;
    assertProblem(await put(url, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'), 415, 'unsupported_media_type');
    assertProblem(await put(url, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png'), 415, 'unsupported_media_type');
    assertProblem(await put(url, '<!doctype html><html><script>alert(1)</script></html>', 'image/jpeg'), 415, 'unsupported_media_type');
    assertProblem(await put(url, Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')])), 415, 'unsupported_media_type');
    assertProblem(await put(url, jpeg.subarray(0, Math.floor(jpeg.length / 2))), 415, 'unsupported_media_type');
    assertProblem(await h.request({ method: 'PUT', url, body: { url: 'https://example.com/a.jpg' } }), 415, 'unsupported_media_type');
    assertProblem(await put(url, jpeg, 'application/octet-stream'), 415, 'unsupported_media_type');
    const after = await h.request({ method: 'GET', url: `/api/recipes/${recipe.id}` });
    assert.equal(after.json<{ version: number; photo: null }>().version, recipe.version, 'nothing changed');
    assert.equal(h.files.puts, storedBefore, 'nothing stored');
  });

  it('answers 413 over 20 MiB (declared or sent) and over 50 megapixels', async () => {
    const recipe = await createRecipe(h);
    const url = `/api/recipes/${recipe.id}/photo`;
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'red' } }).jpeg().toBuffer();
    const oversize = Buffer.alloc(20 * 1024 * 1024 + 1);
    jpeg.copy(oversize);
    assertProblem(await put(url, oversize), 413, 'payload_too_large');
    // Without a Content-Length (chunked): reading stops at the limit.
    const chunks = (async function* () {
      yield jpeg;
      for (let chunk = 0; chunk < 64; chunk += 1) {
        yield Buffer.alloc(1024 * 1024);
      }
    })();
    const streamed = await h.request({ method: 'PUT', url, payload: Readable.from(chunks), headers: { 'content-type': 'image/jpeg' } });
    assertProblem(streamed, 413, 'payload_too_large');
    const huge = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: 'black' } }).png({ compressionLevel: 9 }).toBuffer();
    assertProblem(await put(url, huge, 'image/png'), 413, 'payload_too_large');
  });

  it('answers 503 with Retry-After when every image worker is busy, and changes nothing', async () => {
    const real = sharpImageProcessor();
    const busy: ImageProcessor = { probe: (bytes) => real.probe(bytes), renditions: () => errAsync({ type: 'ImagesBusy', retryAfterSeconds: 2 }), framed: () => errAsync({ type: 'ImagesBusy', retryAfterSeconds: 2 }) };
    const own = await harness({ images: busy });
    try {
      const recipe = await createRecipe(own);
      const response = await own.request({ method: 'PUT', url: `/api/recipes/${recipe.id}/photo`, payload: await plainPng(), headers: { 'content-type': 'image/png' } });
      assertProblem(response, 503, 'unavailable');
      assert.equal(response.headers['retry-after'], '2');
      assert.equal((await own.request({ method: 'GET', url: `/api/recipes/${recipe.id}` })).json<{ version: number }>().version, recipe.version);
    } finally {
      await own.app.close();
    }
  });

  it('needs a token to upload, and 404 for an unknown recipe or product before any image is read', async () => {
    const png = await plainPng();
    const anonymous = await h.app.inject({ method: 'PUT', url: '/api/recipes/x/photo', payload: png, headers: { 'content-type': 'image/png' } });
    assertProblem(anonymous, 401, 'unauthorized');
    assertProblem(await put('/api/recipes/nope/photo', png, 'image/png'), 404, 'not_found');
    assertProblem(await put('/api/products/nope/cover', png, 'image/png'), 404, 'not_found');
  });
});
