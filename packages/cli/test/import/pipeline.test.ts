import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentOf, importRecipeBatch, type RecipeWrite } from '@larder/domain';
import { InMemoryRecipeRepository, ManualClock, sequentialIds } from '@larder/domain/testing';
import { readCsv } from '../../src/formats/csv-reader.js';
import { readNdjson } from '../../src/formats/ndjson-reader.js';
import type { RecordReader } from '../../src/formats/source-record.js';
import { exportRecord } from '../../src/export/export-record.js';
import { runImport, type ImportOptions } from '../../src/import/pipeline.js';
import { chunksOf } from '../helpers.js';

const ndjson = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

function setup() {
  const repository = new InMemoryRecipeRepository();
  const batches: number[] = [];
  const saveBatch = repository.saveBatch.bind(repository);
  repository.saveBatch = (writes: readonly RecipeWrite[]) => {
    batches.push(writes.length);
    return saveBatch(writes);
  };
  const importBatch = importRecipeBatch({ recipes: repository, clock: new ManualClock(), ids: sequentialIds('r') });
  const run = (text: string, options: Partial<ImportOptions> = {}, reader: RecordReader = readNdjson) =>
    runImport(reader(chunksOf(text, 64)), importBatch, { batchSize: 500, dryRun: false, maxErrors: 1000, ...options });
  return { repository, batches, run };
}

const soup = { title: 'Soup', ingredients: ['1 1/2 cups water', 'salt to taste'], external_id: 'soup' };
const bread = { title: 'Bread', ingredients: ['500 g flour'], external_id: 'bread', dietary_tags: ['Vegan'] };

describe('import pipeline', () => {
  it('creates, then finds everything unchanged when the same data comes again, then updates what changed', async () => {
    const { repository, run } = setup();
    const first = await run(ndjson(soup, bread));
    assert.deepEqual([first.created, first.updated, first.unchanged, first.failed], [2, 0, 0, 0]);
    const again = await run(ndjson(soup, bread));
    assert.deepEqual([again.created, again.updated, again.unchanged, again.failed], [0, 0, 2, 0]);
    const changed = await run(ndjson({ ...soup, servings: 2 }, bread));
    assert.deepEqual([changed.created, changed.updated, changed.unchanged], [0, 1, 1]);
    assert.equal(repository.all().length, 2);
    assert.equal(repository.all().find((recipe) => recipe.external_id === 'soup')?.servings, 2);
  });

  it('writes nothing in a dry run but reports what would happen', async () => {
    const { repository, run } = setup();
    const report = await run(ndjson(soup, { title: '' }), { dryRun: true });
    assert.deepEqual([report.created, report.failed], [1, 1]);
    assert.equal(repository.all().length, 0);
  });

  it('names each failure by record, line and field, and still imports the good records', async () => {
    const { repository, run } = setup();
    const text = [JSON.stringify(soup), '', JSON.stringify({ servings: 'x' }), '{not json', JSON.stringify(bread), '[1]'].join('\n');
    const report = await run(text);
    assert.deepEqual([report.created, report.failed], [2, 3]);
    assert.deepEqual(report.errors.map(({ record, line, field }) => ({ record, line, field })), [
      { record: 2, line: 3, field: '/title' },
      { record: 2, line: 3, field: '/servings' },
      { record: 3, line: 4, field: undefined },
      { record: 5, line: 6, field: undefined },
    ]);
    assert.match(report.errors[0]?.message ?? '', /required/);
    assert.deepEqual(repository.all().map((recipe) => recipe.title).sort(), ['Bread', 'Soup']);
  });

  it('writes one saveBatch per batch', async () => {
    const { batches, run } = setup();
    const records = Array.from({ length: 5 }, (_, index) => ({ title: `R${index}` }));
    const report = await run(ndjson(...records), { batchSize: 2 });
    assert.equal(report.created, 5);
    assert.deepEqual(batches, [2, 2, 1]);
  });

  it('updates, not duplicates, when an external_id comes back in a later batch of the same file', async () => {
    const { repository, run } = setup();
    const report = await run(ndjson(soup, bread, { ...soup, servings: 6 }), { batchSize: 1 });
    assert.deepEqual([report.created, report.updated], [2, 1]);
    assert.equal(repository.all().length, 2);
  });

  it('re-imports its own export into an empty store as the same recipes', async () => {
    const source = setup();
    await source.run(ndjson(soup, { ...bread, status: 'archived' }, { title: 'No id', ingredients: [{ quantity: 2, unit: 'tbsp', name: 'oil', note: 'olive' }] }));
    const exported = ndjson(...source.repository.all().map(exportRecord));
    const target = setup();
    const report = await target.run(exported);
    assert.deepEqual([report.created, report.failed], [3, 0], JSON.stringify(report.errors));
    const contents = (repository: InMemoryRecipeRepository) =>
      repository.all().map(contentOf).sort((a, b) => a.title.localeCompare(b.title));
    assert.deepEqual(contents(target.repository), contents(source.repository));
  });

  it('keeps the first errors only when told to, with exact counts', async () => {
    const { run } = setup();
    const report = await run(ndjson({}, {}, {}), { maxErrors: 1 });
    assert.deepEqual([report.failed, report.errors.length, report.errorsOmitted], [3, 1, 2]);
  });

  it('stops on an unreachable store and says so', async () => {
    const { repository, run } = setup();
    repository.unavailable = true;
    const report = await run(ndjson(soup));
    assert.equal(report.stopped?.reason, 'store');
  });

  it('imports what came before a malformed part of the input, then stops', async () => {
    const { repository, run } = setup();
    const report = await run('title\nA\nB\n"C\n', {}, readCsv);
    assert.equal(report.stopped?.reason, 'input');
    assert.equal(repository.all().length, 2);
  });
});
