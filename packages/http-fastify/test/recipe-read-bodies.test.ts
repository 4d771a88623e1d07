/**
 * `GET /api/recipes/{id}` sends a body serialised once per recipe version and query (http/serialized-bodies.ts):
 * every read after a change is the changed recipe, in every form of the read, with the bytes the route's schema
 * serializer gives; the kept bodies stay within their bounds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SerializedBodies } from '../src/http/serialized-bodies.js';
import { createRecipe } from './support/fixtures.js';
import { harness, type Harness } from './support/harness.js';

/** Every form of the read: plain, scaled, converted, both. */
const FORMS = ['', '?servings=6', '?units=metric', '?servings=6&units=metric'];

/** What the body of a form says about its form: its servings, `scaling` and `units` (each only when asked for). */
function formOf(body: { servings: number | null; scaling?: { servings: number }; units?: string }): string {
  return `${body.servings}/${body.scaling?.servings ?? '-'}/${body.units ?? '-'}`;
}
const EXPECTED_FORMS = ['4/-/-', '6/6/-', '4/-/metric', '6/6/metric'];

describe('reading a recipe from its serialised body', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  const read = (id: string, form = '') => h.request({ method: 'GET', url: `/api/recipes/${id}${form}` });

  it('reads a changed recipe as changed, in every form of the read, with its new ETag', async () => {
    const recipe = await createRecipe(h, { title: 'Soup', servings: 4, ingredients: ['2 cups stock', '500 g tomatoes'] });
    for (const [index, form] of FORMS.entries()) {
      const first = await read(recipe.id, form);
      assert.equal(first.json<{ title: string }>().title, 'Soup');
      assert.equal(formOf(first.json()), EXPECTED_FORMS[index], form);
      assert.equal((await read(recipe.id, form)).body, first.body, `${form}: the second read sends the first one's bytes`);
    }
    const changed = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { title: 'Tomato Soup', ingredients: ['3 cups stock'] } });
    assert.equal(changed.statusCode, 200);
    for (const [index, form] of FORMS.entries()) {
      const again = await read(recipe.id, form);
      assert.equal(again.headers.etag, '"2"', form);
      const body = again.json<{ title: string; version: number; ingredients: { name: string }[]; servings: number | null }>();
      assert.deepEqual([body.title, body.version, body.ingredients.map((item) => item.name)], ['Tomato Soup', 2, ['stock']], form);
      assert.equal(formOf(body), EXPECTED_FORMS[index], form);
    }
  });

  it('reads a recipe stored again under the same id and version (a store emptied and filled again) as stored now', async () => {
    const recipe = await createRecipe(h, { title: 'Bread' });
    assert.equal((await read(recipe.id)).json<{ title: string }>().title, 'Bread');
    const stored = (await h.recipes.findById(recipe.id))._unsafeUnwrap();
    assert.ok(stored !== null);
    const later = new Date(stored.updated_at.getTime() + 1000);
    (await h.recipes.insert({ ...stored, title: 'Rye Bread', created_at: later, updated_at: later }))._unsafeUnwrap();
    const again = await read(recipe.id);
    assert.equal(again.headers.etag, '"1"');
    assert.equal(again.json<{ title: string }>().title, 'Rye Bread');
  });

  it('sends the bytes and headers of the schema serializer: a plain read is byte for byte the body a change answers with', async () => {
    const recipe = await createRecipe(h, { title: 'Jalapeño Cornbread', notes: 'Use a "hot" skillet.\nServe warm ½ hour later.', ingredients: ['1 1/2 cups cornmeal'] });
    const changed = await h.request({ method: 'PATCH', url: `/api/recipes/${recipe.id}`, body: { description: 'Crisp edges — soft middle' } });
    const first = await read(recipe.id);
    const second = await read(recipe.id);
    for (const response of [first, second]) {
      assert.equal(response.body, changed.body);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(response.headers['content-length'], String(Buffer.byteLength(changed.body)));
      assert.equal(response.headers.etag, '"2"');
    }
  });

  it('answers a HEAD read with the GET read\'s length and no body', async () => {
    const recipe = await createRecipe(h, { title: 'Crème brûlée' });
    const get = await read(recipe.id);
    const head = await h.request({ method: 'HEAD', url: `/api/recipes/${recipe.id}` });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], String(Buffer.byteLength(get.body)));
    assert.equal(head.headers.etag, '"1"');
  });
});

describe('SerializedBodies', () => {
  it('keeps at most maxEntries bodies, dropping the least recently used', () => {
    const bodies = new SerializedBodies({ maxEntries: 2, maxBytes: 1000 });
    bodies.body('a', () => '"a"');
    bodies.body('b', () => '"b"');
    bodies.body('a', () => assert.fail('a is kept'));
    bodies.body('c', () => '"c"');
    assert.deepEqual([bodies.size, bodies.has('a'), bodies.has('b'), bodies.has('c')], [2, true, false, true]);
  });

  it('keeps at most maxBytes of bodies (UTF-8), and never one larger than that', () => {
    const bodies = new SerializedBodies({ maxEntries: 100, maxBytes: 12 });
    assert.equal(bodies.body('a', () => '"ééé"').toString(), '"ééé"');
    bodies.body('b', () => '"bb"');
    assert.deepEqual([bodies.size, bodies.bytes], [2, 12]);
    bodies.body('c', () => '"c"');
    assert.deepEqual([bodies.has('a'), bodies.has('b'), bodies.has('c'), bodies.bytes], [false, true, true, 7]);
    assert.equal(bodies.body('big', () => '"0123456789a"').toString(), '"0123456789a"');
    assert.deepEqual([bodies.has('big'), bodies.bytes], [false, 7]);
  });

  it('holds no more memory for a body than the bytes it counts (no slab of a shared pool)', () => {
    const bodies = new SerializedBodies({ maxEntries: 10, maxBytes: 1000 });
    for (const serialized of ['"ééé"', Buffer.from('"b"'), new TextEncoder().encode('"c"').buffer]) {
      const body = bodies.body(String(bodies.size), () => serialized);
      assert.equal(body.buffer.byteLength, body.length);
    }
    assert.deepEqual([bodies.size, bodies.bytes], [3, 14]);
  });

  it('serialises a body once while it is kept', () => {
    const bodies = new SerializedBodies({ maxEntries: 10, maxBytes: 1000 });
    let calls = 0;
    for (let i = 0; i < 3; i += 1) bodies.body('k', () => `"${(calls += 1)}"`);
    assert.equal(calls, 1);
  });
});
