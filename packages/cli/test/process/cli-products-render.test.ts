import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createProduct, createRecipe, systemClock } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { runCli, runCliProcess } from './run-cli.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

let engine: TestEngine;
before(async () => {
  engine = await startTestEngine();
});
after(() => engine?.stop());

// The first render runs the CLI as its own process (its render thread loads from dist/ as the bin runs it); the rest
// run the same command lines in this process (each process cost ~2.5 s of CPU, most of this file's).
describe('larder products render', () => {
  it('writes a PDF and an EPUB, refuses what the product type does not come in, and leaves no partial file', async () => {
    const { name, repositories } = engine.freshRepositories('render');
    const deps = { ...repositories, clock: systemClock, ids: sequentialIds('cli'), salesPlatforms: ['etsy'] };
    const soup = (await createRecipe(deps)({ title: 'Crème Soup', servings: 2, ingredients: ['1 1/2 cups stock', '2 onions'] }))._unsafeUnwrap();
    const book = (await createProduct(deps)({ type: 'ebook', title: 'Soups', recipe_ids: [soup.id] }))._unsafeUnwrap();
    const cards = (await createProduct(deps)({ type: 'recipe_card_pack', title: 'Cards', recipe_ids: [soup.id] }))._unsafeUnwrap();
    const db = ['--mongodb-url', engine.url, '--mongodb-db', name];
    const out = mkdtempSync(join(tmpdir(), 'larder-cli-render-'));

    const pdf = await runCliProcess(['products', 'render', book.id, '--format', 'pdf', '--page-size', 'a5', '--out', join(out, 'soups.pdf'), ...db]);
    assert.equal(pdf.code, 0, pdf.stderr);
    assert.match(pdf.stderr, /wrote .*soups\.pdf \(pdf, a5, original units, 1 recipes; rendered and stored\)/);
    const bytes = readFileSync(join(out, 'soups.pdf'));
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.ok(bytes.includes(Buffer.from('%%EOF')));
    // The second time it is the stored file, the one the service would serve: the same bytes, not rendered again.
    const again = await runCli(['products', 'render', book.id, '--format', 'pdf', '--page-size', 'a5', '--out', join(out, 'again.pdf'), ...db]);
    assert.match(again.stderr, /; from the file store\)/);
    assert.ok(readFileSync(join(out, 'again.pdf')).equals(bytes));
    rmSync(join(out, 'again.pdf'));

    const epub = await runCli(['products', 'render', book.id, '--format', 'epub', '--units', 'metric', '--out', join(out, 'soups.epub'), ...db]);
    assert.equal(epub.code, 0, epub.stderr);
    assert.equal(readFileSync(join(out, 'soups.epub')).subarray(0, 2).toString(), 'PK');

    const cardEpub = await runCli(['products', 'render', cards.id, '--format', 'epub', '--out', join(out, 'cards.epub'), ...db]);
    assert.deepEqual([cardEpub.code, cardEpub.stderr], [2, 'larder: a recipe card pack is printed cards: it is available as PDF only\n']);
    const wrongSize = await runCli(['products', 'render', cards.id, '--format', 'pdf', '--page-size', 'a4', '--out', join(out, 'cards.pdf'), ...db]);
    assert.equal(wrongSize.code, 2);
    assert.match(wrongSize.stderr, /--page-size must be one of 4x6, 5x7, a6/);
    const unknown = await runCli(['products', 'render', 'nope', '--format', 'pdf', '--out', join(out, 'nope.pdf'), ...db]);
    assert.deepEqual([unknown.code, unknown.stderr], [1, 'larder: no product with the id nope\n']);
    const noFormat = await runCli(['products', 'render', book.id, '--out', join(out, 'x.pdf'), ...db]);
    assert.equal(noFormat.code, 2);
    assert.match(noFormat.stderr, /--format/);
    const missingDir = await runCli(['products', 'render', book.id, '--format', 'pdf', '--out', join(out, 'no-such-dir', 'x.pdf'), ...db]);
    assert.equal(missingDir.code, 2);
    assert.match(missingDir.stderr, /cannot write/);

    assert.deepEqual(readdirSync(out).sort(), ['soups.epub', 'soups.pdf'], 'only complete files, no partial ones');
    assert.equal(existsSync(join(out, 'cards.epub')), false);

    // The service's file store, S3 when STORAGE_URL says so: a wrong one is a one-line usage error, not a GridFS write.
    const badStorage = await runCli(['products', 'render', book.id, '--format', 'pdf', '--out', join(out, 'x.pdf'), ...db], {
      env: { ...process.env, MONGODB_URL: '', MONGODB_DB: '', STORAGE_URL: 's3://Not_A_Bucket' },
    });
    assert.equal(badStorage.code, 2);
    assert.match(badStorage.stderr, /^larder: STORAGE_URL must be .*Not_A_Bucket/);
    assert.equal(existsSync(join(out, 'x.pdf')), false);

    const help = await runCli(['products', 'render', '--help']);
    assert.equal(help.code, 0);
    for (const option of ['--format <format>', '--page-size <size>', '--units <units>', '--out <file>']) assert.ok(help.stdout.includes(option), option);
  });
});
