import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { pdfText, requireTools } from '@larder/adapters-documents/testing';
import { createEbook, createRecipe, type ProductBody } from '../support/fixtures.js';
import { harness, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

describe('GET /api/products/{id}/document.pdf and .epub', () => {
  let h: Harness;
  let ebook: ProductBody;
  let cards: ProductBody;
  let keptId: string;

  before(async () => {
    h = await harness();
    const kept = await createRecipe(h, { title: 'Kept Tarte Tatin', ingredients: ['1 1/2 cups flour', '½ tsp salt'] });
    const soup = await createRecipe(h, { title: 'Jalapeño Soup', ingredients: ['2 jalapeños'] });
    keptId = kept.id;
    ebook = await createEbook(h, [soup.id, kept.id], 'Crème de la Crème: Vol. 1');
    const response = await h.request({ method: 'POST', url: '/api/products', body: { type: 'recipe_card_pack', title: 'Cards', recipe_ids: [soup.id] } });
    cards = response.json();
    // Archived after the product took it: the product keeps it, and so does its document.
    assert.equal((await h.request({ method: 'DELETE', url: `/api/recipes/${kept.id}` })).statusCode, 200);
  });

  const get = (path: string, headers: Record<string, string> = {}) => h.request({ method: 'GET', url: path, headers });

  it('gives the PDF as an attachment named after the title, with a strong ETag, including an archived recipe it kept', async () => {
    const response = await get(`/api/products/${ebook.id}/document.pdf`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="creme-de-la-creme-vol-1.pdf"');
    assert.match(String(response.headers['etag']), /^"[^"]+"$/);
    assert.ok(response.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));
    assert.ok(response.rawPayload.includes(Buffer.from('%%EOF')), 'the whole file arrived');
    assert.ok(response.headers['ratelimit-remaining'] !== undefined, 'rate limited like every /api route');
  });

  it('the PDF holds every recipe, the archived one too, with fractions as glyphs', requireTools(['pdftotext']), async () => {
    const response = await get(`/api/products/${ebook.id}/document.pdf?page_size=a5`);
    const file = join(mkdtempSync(join(tmpdir(), 'larder-http-doc-')), 'ebook.pdf');
    writeFileSync(file, response.rawPayload);
    const text = pdfText(file, undefined, true);
    for (const expected of ['Kept Tarte Tatin', 'Jalapeño Soup', '1 ½ cups flour', '½ teaspoon salt', '2 jalapeños']) assert.ok(text.includes(expected), expected);
  });

  it('answers If-None-Match with the current ETag (strong or weak form, or *) with a 304 and no body', async () => {
    const etag = String((await get(`/api/products/${ebook.id}/document.pdf`)).headers['etag']);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get(`/api/products/${ebook.id}/document.pdf`, { 'if-none-match': header });
      assert.equal(response.statusCode, 304, header);
      assert.equal(response.body, '');
      assert.equal(response.headers['etag'], etag);
    }
    assert.equal((await get(`/api/products/${ebook.id}/document.pdf`, { 'if-none-match': '"stale"' })).statusCode, 200);
  });

  it('gives a new ETag when a recipe of the product changes, and one per query', async () => {
    const etagOf = async (query = '') => String((await get(`/api/products/${ebook.id}/document.pdf${query}`, { 'if-none-match': '"x"' })).headers['etag']);
    const before = await etagOf();
    assert.equal(await etagOf(), before);
    assert.notEqual(await etagOf('?page_size=letter'), before);
    assert.notEqual(await etagOf('?units=metric'), before);
    const patched = await h.request({ method: 'PATCH', url: `/api/recipes/${keptId}`, body: { notes: 'Better the next day.' } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.notEqual(await etagOf(), before);
  });

  it('carries the creator’s brand (by …, ©, website, author), and a brand change gives a new ETag and a new file, not the one rendered before', requireTools(['pdftotext']), async () => {
    const url = `/api/products/${ebook.id}/document.pdf?page_size=letter`;
    const before = await get(url);
    const brand = { display_name: 'Maple & Thyme Kitchen', website_url: 'https://mapleandthyme.example' };
    assert.equal((await h.request({ method: 'PUT', url: '/api/profile', body: brand })).statusCode, 200);
    const after = await get(url);
    assert.notEqual(after.headers['etag'], before.headers['etag']);
    assert.equal((await get(url, { 'if-none-match': String(before.headers['etag']) })).statusCode, 200, 'the old validator no longer matches');
    const file = join(mkdtempSync(join(tmpdir(), 'larder-http-doc-')), 'branded.pdf');
    writeFileSync(file, after.rawPayload);
    const text = pdfText(file).replace(/\s+/g, ' ');
    for (const expected of ['by Maple & Thyme Kitchen', `© ${new Date().getUTCFullYear()} Maple & Thyme Kitchen`, 'https://mapleandthyme.example', 'For personal use only']) assert.ok(text.includes(expected), expected);
    await h.request({ method: 'PUT', url: '/api/profile', body: { ...brand, display_name: 'Maple & Thyme' } });
    const renamed = await get(url);
    assert.notEqual(renamed.headers['etag'], after.headers['etag']);
    writeFileSync(file, renamed.rawPayload);
    assert.ok(pdfText(file).replace(/\s+/g, ' ').includes('by Maple & Thyme '), 'the new name, rendered anew');
  });

  it('gives the same file inline with disposition=inline, for a browser to show in the page, under the same ETag', async () => {
    const attachment = await get(`/api/products/${ebook.id}/document.pdf`);
    const inline = await get(`/api/products/${ebook.id}/document.pdf?disposition=inline`);
    assert.equal(inline.statusCode, 200);
    assert.equal(inline.headers['content-disposition'], 'inline; filename="creme-de-la-creme-vol-1.pdf"');
    assert.equal(inline.headers['etag'], attachment.headers['etag']);
    assert.equal(inline.rawPayload.equals(attachment.rawPayload), true);
    assert.equal((await get(`/api/products/${ebook.id}/document.pdf?disposition=open`)).statusCode, 400);
  });

  it('gives the EPUB of an ebook', async () => {
    const response = await get(`/api/products/${ebook.id}/document.epub`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/epub+zip');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="creme-de-la-creme-vol-1.epub"');
    assert.ok(response.rawPayload.subarray(0, 2).equals(Buffer.from('PK')));
    assert.ok(response.rawPayload.includes(Buffer.from('mimetypeapplication/epub+zip')));
  });

  it('the EPUB matches its strong ETag: two downloads of the same version are byte-identical', async () => {
    const first = await get(`/api/products/${ebook.id}/document.epub`);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past the zip format's two-second clock
    const second = await get(`/api/products/${ebook.id}/document.epub`);
    assert.equal(second.headers['etag'], first.headers['etag']);
    assert.ok(first.rawPayload.equals(second.rawPayload), 'the same ETag names the same bytes');
  });

  it('a recipe card pack: PDF cards at 4x6 by default, no EPUB (422 rule_violation)', async () => {
    const pdf = await get(`/api/products/${cards.id}/document.pdf`);
    assert.equal(pdf.statusCode, 200);
    assert.equal((await get(`/api/products/${cards.id}/document.pdf?page_size=a6`)).statusCode, 200);
    const epub = assertProblem(await get(`/api/products/${cards.id}/document.epub`), 422, 'rule_violation');
    assert.match(epub.detail, /PDF only/);
  });

  it('refuses a page size the type does not come in, an unknown size, unknown units or parameters (400), an unknown product (404)', async () => {
    const cases: [string, string][] = [
      [`/api/products/${ebook.id}/document.pdf?page_size=4x6`, '/page_size'],
      [`/api/products/${cards.id}/document.pdf?page_size=a4`, '/page_size'],
      [`/api/products/${ebook.id}/document.pdf?page_size=tabloid`, '/page_size'],
      [`/api/products/${ebook.id}/document.pdf?units=imperial`, '/units'],
    ];
    for (const [url, pointer] of cases) {
      const problem = assertProblem(await get(url), 400, 'validation_failed');
      assert.equal(problem.errors?.[0]?.in, 'query', url);
      assert.equal(problem.errors?.[0]?.pointer, pointer, url);
    }
    assertProblem(await get(`/api/products/${ebook.id}/document.pdf?size=a4`), 400, 'validation_failed');
    assertProblem(await get('/api/products/nope/document.pdf'), 404, 'not_found');
    assertProblem(await get('/api/products/nope/document.epub'), 404, 'not_found');
  });

  it('needs a token', async () => {
    assertProblem(await h.request({ method: 'GET', url: `/api/products/${ebook.id}/document.pdf`, token: null }), 401, 'unauthorized');
  });
});
