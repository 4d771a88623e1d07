/**
 * Text that is not valid Unicode (a lone surrogate spelled with a JSON escape) is a 400 `validation_failed` pointing
 * at the field, in any string of any body: it is never stored as something other than what the response showed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from '../support/harness.js';
import { createEbook, createRecipe } from '../support/fixtures.js';
import { assertProblem } from '../support/problems.js';

describe('text that is not valid Unicode', () => {
  let h: Harness;
  let recipeId: string;
  let productId: string;
  before(async () => {
    h = await harness();
    recipeId = (await createRecipe(h, { title: 'Tomato soup', email_ready: true })).id;
    productId = (await createEbook(h, [recipeId])).id;
  });
  after(() => h.app.close());

  /** The JSON text is sent as written, escapes included. */
  const send = (method: 'POST' | 'PATCH', url: string, json: string, token: string | null = h.token) =>
    h.app.inject({
      method,
      url,
      payload: json,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    });

  it('is refused in every body, pointing at the field', async () => {
    const cases: [method: 'POST' | 'PATCH', url: string, json: string, pointer: string][] = [
      ['POST', '/api/recipes', '{"title":"lone \\ud800 x"}', '/title'],
      ['POST', '/api/recipes', '{"title":"low \\uDC00 first"}', '/title'],
      ['POST', '/api/recipes', '{"title":"swapped \\udc00\\ud800"}', '/title'],
      ['POST', '/api/recipes', '{"title":"Soup","ingredients":["1 cup x",{"name":"salt","note":"\\ud83c"}]}', '/ingredients/1/note'],
      ['PATCH', `/api/recipes/${'RECIPE'}`, '{"dietary_tags":["vegan","\\udbff"]}', '/dietary_tags/1'],
      ['PATCH', `/api/recipes/${'RECIPE'}`, '{"instructions":"Stir.\\n\\ud800"}', '/instructions'],
      ['POST', '/api/products', `{"type":"ebook","title":"Book \\ud800","recipe_ids":["RECIPE"]}`, '/title'],
      ['PATCH', `/api/products/${'PRODUCT'}`, '{"description":"\\udfff"}', '/description'],
      ['POST', `/api/products/${'PRODUCT'}/publish`, '{"platforms":["etsy"],"price_cents":900,"currency":"eu\\ud800"}', '/currency'],
      ['POST', `/api/products/${'PRODUCT'}/lead-magnet`, '{"title":"\\ud800"}', '/title'],
      ['POST', '/api/recipes', '{"title":"Soup","\\ud800":1}', '/\ud800'],
    ];
    const recipesBefore = h.recipes.all().length;
    for (const [method, template, json, pointer] of cases) {
      const url = template.replace('RECIPE', recipeId).replace('PRODUCT', productId);
      const body = json.replace('RECIPE', recipeId);
      const problem = assertProblem(await send(method, url, body), 400, 'validation_failed');
      assert.deepEqual(problem.errors?.map((error) => [error.in, error.pointer]), [['body', pointer]], `${method} ${url} ${body}`);
    }
    const login = await send('POST', '/api/auth/login', '{"email":"cook@example.com","password":"pass\\ud800word"}', null);
    assert.equal(assertProblem(login, 400, 'validation_failed').errors?.[0]?.pointer, '/password');
    assert.equal(h.recipes.all().length, recipesBefore, 'nothing was created');
    const recipe = (await h.request({ method: 'GET', url: `/api/recipes/${recipeId}` })).json<{ version: number; title: string }>();
    assert.deepEqual([recipe.version, recipe.title], [1, 'Tomato soup'], 'nothing was changed');
  });

  it('accepts escaped surrogate pairs and a literal backslash-u, storing exactly what the response shows', async () => {
    const created = await send('POST', '/api/recipes', '{"title":"Bowl \\ud83c\\udf72 \\\\ud800"}');
    assert.equal(created.statusCode, 201, created.body);
    const { id, title } = created.json<{ id: string; title: string }>();
    assert.equal(title, 'Bowl 🍲 \\ud800');
    assert.equal((await h.request({ method: 'GET', url: `/api/recipes/${id}` })).json<{ title: string }>().title, title);
  });
});
