/** Photos and covers uploaded through the API appear in the product's documents, and a new photo is a new file. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { pdfImages, requireTools } from '@larder/adapters-documents/testing';
import sharp from 'sharp';
import { createEbook, createRecipe, type ProductBody } from '../support/fixtures.js';
import { harness, type Harness } from '../support/harness.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-document-photos-'));
const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

describe('photos and covers in downloaded documents (HTTP)', () => {
  let h: Harness;
  let ebook: ProductBody;
  let photographed: string;

  before(async () => {
    h = await harness();
    const soup = await createRecipe(h, { title: 'Photographed Soup', ingredients: ['2 leeks'] });
    const rice = await createRecipe(h, { title: 'Rice Without a Photo', ingredients: ['1 cup rice'] });
    photographed = soup.id;
    const put = await h.request({ method: 'PUT', url: `/api/recipes/${soup.id}/photo`, payload: await picture(2400, 1600, '#a04020'), headers: { 'content-type': 'image/jpeg' } });
    assert.equal(put.statusCode, 200, put.body);
    ebook = await createEbook(h, [soup.id, rice.id], 'Pictured Dinners');
    const cover = await h.request({ method: 'PUT', url: `/api/products/${ebook.id}/cover`, payload: await picture(2000, 2500, '#203040'), headers: { 'content-type': 'image/jpeg' } });
    assert.equal(cover.statusCode, 200, cover.body);
  });

  const pdf = async (name: string) => {
    const response = await h.request({ method: 'GET', url: `/api/products/${ebook.id}/document.pdf` });
    assert.equal(response.statusCode, 200);
    const file = join(directory, `${name}.pdf`);
    writeFileSync(file, response.rawPayload);
    return { file, etag: String(response.headers['etag']) };
  };

  it('the PDF has the cover on page 1 and the one photo on its chapter, each at most 300 ppi', requireTools(['pdfimages']), async () => {
    const { file } = await pdf('first');
    const images = pdfImages(file);
    assert.equal(images.length, 2, JSON.stringify(images));
    assert.equal(images[0]?.page, 1);
    for (const image of images) assert.ok(image.xPpi <= 301, `${image.xPpi} ppi`);
  });

  it('a new photo is a new file: the ETag changes and the new picture is drawn', requireTools(['pdfimages']), async () => {
    const before = await pdf('before');
    const put = await h.request({ method: 'PUT', url: `/api/recipes/${photographed}/photo`, payload: await picture(1200, 1600, '#40a020'), headers: { 'content-type': 'image/jpeg' } });
    assert.equal(put.statusCode, 200);
    const after = await pdf('after');
    assert.notEqual(after.etag, before.etag);
    const portrait = pdfImages(after.file).find((image) => image.page !== 1);
    assert.ok(portrait !== undefined && portrait.height > portrait.width, 'the portrait photo replaced the landscape one');
  });
});
