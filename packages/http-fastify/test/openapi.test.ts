/** The generated OpenAPI document and the interactive reference. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { harness, type Harness } from './support/harness.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  description?: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { description: string; license?: { name?: string; identifier?: string; url?: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

describe('OpenAPI document', () => {
  let h: Harness;
  let document: Document;
  before(async () => {
    h = await harness();
    const response = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json<Document>();
  });
  after(() => h.app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(document.openapi, '3.1.0');
  });

  it('documents every endpoint of the contract', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    for (const expected of [
      'POST /api/auth/login', 'POST /api/auth/session', 'GET /api/auth/session', 'DELETE /api/auth/session', 'GET /api/recipes', 'POST /api/recipes', 'GET /api/recipes/{id}', 'PATCH /api/recipes/{id}', 'DELETE /api/recipes/{id}',
      'GET /api/products', 'POST /api/products', 'GET /api/products/{id}', 'PATCH /api/products/{id}', 'POST /api/products/{id}/publish',
      'POST /api/products/{id}/lead-magnet', 'GET /api/products/{id}/shopping-list', 'GET /healthz', 'GET /readyz',
      'GET /api/sales', 'GET /api/reports/revenue', 'POST /hooks/{platform}/{secret}',
    ]) {
      assert.ok(operations.includes(expected), `${expected} missing from ${operations.join(', ')}`);
    }
  });

  it('describes units, meal servings and the shopping list with its merge rules', () => {
    const parameters = (path: string) => document.paths[path]?.get?.parameters ?? [];
    assert.deepEqual(parameters('/api/recipes/{id}').find((parameter) => parameter.name === 'units')?.schema?.enum, ['original', 'metric', 'us']);
    assert.deepEqual(parameters('/api/products/{id}/shopping-list').find((parameter) => parameter.name === 'units')?.schema?.enum, ['original', 'metric', 'us']);
    assert.match(String(document.paths['/api/products/{id}/shopping-list']?.get?.description), /singular\/plural/);
    const list = JSON.stringify(document.components.schemas['ShoppingList']);
    for (const field of ['product_id', 'aisle', 'recipe_ids', 'lines', 'quantity_max', 'meat_seafood']) assert.ok(list.includes(field), field);
    assert.ok(JSON.stringify(document.components.schemas['Product']).includes('servings'));
    assert.ok(JSON.stringify(document.components.schemas['ScaledRecipe']).includes('original_text'));
  });

  it('documents photo and cover uploads (image bodies, 413/415), the public media route, and photo / cover in the resources', () => {
    for (const path of ['/api/recipes/{id}/photo', '/api/products/{id}/cover']) {
      const put = document.paths[path]?.put;
      assert.ok(put, `PUT ${path}`);
      assert.deepEqual(Object.keys(put.requestBody?.content ?? {}).sort(), ['image/avif', 'image/jpeg', 'image/png', 'image/webp']);
      for (const status of ['200', '404', '412', '413', '415']) assert.ok(put.responses[status], `${path} ${status}`);
      assert.ok(document.paths[path]?.delete, `DELETE ${path}`);
    }
    const media = document.paths['/media/{file}']?.get;
    assert.ok(media);
    assert.deepEqual(media.security, []);
    assert.ok(media.responses['200']?.headers?.['Cache-Control']);
    assert.ok(media.responses['404']?.content?.['application/problem+json']);
    for (const variant of ['variants', 'format', 'webp']) {
      assert.ok(JSON.stringify(document.components.schemas['Recipe']).includes(variant), `Recipe photo ${variant}`);
      assert.ok(JSON.stringify(document.components.schemas['Product']).includes(variant), `Product cover ${variant}`);
    }
  });

  it('declares bearer authentication or the session cookie, lifted for login, sign-in and the health checks', () => {
    assert.deepEqual({ ...document.components.securitySchemes.bearerAuth, description: undefined }, { type: 'http', scheme: 'bearer', description: undefined });
    assert.match(String((document.components.securitySchemes.bearerAuth as { description?: string }).description), /API key/);
    assert.deepEqual({ ...document.components.securitySchemes.sessionCookie, description: undefined }, { type: 'apiKey', in: 'cookie', name: 'larder_session', description: undefined });
    assert.deepEqual(document.security, [{ bearerAuth: [] }, { sessionCookie: [] }]);
    assert.deepEqual(document.paths['/api/auth/login']?.post?.security, []);
    assert.deepEqual(document.paths['/api/auth/session']?.post?.security, []);
    assert.deepEqual(document.paths['/api/auth/session']?.get?.security, [{ sessionCookie: [] }]);
    assert.deepEqual(document.paths['/api/auth/session']?.delete?.security, [{ sessionCookie: [] }]);
    assert.ok(document.paths['/api/auth/session']?.post?.responses['200']?.headers?.['Set-Cookie'], 'sign-in documents its cookie');
    assert.deepEqual(document.paths['/healthz']?.get?.security, []);
  });

  it('documents problem responses, headers and If-Match', () => {
    const patch = document.paths['/api/recipes/{id}']?.patch;
    assert.ok(patch);
    for (const status of ['400', '401', '404', '412', '429', '503']) {
      assert.ok(patch.responses[status]?.content?.['application/problem+json'], `problem ${status}`);
    }
    assert.ok(patch.responses['429']?.headers?.['Retry-After']);
    assert.ok(patch.responses['401']?.headers?.['WWW-Authenticate']);
    for (const name of ['ETag', 'X-Refreshed-Token', 'RateLimit-Remaining']) assert.ok(patch.responses['200']?.headers?.[name], name);
    assert.ok(patch.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'if-match'));
    assert.ok(document.paths['/api/recipes']?.get?.responses['200']?.headers?.Link);
    assert.ok(document.paths['/api/recipes']?.post?.responses['201']?.headers?.Location);
    assert.deepEqual(Object.keys(document.components.schemas).sort(), [
      'ApiKey', 'Connection', 'EbookCreate', 'ImportedRecipe', 'MealPlanCreate', 'Pagination', 'Problem', 'Product', 'Profile', 'Recipe', 'RecipeCardPackCreate', 'Sale', 'ScaledRecipe',
      'ShoppingList', 'Subscriber', 'WebhookDelivery', 'WebhookEndpoint',
    ]);
    assert.equal(document.paths['/api/products/{id}/lead-magnet']?.post?.requestBody?.required, false, 'its body is optional');
    assert.equal(document.paths['/api/products']?.post?.requestBody?.required, true);
  });

  it('documents the document downloads: binary bodies, the 304, the card pack EPUB 422', () => {
    const pdf = document.paths['/api/products/{id}/document.pdf']?.get;
    const epub = document.paths['/api/products/{id}/document.epub']?.get;
    assert.ok(pdf && epub);
    assert.deepEqual(pdf.responses['200']?.content, { 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    assert.deepEqual(epub.responses['200']?.content, { 'application/epub+zip': { schema: { type: 'string', format: 'binary' } } });
    for (const operation of [pdf, epub]) {
      assert.ok(operation.responses['304'], 'the 304');
      for (const name of ['ETag', 'Content-Disposition', 'RateLimit-Remaining']) assert.ok(operation.responses['200']?.headers?.[name], name);
      assert.ok(operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'if-none-match'));
      for (const name of ['page_size', 'units']) assert.ok(operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === name), name);
      assert.ok(operation.responses['404']);
    }
    assert.ok(epub.responses['422']?.content?.['application/problem+json'], 'a card pack EPUB is a 422');
  });

  it('gives every operation a unique camelCase operationId, a described tag and a summary', () => {
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const seen = new Map<string, string>();
    let count = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        count += 1;
        assert.match(String(operation.operationId), /^[a-z][A-Za-z0-9]*$/, `${where}: operationId`);
        const id = String(operation.operationId);
        assert.equal(seen.get(id), undefined, `${where}: operationId ${id} is also ${seen.get(id)}'s`);
        seen.set(id, where);
        assert.ok(operation.tags !== undefined && operation.tags.length > 0, `${where}: a tag`);
        for (const tag of operation.tags) assert.ok((described.get(tag) ?? '').length > 10, `${where}: tag ${tag} is described at the top level`);
        assert.ok(typeof operation.summary === 'string' && operation.summary.trim().length > 3, `${where}: a summary`);
      }
    }
    assert.ok(count >= 48, `${count} operations`);
    for (const [id, where] of [['listRecipes', 'GET /api/recipes'], ['getRecipe', 'GET /api/recipes/{id}'], ['createRecipe', 'POST /api/recipes'], ['importRecipe', 'POST /api/recipes/import'], ['publishProduct', 'POST /api/products/{id}/publish'], ['listSales', 'GET /api/sales'], ['createApiKey', 'POST /api/api-keys']]) {
      assert.equal(seen.get(id ?? ''), where, id);
    }
  });

  it('names its servers (relative first, then PUBLIC_URL) and its license', () => {
    assert.deepEqual(document.servers?.map((server) => server.url), ['/', 'http://127.0.0.1:3000']);
    assert.ok(document.servers?.every((server) => (server.description ?? '') !== ''));
    assert.ok(document.info.license?.name);
    assert.ok(document.info.license.identifier !== undefined || document.info.license.url !== undefined, 'an SPDX identifier or a URL');
  });

  it('shows an example body for the creates integrators start with (redocly checks each against its schema)', () => {
    for (const [path, method] of [['/api/auth/login', 'post'], ['/api/recipes', 'post'], ['/api/products', 'post'], ['/api/products/{id}/publish', 'post'], ['/api/api-keys', 'post'], ['/api/webhooks', 'post']] as const) {
      const body = (document.paths[path]?.[method]?.requestBody as { content?: Record<string, { example?: unknown; examples?: unknown }> } | undefined)?.content?.['application/json'];
      assert.ok(body?.example !== undefined || body?.examples !== undefined, `${method.toUpperCase()} ${path}`);
    }
  });

  it('maps each product type to its own create schema', () => {
    const body = (document.paths['/api/products']?.post?.requestBody as { content: Record<string, { schema: { discriminator?: { mapping?: unknown } } }> } | undefined)?.content['application/json']?.schema;
    assert.deepEqual(body?.discriminator?.mapping, {
      ebook: '#/components/schemas/EbookCreate',
      recipe_card_pack: '#/components/schemas/RecipeCardPackCreate',
      meal_plan: '#/components/schemas/MealPlanCreate',
    });
  });

  it('writes down the decisions the contract left open', () => {
    const text = document.info.description.replace(/\s+/g, ' ').toLowerCase();
    for (const decision of ['If-Match', 'weak tag', 'unknown query parameters', 'within one second', 'urn:larder:problem']) {
      assert.ok(text.includes(decision.toLowerCase()), decision);
    }
  });
});

describe('interactive reference at /docs', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.app.close());

  it('is where / sends a visitor when the studio is not built (302, no token needed), as the OpenAPI document says', async () => {
    const root = await h.app.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/docs');
    const document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
    const operation = document.paths['/']?.get;
    assert.deepEqual(operation?.security, []);
    assert.ok(operation?.responses['302'], 'the 302 is documented');
    assert.ok(operation?.responses['200']?.content?.['text/html'], 'and the studio’s page');
  });

  it('serves the page and every asset it loads from the service itself', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    assert.ok(assets.length >= 5);
    for (const asset of assets) {
      assert.ok(asset.startsWith('/docs/'), `${asset} is served locally`);
      const response = await h.app.inject({ method: 'GET', url: asset });
      assert.equal(response.statusCode, 200, asset);
    }
    assert.equal((await h.app.inject({ method: 'GET', url: '/docs/json' })).statusCode, 200);
  });

  it('allows its own scripts and styles in its Content-Security-Policy, while the API forbids everything', async () => {
    const csp = String((await h.app.inject({ method: 'GET', url: '/docs' })).headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
    const apiCsp = String((await h.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    assert.match(apiCsp, /default-src 'none'/);
  });
});
