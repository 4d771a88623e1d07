import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsv } from '../../src/formats/csv-reader.js';
import { detectFormat } from '../../src/formats/detect.js';
import { readJsonArray } from '../../src/formats/json-array-reader.js';
import { readJsonLd } from '../../src/formats/jsonld-reader.js';
import { readNdjson } from '../../src/formats/ndjson-reader.js';
import { MalformedInputError } from '../../src/formats/source-record.js';
import { inputs, readAll } from '../helpers.js';

describe('NDJSON reader', () => {
  it('numbers records by position and lines by line, skipping blank lines', async () => {
    const records = await readAll(readNdjson, '\uFEFF{"title":"Crème"}\n\n  \r\n{"title":"B"}\r\n{"title":"C"}');
    assert.deepEqual(
      records.map((record) => [record.record, record.line]),
      [[1, 1], [2, 4], [3, 5]],
    );
    assert.deepEqual(inputs(records), [{ title: 'Crème' }, { title: 'B' }, { title: 'C' }]);
  });

  it('reports a line that is not JSON as a failed record and reads on', async () => {
    const records = await readAll(readNdjson, '{"title":"A"}\n{"title": oops}\n{"title":"C"}\n');
    assert.equal(records[1]?.kind, 'unreadable');
    assert.deepEqual([records[1]?.record, records[1]?.line], [2, 2]);
    assert.deepEqual(inputs(records)[2], { title: 'C' });
  });
  it('decodes lines whose characters and lines are cut across chunks of any size', async () => {
    const text = '{"title":"Crème brûlée ½ 🍰"}\n{"title":"' + 'ü'.repeat(300) + '"}\r\n\n{"title":"C"}';
    for (const size of [1, 2, 3, 5, 64, 1024]) {
      const records = await readAll(readNdjson, text, size);
      assert.deepEqual(inputs(records), [{ title: 'Crème brûlée ½ 🍰' }, { title: 'ü'.repeat(300) }, { title: 'C' }], `chunks of ${size}`);
      assert.deepEqual(records.map((record) => record.line), [1, 2, 4], `chunks of ${size}`);
    }
  });
});

describe('JSON array reader', () => {
  it('yields each element of the array in order', async () => {
    const records = await readAll(readJsonArray, ' [ {"title":"A","tags":[1,[2]]}, {"title":"B"} ] ', 3);
    assert.deepEqual(inputs(records), [{ title: 'A', tags: [1, [2]] }, { title: 'B' }]);
    assert.deepEqual(records.map((record) => record.record), [1, 2]);
  });

  it('stops with a malformed-input error when the array is cut short', async () => {
    await assert.rejects(readAll(readJsonArray, '[{"title":"A"},{"title":'), (error: Error) => {
      assert.ok(error instanceof MalformedInputError);
      assert.match(error.message, /^the JSON array is malformed after record \d+: /);
      return true;
    });
  });
});

describe('CSV reader', () => {
  const csv = [
    'title,ingredients,dietary_tags,servings,email_ready',
    '"Pancakes","1 cup flour',
    '2 eggs",vegetarian;quick,4,yes',
    '',
    'Toast,bread,,,',
    'Broken,row',
    'Soup,"water",,two,no',
  ].join('\r\n');

  it('reads the header and each row, with multi-line cells and the line each record starts on', async () => {
    const records = await readAll(readCsv, csv, 5);
    assert.deepEqual(
      records.map((record) => [record.record, record.line, record.kind]),
      [[1, 2, 'readable'], [2, 5, 'readable'], [3, 6, 'unreadable'], [4, 7, 'readable']],
    );
    assert.deepEqual(inputs(records)[0], { title: 'Pancakes', ingredients: ['1 cup flour', '2 eggs'], dietary_tags: ['vegetarian', 'quick'], servings: 4, email_ready: true });
    assert.deepEqual(inputs(records)[1], { title: 'Toast', ingredients: ['bread'] });
    assert.deepEqual(inputs(records)[3], { title: 'Soup', ingredients: ['water'], servings: 'two', email_ready: false });
    assert.match(records[2]?.kind === 'unreadable' ? records[2].message : '', /2 cells, the header has 5/);
  });

  it('stops with a malformed-input error on a quote that never closes', async () => {
    await assert.rejects(readAll(readCsv, 'title\n"A\n'), MalformedInputError);
  });
});

describe('JSON-LD reader', () => {
  const recipe = (name: string) => ({ '@type': 'Recipe', name });

  it('reads a single recipe, an array, an @graph, and documents one after the other', async () => {
    const titles = async (text: string) => inputs(await readAll(readJsonLd, text, 11)).map((input) => (input as { title: string }).title);
    assert.deepEqual(await titles(JSON.stringify({ '@context': 'https://schema.org', ...recipe('A') })), ['A']);
    assert.deepEqual(await titles(JSON.stringify([recipe('A'), { '@type': 'Person', name: 'x' }, recipe('B')])), ['A', 'B']);
    assert.deepEqual(
      await titles(JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage' }, recipe('A'), recipe('B')] })),
      ['A', 'B'],
    );
    assert.deepEqual(await titles(`${JSON.stringify(recipe('A'))}\n${JSON.stringify(recipe('B'))}\n`), ['A', 'B']);
  });

  it('numbers the recipes it finds and passes on mapping warnings', async () => {
    const records = await readAll(readJsonLd, JSON.stringify({ '@graph': [{ '@type': 'WebSite' }, recipe('A'), { ...recipe('B'), cookTime: 'soon' }] }));
    assert.deepEqual(records.map((record) => record.record), [1, 2]);
    assert.equal(records[1]?.kind === 'readable' ? records[1].warnings?.length : 0, 1);
  });

  it('reads the recipes around a value nested 5,000 levels deep (arrays, @graph objects, a recipe’s own fields), never overflowing', async () => {
    const deepArrays = `${'['.repeat(5000)}${JSON.stringify(recipe('Lost'))}${']'.repeat(5000)}`;
    const deepGraph = `${'{"@graph": ['.repeat(5000)}${JSON.stringify(recipe('Lost'))}${']}'.repeat(5000)}`;
    const deepFields = JSON.stringify({ ...recipe('C'), recipeIngredient: ['1 egg'] }).replace('}', `, "recipeInstructions": ${'['.repeat(5000)}"Stir."${']'.repeat(5000)}, "name2": ${'{"name": '.repeat(5000)}"x"${'}'.repeat(5000)}}`);
    const text = [JSON.stringify(recipe('A')), deepArrays, deepGraph, JSON.stringify(recipe('B')), deepFields].join('\n');
    const records = await readAll(readJsonLd, text, 4096);
    assert.deepEqual(inputs(records).map((input) => (input as { title: string }).title), ['A', 'B', 'C']);
    const last = records[2];
    assert.ok(last?.kind === 'readable');
    assert.equal((last.input as { instructions?: unknown }).instructions, undefined);
    assert.ok(last.warnings?.some((warning) => /nested deeper than 32 levels/.test(warning)), last.warnings?.join('\n'));
  });

  it('stops with a malformed-input error on broken JSON', async () => {
    await assert.rejects(readAll(readJsonLd, '{"@graph": [{"@type": "Recipe", "name": "A"}, {'), MalformedInputError);
  });
});

describe('format detection', () => {
  it('tells the formats apart from the first bytes', () => {
    assert.equal(detectFormat('{"title":"A"}\n{"title":"B"}'), 'ndjson');
    assert.equal(detectFormat('\uFEFF  [{"title":"A"}]'), 'json');
    assert.equal(detectFormat('{"@context": "https://schema.org", "@type": "Recipe"}'), 'jsonld');
    assert.equal(detectFormat('[\n  {"@type": "Recipe", "name": "A"}]'), 'jsonld');
    assert.equal(detectFormat('title,ingredients\nSoup,water'), 'csv');
    assert.equal(detectFormat(''), 'ndjson');
  });
});
