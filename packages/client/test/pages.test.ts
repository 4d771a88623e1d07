/** `client.pages(path, init)`: every item of a list, page after page, following the `Link` header's `next`. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLarderClient, LarderApiError, nextPage } from '../src/index.js';

/** A list API of `total` numbered recipes over a fake fetch, with the service's Link header; notes the pages asked for. */
function fakeList(total: number) {
  const asked: URL[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    asked.push(url);
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '20');
    const totalPages = Math.ceil(total / perPage);
    const first = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - first)) }, (_, index) => ({ id: `r${first + index + 1}` }));
    const target = (number: number) => `</api/recipes?q=${url.searchParams.get('q') ?? ''}&page=${number}&per_page=${perPage}>`;
    const links = [`${target(1)}; rel="first"`];
    if (page > 1) links.push(`${target(page - 1)}; rel="prev"`);
    if (page < totalPages) links.push(`${target(page + 1)}; rel="next"`);
    links.push(`${target(Math.max(totalPages, 1))}; rel="last"`);
    return new Response(JSON.stringify({ data, pagination: { page, per_page: perPage, total, total_pages: totalPages } }), {
      status: 200,
      headers: { 'content-type': 'application/json', link: links.join(', ') },
    });
  };
  return { fetch, asked };
}

describe('pages', () => {
  it('yields every item across pages, in order, asking each page once with the same filters', async () => {
    const { fetch, asked } = fakeList(7);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    const ids: string[] = [];
    for await (const recipe of client.pages('/api/recipes', { params: { query: { q: 'soup', per_page: 3 } } })) ids.push(recipe.id);
    assert.deepEqual(ids, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    assert.deepEqual(asked.map((url) => url.searchParams.get('page')), [null, '2', '3']);
    assert.ok(asked.every((url) => url.searchParams.get('q') === 'soup' && url.searchParams.get('per_page') === '3'));
  });

  it('starts at the page asked for, and stops when there is no next link', async () => {
    const { fetch, asked } = fakeList(10);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    const ids: string[] = [];
    for await (const recipe of client.pages('/api/recipes', { params: { query: { per_page: 4, page: 2 } } })) ids.push(recipe.id);
    assert.deepEqual(ids, ['r5', 'r6', 'r7', 'r8', 'r9', 'r10']);
    assert.equal(asked.length, 2);
  });

  it('yields nothing for an empty list, after one request', async () => {
    const { fetch, asked } = fakeList(0);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    for await (const recipe of client.pages('/api/recipes')) assert.fail(`unexpected ${recipe.id}`);
    assert.equal(asked.length, 1);
  });

  it('stops early when the loop does, without asking for more pages', async () => {
    const { fetch, asked } = fakeList(50);
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    for await (const recipe of client.pages('/api/recipes', { params: { query: { per_page: 5 } } })) {
      if (recipe.id === 'r7') break;
    }
    assert.equal(asked.length, 2);
  });

  it('throws the problem when a page fails', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ type: 'urn:larder:problem:forbidden', title: 'Forbidden', status: 403, detail: 'needs recipes:read', code: 'forbidden' }), {
        status: 403,
        headers: { 'content-type': 'application/problem+json' },
      });
    const client = createLarderClient({ baseUrl: 'http://larder.test', apiKey: 'lk_test', fetch });
    await assert.rejects(
      async () => {
        for await (const recipe of client.pages('/api/recipes')) assert.fail(`unexpected ${recipe.id}`);
      },
      (error: unknown) => error instanceof LarderApiError && error.status === 403 && error.problem?.code === 'forbidden',
    );
  });
});

describe('nextPage', () => {
  it('reads the page of the link whose rel is next, wherever it is and however it is written', () => {
    const header = '</api/recipes?page=1&per_page=2>; rel="first", </api/recipes?page=3&per_page=2>; rel="prev", </api/recipes?page=5&per_page=2>; rel="next", </api/recipes?page=9&per_page=2>; rel="last"';
    assert.equal(nextPage(header), 5);
    assert.equal(nextPage('</api/recipes?dietary_tags=vegan,gluten-free&page=2>; rel=next'), 2, 'a comma in the target, rel unquoted');
    assert.equal(nextPage('<https://larder.example.com/api/sales?page=4>; title="more"; REL="prefetch next"'), 4, 'rel among other parameters, several types');
    assert.equal(nextPage('</api/recipes?page=1>; rel="first", </api/recipes?page=1>; rel="last"'), undefined, 'the last page has none');
    assert.equal(nextPage('</api/recipes?page=x>; rel="next"'), undefined);
    assert.equal(nextPage(null), undefined);
  });
});
