/**
 * Integers in query strings are plain decimal digits: what `Number()` would also read (hex, binary, octal, a sign,
 * spaces, exponents, a fraction) is a 400 `validation_failed` with `in: "query"`, for every integer parameter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from '../support/harness.js';
import { createRecipe } from '../support/fixtures.js';
import { assertProblem } from '../support/problems.js';

const NOT_DIGITS = ['0x10', '0X10', '0b11', '0o7', '+5', '-0', ' 5', '5 ', '1e2', '5.0', '', '٥', '５'];

describe('integer query parameters', () => {
  let h: Harness;
  let parameters: [path: string, name: string][];
  before(async () => {
    h = await harness();
    const recipe = await createRecipe(h, { cook_time_minutes: 10 });
    parameters = [
      ['/api/recipes', 'page'],
      ['/api/recipes', 'per_page'],
      ['/api/recipes', 'max_cook_time_minutes'],
      ['/api/products', 'page'],
      ['/api/products', 'per_page'],
      [`/api/recipes/${recipe.id}`, 'servings'],
    ];
  });
  after(() => h.app.close());

  it('refuse anything but plain decimal digits, pointing at the parameter', async () => {
    for (const [path, name] of parameters) {
      for (const value of NOT_DIGITS) {
        const url = `${path}?${name}=${encodeURIComponent(value)}`;
        const problem = assertProblem(await h.request({ method: 'GET', url }), 400, 'validation_failed');
        assert.deepEqual(problem.errors?.map((error) => [error.in, error.pointer]), [['query', `/${name}`]], url);
        assert.match(problem.errors?.[0]?.message ?? '', /decimal digits/, url);
      }
    }
  });

  it('accept plain digits, leading zeros included', async () => {
    for (const [path, name] of parameters) {
      for (const value of ['5', '05']) {
        const response = await h.request({ method: 'GET', url: `${path}?${name}=${value}` });
        assert.equal(response.statusCode, 200, `${path}?${name}=${value}: ${response.body}`);
      }
    }
  });

  it('report the other problems of the query with it', async () => {
    const problem = assertProblem(await h.request({ method: 'GET', url: '/api/recipes?page=0x2&per_page=500&colour=red' }), 400, 'validation_failed');
    assert.deepEqual(problem.errors?.map((error) => error.pointer).sort(), ['/colour', '/page', '/per_page']);
  });
});
