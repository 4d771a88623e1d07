/**
 * Fonts are parsed once per thread and shared by the documents rendered there (src/pdf/parsed-fonts.ts): a second
 * document parses none again, and a document's bytes are the same whether its fonts were parsed for it or had served
 * other documents first.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer, createRenderPool } from '../src/index.js';
import { fontParses } from '../src/pdf/parsed-fonts.js';
import { collect } from '../src/testing/index.js';
import { document } from './fixtures.js';

const PDF = { format: 'pdf', pageSize: 'a4' } as const;

describe('fonts parsed once per thread', () => {
  const renderer = createDocumentRenderer();
  const pool = createRenderPool({ threads: 1, warm: false });
  after(() => pool.close());

  it('parses no font again for a second document', async () => {
    await collect(await renderer.render(document('ebook', [recipeFixture({ title: 'First' })]), PDF));
    const afterFirst = fontParses();
    assert.ok(afterFirst > 0, 'the first document parsed its fonts');
    await collect(await renderer.render(document('recipe_card_pack', [recipeFixture({ title: 'Second — Crème brûlée ½' })]), { format: 'pdf', pageSize: '5x7' }));
    assert.equal(fontParses(), afterFirst);
  });

  it('gives a document the same bytes with fonts that served other documents first as with fonts parsed for it', async () => {
    const book = document('ebook', [recipeFixture({ title: 'Same bytes ⅔ °C' }), recipeFixture({ title: 'Zweite Suppe' })]);
    // Accented letters first: a subset takes their parts (`ù` is `u` and an accent) from the font without characters.
    for (const title of ['Other ¼ où, ça, brûlée, façade', 'Another – × ☐ über Crème']) await collect(await renderer.render(document('meal_plan', [recipeFixture({ title })]), PDF));
    const shared = await collect(await renderer.render(book, PDF));
    // A thread of its own renders it first thing: its fonts are parsed for this document.
    const fresh = (await pool.render(book, PDF))._unsafeUnwrap();
    assert.ok(Buffer.from(shared).equals(Buffer.from(fresh)), `${shared.length} bytes here, ${fresh.length} in a fresh thread`);
  });
});
