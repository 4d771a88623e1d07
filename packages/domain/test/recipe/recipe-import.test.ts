import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importRecipeBatch, parseImportRecord, type ImportRecord } from '../../src/recipe/recipe-import.js';
import { okAsync } from 'neverthrow';
import { makeDeps } from '../deps.js';

const records = (...inputs: unknown[]): ImportRecord[] => inputs.map((input, index) => ({ record: index + 1, input }));
const outcomes = (list: { outcome: string }[]) => list.map((item) => item.outcome);

describe('recipe batch import', () => {
  it('creates, then finds the same data unchanged the second time', async () => {
    const deps = makeDeps();
    const batch = records({ title: 'A', external_id: 'a' }, { title: 'B', external_id: 'b', ingredients: ['2 eggs'] });
    assert.deepEqual(outcomes((await importRecipeBatch(deps)(batch))._unsafeUnwrap()), ['created', 'created']);
    assert.deepEqual(outcomes((await importRecipeBatch(deps)(batch))._unsafeUnwrap()), ['unchanged', 'unchanged']);
    assert.equal(deps.recipes.all().length, 2);
    assert.ok(deps.recipes.all().every((recipe) => recipe.version === 1));
  });

  it('updates on external_id and keeps the id', async () => {
    const deps = makeDeps();
    const [first] = (await importRecipeBatch(deps)(records({ title: 'A', external_id: 'a' })))._unsafeUnwrap();
    const [second] = (await importRecipeBatch(deps)(records({ title: 'A2', external_id: 'a' })))._unsafeUnwrap();
    assert.equal(second?.outcome, 'updated');
    assert.ok(first?.outcome === 'created' && second.outcome === 'updated' && first.id === second.id);
    assert.equal(deps.recipes.all()[0]?.title, 'A2');
    assert.equal(deps.recipes.all()[0]?.version, 2);
  });

  it('reports bad records by position and field, and still imports the others', async () => {
    const deps = makeDeps();
    const result = (await importRecipeBatch(deps)(records({ title: 'Good' }, { title: '' }, 'not an object', { title: 'Also good', servings: -1 })))._unsafeUnwrap();
    assert.deepEqual(outcomes(result), ['created', 'failed', 'failed', 'failed']);
    const failure = result[3];
    assert.ok(failure?.outcome === 'failed');
    assert.deepEqual([failure.record, failure.issues[0]?.pointer], [4, '/servings']);
    assert.equal(deps.recipes.all().length, 1);
  });

  it('fails every record that makes a write the store refuses, and only those', async () => {
    const deps = makeDeps();
    await importRecipeBatch(deps)(records({ title: 'A', external_id: 'a' }));
    // As if someone else changed 'a' between the read and the write: the store answers stale for its update.
    const saveBatch = deps.recipes.saveBatch.bind(deps.recipes);
    deps.recipes.saveBatch = (writes) =>
      saveBatch(writes).andThen((results) => okAsync(results.map((result, index) => (writes[index]?.kind === 'update' ? 'stale' : result))));
    const result = (
      await importRecipeBatch(deps)(records({ title: 'A2', external_id: 'a' }, { title: 'B', external_id: 'b' }, { title: 'A3', external_id: 'a' }))
    )._unsafeUnwrap();
    assert.deepEqual(outcomes(result), ['failed', 'created', 'failed']);
    for (const [position, record] of [[0, 1], [2, 3]] as const) {
      const failure = result[position];
      assert.ok(failure?.outcome === 'failed');
      assert.equal(failure.record, record);
      assert.deepEqual(failure.issues, [
        { pointer: '/external_id', message: 'the recipe was changed by someone else during the import; run the import again' },
      ]);
    }
  });

  it('writes nothing on a dry run but reports what would happen', async () => {
    const deps = makeDeps();
    const result = (await importRecipeBatch(deps)(records({ title: 'A' }, { title: 'B' }), { dryRun: true }))._unsafeUnwrap();
    assert.deepEqual(outcomes(result), ['created', 'created']);
    assert.equal(deps.recipes.all().length, 0);
  });

  it('applies a repeated external_id within one batch on top of the first', async () => {
    const deps = makeDeps();
    const result = (await importRecipeBatch(deps)(records({ title: 'One', external_id: 'x' }, { title: 'Two', external_id: 'x' })))._unsafeUnwrap();
    assert.deepEqual(outcomes(result), ['created', 'updated']);
    assert.deepEqual(deps.recipes.all().map((recipe) => recipe.title), ['Two']);
  });

  it('imports archived recipes from an export', async () => {
    const deps = makeDeps();
    await importRecipeBatch(deps)(records({ title: 'Old', status: 'archived' }));
    const [recipe] = deps.recipes.all();
    assert.equal(recipe?.status, 'archived');
    assert.ok(recipe?.archived_at instanceof Date);
  });

  it('takes records validated beforehand with parseImportRecord, beside raw ones, as if it had validated them', async () => {
    const deps = makeDeps();
    const raw = { title: 'Old', status: 'archived', external_id: 'old', ingredients: ['2 eggs'] };
    const validated = parseImportRecord(raw)._unsafeUnwrap();
    const result = (await importRecipeBatch(deps)([{ record: 1, content: validated }, { record: 2, input: { title: 'New' } }]))._unsafeUnwrap();
    assert.deepEqual(outcomes(result), ['created', 'created']);
    assert.equal(deps.recipes.all().find((recipe) => recipe.external_id === 'old')?.status, 'archived');
    const again = (await importRecipeBatch(deps)(records(raw)))._unsafeUnwrap();
    assert.deepEqual(outcomes(again), ['unchanged']);
  });

  it('validates with parseImportRecord as the import does: archived recipes allowed, an empty title not', () => {
    assert.ok(parseImportRecord({ title: 'Old', status: 'archived' }).isOk());
    assert.deepEqual(parseImportRecord({ title: '' })._unsafeUnwrapErr().issues.map((issue) => issue.pointer), ['/title']);
  });
});
