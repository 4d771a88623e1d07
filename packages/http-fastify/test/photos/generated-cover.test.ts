/**
 * A product without an uploaded cover gets a generated one through the API: the same shape as an upload, marked
 * `generated: true`, drawn once and kept in storage, drawn anew when what it shows changes, and out of the way of an
 * uploaded cover.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createCoverArtist } from '@larder/adapters-documents';
import { CoverNotDrawnNow, type CoverArtist } from '@larder/domain';
import sharp from 'sharp';
import { ProductSchema } from '../../src/schemas/product.js';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { harness, type Harness } from '../support/harness.js';

interface CoverBody {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number; height: number; format: 'webp' | 'jpeg' }[];
  generated: boolean;
}
interface ProductWithCover {
  id: string;
  version: number;
  cover: CoverBody | null;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validProduct = ajv.compile({ ...ProductSchema, $id: 'ProductForCoverTest' });

/**
 * The real artist, drawing `width` px wide (its own 3000 unless told): the tests about when a cover is drawn, not about
 * its size, draw 600 px wide. At 3000 × 2250 a drawing and its eight renditions take about 1.5 s of CPU; this file
 * drew ten of them.
 */
function realArtist(width?: number): CoverArtist {
  return createCoverArtist(width === undefined ? {} : { width });
}

/** `artist`, counting its drawings. */
function counting(artist: CoverArtist): CoverArtist & { draws: number } {
  const counted = {
    draws: 0,
    size: artist.size,
    generatedCover: (...args: Parameters<CoverArtist['generatedCover']>) => {
      counted.draws += 1;
      return artist.generatedCover(...args);
    },
    listingCover: (...args: Parameters<CoverArtist['listingCover']>) => {
      counted.draws += 1;
      return artist.listingCover(...args);
    },
  };
  return counted;
}

const flatPng = (r: number, g: number, b: number) => sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** What the tests below do through the harness `current()` gives. */
function coverHelpers(current: () => Harness) {
  const media = (url: string) => current().app.inject({ method: 'GET', url });
  const read = async (id: string) => (await current().request({ method: 'GET', url: `/api/products/${id}` })).json<ProductWithCover>();
  /** Takes a cover's files out of storage, as if it had never been drawn. */
  const forget = async (cover: CoverBody) => {
    for (const variant of cover.variants) await current().files.delete(variant.url.slice(1));
  };
  const withPhoto = async (r: number, g: number, b: number) => {
    const recipe = await createRecipe(current());
    const set = await current().request({ method: 'PUT', url: `/api/recipes/${recipe.id}/photo`, payload: await flatPng(r, g, b), headers: { 'content-type': 'image/png' } });
    assert.equal(set.statusCode, 200, set.body);
    return recipe.id;
  };
  return { media, read, forget, withPhoto };
}

describe('generated covers (HTTP)', () => {
  let h: Harness;
  const artist = counting(realArtist());
  before(async () => {
    h = await harness({ covers: artist });
  });
  after(() => h.app.close());
  const { media, read, withPhoto } = coverHelpers(() => h);

  it('a product without a cover has a generated one: the upload’s shape, a 3000 × 2250 sRGB JPEG, drawn once and served from storage', async () => {
    const recipeIds = [await withPhoto(200, 40, 40), (await createRecipe(h)).id, await withPhoto(40, 160, 60)];
    const before = artist.draws;
    const created = await createEbook(h, recipeIds, 'Summer Salads');
    const cover = (created as unknown as ProductWithCover).cover;
    assert.ok(cover !== null, 'the new product has a cover');
    assert.equal(validProduct(created), true, JSON.stringify(validProduct.errors));
    assert.equal(cover.generated, true);
    assert.deepEqual([cover.width, cover.height], [3000, 2250]);
    assert.deepEqual(cover.variants.map((variant) => `${variant.width}${variant.format}`), ['320webp', '320jpeg', '800webp', '800jpeg', '1600webp', '1600jpeg', '3000webp', '3000jpeg']);
    assert.equal(cover.url, cover.variants.at(-1)?.url, 'url is the largest JPEG');

    const largest = await media(cover.url);
    assert.equal(largest.statusCode, 200);
    assert.equal(largest.headers['content-type'], 'image/jpeg');
    assert.equal(largest.headers['cache-control'], 'public, max-age=31536000, immutable');
    const metadata = await sharp(largest.rawPayload).metadata();
    assert.equal(metadata.format, 'jpeg');
    assert.equal(metadata.space, 'srgb');
    assert.ok(Math.min(metadata.width ?? 0, metadata.height ?? 0) >= 2000, `short side ${metadata.height}`);
    for (const variant of cover.variants) {
      const file = await media(variant.url);
      assert.equal(file.statusCode, 200, variant.url);
      const each = await sharp(file.rawPayload).metadata();
      assert.deepEqual([each.format, each.width, each.height], [variant.format, variant.width, variant.height]);
    }
    // The first recipe's photo is in the band above the title: its red at the left tile's centre.
    const { data } = await sharp(largest.rawPayload).extract({ left: 700, top: 600, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    assert.ok(Math.abs((data[0] ?? 0) - 200) < 16 && (data[1] ?? 0) < 60, `a recipe's photo is drawn: ${Array.from(data.subarray(0, 3)).join(',')}`);

    const again = await read(created.id);
    assert.deepEqual(again.cover, cover, 'the same cover on a second read');
    assert.ok(Buffer.from((await media(cover.url)).rawPayload).equals(largest.rawPayload), 'the same bytes');
    assert.equal(artist.draws - before, 1, 'drawn once for the create and the reads after it');
  });

});

describe('when a generated cover is drawn (HTTP; the real artist, 600 px wide)', () => {
  let h: Harness;
  const artist = counting(realArtist(600));
  before(async () => {
    h = await harness({ covers: artist });
  });
  after(() => h.app.close());
  const { media, read, forget, withPhoto } = coverHelpers(() => h);

  it('concurrent reads of a product whose cover is not stored share one drawing', async () => {
    const product = await createEbook(h, [(await createRecipe(h)).id], 'Breads of the North');
    const cover = (product as unknown as ProductWithCover).cover;
    assert.ok(cover !== null);
    await forget(cover);
    const before = artist.draws;
    const reads = await Promise.all([1, 2, 3, 4, 5].map(() => read(product.id)));
    for (const each of reads) assert.deepEqual(each.cover, cover);
    assert.equal(artist.draws - before, 1);
    assert.equal((await media(cover.url)).statusCode, 200);
  });

  it('a new title, or another recipe photo, gives a new cover; the old one stays served', async () => {
    const recipeId = await withPhoto(40, 80, 200);
    const product = (await createEbook(h, [recipeId], 'Soups')) as unknown as ProductWithCover;
    const before = artist.draws;
    const renamed = await h.request({ method: 'PATCH', url: `/api/products/${product.id}`, body: { title: 'Winter Soups' } });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const titled = renamed.json<ProductWithCover>().cover;
    assert.equal(titled?.generated, true);
    assert.notEqual(titled?.url, product.cover?.url, 'another title, another cover');
    assert.equal(artist.draws - before, 1);
    assert.deepEqual((await read(product.id)).cover, titled, 'and it is kept');

    await h.request({ method: 'PUT', url: `/api/recipes/${recipeId}/photo`, payload: await flatPng(240, 200, 30), headers: { 'content-type': 'image/png' } });
    const rephotographed = (await read(product.id)).cover;
    assert.notEqual(rephotographed?.url, titled?.url, 'another photo, another cover');
    assert.equal(artist.draws - before, 2);
  });

  it('the creator’s colour and name: a profile change gives the product a new cover, drawn on that colour', async () => {
    const product = (await createEbook(h, [(await createRecipe(h)).id], 'Harvest Table')) as unknown as ProductWithCover;
    await h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'Maple & Thyme Kitchen', brand_color: '#2f6b4f' } });
    const branded = (await read(product.id)).cover;
    assert.notEqual(branded?.url, product.cover?.url, 'a new brand, a new cover');
    const { data } = await sharp((await media(branded?.url ?? '')).rawPayload).extract({ left: 3, top: 3, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual(Array.from(data.subarray(0, 3)).map((value, index) => Math.abs(value - [0x2f, 0x6b, 0x4f][index]!) <= 4), [true, true, true], 'drawn on the brand colour');
    await h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'cook' } });
    assert.equal((await read(product.id)).cover?.url, product.cover?.url, 'the brand as it was: the cover as it was');
  });

  it('an uploaded cover replaces it (generated false); removing the upload brings the generated one back, not drawn again', async () => {
    const product = (await createEbook(h, [(await createRecipe(h)).id], 'Picnic Food')) as unknown as ProductWithCover;
    const generated = product.cover;
    const before = artist.draws;
    const uploaded = await h.request({ method: 'PUT', url: `/api/products/${product.id}/cover`, payload: await flatPng(10, 10, 10), headers: { 'content-type': 'image/png' } });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const body = uploaded.json<ProductWithCover>();
    assert.equal(validProduct(body), true, JSON.stringify(validProduct.errors));
    assert.equal(body.cover?.generated, false);
    assert.deepEqual([body.cover?.width, body.cover?.height], [1200, 900]);
    assert.equal((await read(product.id)).cover?.generated, false);

    const removed = await h.request({ method: 'DELETE', url: `/api/products/${product.id}/cover` });
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json<ProductWithCover>().cover, generated, 'the generated cover is back');
    assert.equal(artist.draws - before, 0, 'it was stored already');
  });

  it('a list never waits for a drawing: a cover not stored yet is null and drawn in the background', async () => {
    const product = (await createEbook(h, [(await createRecipe(h)).id], 'Lunchboxes')) as unknown as ProductWithCover;
    assert.ok(product.cover !== null);
    await forget(product.cover);
    const before = artist.draws;
    const listed = async () => (await h.request({ method: 'GET', url: '/api/products?per_page=100' })).json<{ data: ProductWithCover[] }>().data;
    const first = (await listed()).find((item) => item.id === product.id);
    assert.equal(first?.cover, null, 'not drawn yet');
    for (let wait = 0; wait < 100 && (await media(product.cover?.url ?? '')).statusCode !== 200; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const later = (await listed()).find((item) => item.id === product.id);
    assert.deepEqual(later?.cover, product.cover, 'drawn in the background, then listed');
    assert.ok(artist.draws - before >= 1);
  });
});

describe('a generated cover that cannot be drawn', () => {
  it('draws it without the photos when they fail (a stored photo the codec cannot read), and never takes the process down', async () => {
    const real = realArtist(600);
    let failures = 0;
    const picky: CoverArtist = {
      size: real.size,
      generatedCover: (request) => real.generatedCover(request),
      listingCover: (request, widths, options) => {
        if ((request.photos ?? []).length > 0) {
          failures += 1;
          return Promise.reject(new Error('Input buffer has corrupt header'));
        }
        return real.listingCover(request, widths, options);
      },
    };
    const h = await harness({ covers: picky });
    try {
      const recipe = await createRecipe(h);
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 9, g: 99, b: 199 } } }).png().toBuffer();
      const set = await h.request({ method: 'PUT', url: `/api/recipes/${recipe.id}/photo`, payload: photo, headers: { 'content-type': 'image/png' } });
      assert.equal(set.statusCode, 200, set.body);
      const created = (await createEbook(h, [recipe.id], 'Broken Photos')) as unknown as ProductWithCover;
      assert.ok(failures > 0, 'the drawing with photos was tried');
      assert.equal(created.cover?.generated, true, 'the cover without photos, not an error');
      const listed = await h.request({ method: 'GET', url: '/api/products' });
      assert.equal(listed.statusCode, 200, listed.body);
    } finally {
      await h.app.close();
    }
  });

  it('never stores the cover without its photos when the artist could not draw now (busy, stopped): the next read draws it whole', async () => {
    const real = realArtist(600);
    let refuse = true;
    const asked: number[] = [];
    const busy: CoverArtist = {
      size: real.size,
      generatedCover: (request, width) => real.generatedCover(request, width),
      listingCover: (request, widths, options) => {
        asked.push((request.photos ?? []).length);
        return refuse ? Promise.reject(new CoverNotDrawnNow('the render threads are busy; try again in 3 s')) : real.listingCover(request, widths, options);
      },
    };
    const h = await harness({ covers: busy });
    try {
      const recipe = await createRecipe(h);
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 199, g: 99, b: 9 } } }).png().toBuffer();
      const set = await h.request({ method: 'PUT', url: `/api/recipes/${recipe.id}/photo`, payload: photo, headers: { 'content-type': 'image/png' } });
      assert.equal(set.statusCode, 200, set.body);
      const created = (await createEbook(h, [recipe.id], 'Busy Threads')) as unknown as ProductWithCover;
      assert.deepEqual(asked, [1], 'asked once, with its photo, and not again without it');
      assert.equal(created.cover, null, 'no cover for now');
      refuse = false;
      const read = (await h.request({ method: 'GET', url: `/api/products/${created.id}` })).json<ProductWithCover>();
      assert.deepEqual(asked, [1, 1], 'drawn with its photo at the next read');
      assert.equal(read.cover?.generated, true);
    } finally {
      await h.app.close();
    }
  });
});

describe('generated covers while storage cannot be reached', () => {
  it('a list of products is still answered, their generated covers shown as none', async () => {
    const h = await harness();
    try {
      const recipe = await createRecipe(h);
      await createEbook(h, [recipe.id], 'Storage Away');
      h.files.unavailable = true;
      const listed = await h.request({ method: 'GET', url: '/api/products' });
      assert.equal(listed.statusCode, 200, listed.body);
      const products = listed.json<{ data: ProductWithCover[] }>().data;
      assert.equal(products.length, 1);
      assert.equal(products[0]?.cover, null);
    } finally {
      await h.app.close();
    }
  });
});
