/** The contract's rule that an unknown query parameter is a 400, checked on every operation of the OpenAPI document. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EMAIL, harness, PASSWORD, type Harness } from './support/harness.js';

type Operations = Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;

/**
 * Where unknown query parameters are allowed: the OAuth consent page's way back carries what the platform adds
 * (`scope`, `iss`, ...), which is not ours to refuse.
 */
const OPEN_QUERY = new Set(['GET /api/connections/{platform}/callback']);

describe('unknown query parameters', () => {
  let h: Harness;
  let paths: Operations;
  before(async () => {
    h = await harness();
    paths = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Operations }>().paths;
  });
  after(() => h.app.close());

  it('are a 400 validation_failed naming the parameter on every API operation, whatever else the request holds', async () => {
    // The browser session's operations are authenticated by its cookie (and a change by its origin), not the token.
    const signedIn = await h.app.inject({ method: 'POST', url: '/api/auth/session', payload: { email: EMAIL, password: PASSWORD } });
    const cookie = /larder_session=[^;]+/.exec(String(signedIn.headers['set-cookie']))?.[0] ?? '';
    const sessionHeaders = { cookie, origin: 'http://127.0.0.1:3000' }; // the harness's PUBLIC_URL
    const answers: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const method of Object.keys(operations)) {
        const operation = `${method.toUpperCase()} ${path}`;
        if (OPEN_QUERY.has(operation)) continue;
        const url = `${path.replace(/\{[^}]+\}/g, 'x1')}?unknown_param=1`;
        const response = await h.request({ method: method.toUpperCase(), url, ...(path === '/api/auth/session' ? { headers: sessionHeaders, token: null } : {}) });
        const body = response.json<{ code?: string; errors?: { in: string; pointer: string; message: string }[] }>();
        const named = body.errors?.some((error) => error.in === 'query' && error.pointer === '/unknown_param' && error.message === 'is not a known query parameter');
        if (response.statusCode !== 400 || body.code !== 'validation_failed' || named !== true) answers.push(`${operation}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    assert.deepEqual(answers, []);
  });

  it('are a 400 on the routes the issue named, with a valid body too', async () => {
    for (const url of ['/api/api-keys?unknown=1', '/api/products/p1?unknown=1', '/api/connections?unknown=1', '/api/webhooks/w1?unknown=1']) {
      const response = await h.request({ method: 'GET', url });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
    }
    const created = await h.request({ method: 'POST', url: '/api/recipes?dry_run=1', body: { title: 'Soup' } });
    assert.equal(created.statusCode, 400, created.body);
    assert.equal(h.recipes.all().length, 0);
  });
});
