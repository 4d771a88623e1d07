import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { createDocumentRenderer } from '../src/index.js';
import { collect } from '../src/testing/index.js';
import { document, glyphRecipe, longRecipe } from './fixtures.js';

const renderer = createDocumentRenderer();
const epub = async (model: Parameters<typeof renderer.render>[0]): Promise<Buffer> =>
  Buffer.from(await collect(await renderer.render(model, { format: 'epub', pageSize: 'a4' })));

describe('EPUB bytes', () => {
  it('the same document renders to the same bytes, whenever it is rendered (a strong ETag promises it)', async () => {
    const model = document('meal_plan', [glyphRecipe(), longRecipe()]);
    const first = await epub(model);
    await sleep(2100); // past the zip format's two-second clock, so file times would show
    const second = await epub(model);
    assert.ok(first.equals(second), 'two renders of one document are byte-identical');
  });

  it('the identifier and dates come from the document: another product or version gives another identifier', async () => {
    const model = document('ebook', [glyphRecipe()]);
    const opf = (bytes: Buffer): string => strFromU8(unzipSync(bytes)['OEBPS/content.opf'] ?? new Uint8Array());
    const base = opf(await epub(model));
    const identifier = /<dc:identifier id="BookId">urn:uuid:([0-9a-f-]{36})<\/dc:identifier>/.exec(base)?.[1];
    assert.ok(identifier, base);
    assert.match(base, new RegExp(`<meta property="dcterms:modified">${model.updated_at.toISOString().slice(0, 19)}Z</meta>`));
    const later = opf(await epub({ ...model, updated_at: new Date(model.updated_at.getTime() + 1000) }));
    const other = opf(await epub({ ...model, product_id: `${model.product_id}x` }));
    assert.ok(!later.includes(identifier) && !other.includes(identifier));
  });
});
