/** How idempotent creates are documented (OpenAPI) and offered to browsers (CORS). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { pattern?: string; minLength?: number; maxLength?: number };
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
}
interface Document {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

const CREATES: [string, string][] = [['/api/recipes', 'post'], ['/api/products', 'post'], ['/api/products/{id}/lead-magnet', 'post']];

describe('Idempotency-Key in the OpenAPI document', () => {
  let h: Harness;
  let document: Document;
  before(async () => {
    h = await harness();
    document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  });
  after(() => h.app.close());

  const operation = (path: string, method: string): Operation => {
    const found = document.paths[path]?.[method];
    assert.ok(found, `${method} ${path}`);
    return found;
  };

  it('offers the optional header, with its format, on the three creates', () => {
    for (const [path, method] of CREATES) {
      const header = operation(path, method).parameters?.find((parameter) => parameter.name === 'idempotency-key');
      assert.equal(header?.in, 'header', path);
      assert.equal(header.required, false);
      assert.deepEqual([header.schema.minLength, header.schema.maxLength], [1, 255]);
      const pattern = new RegExp(header.schema.pattern ?? '');
      assert.ok(pattern.test('8e03978e-40d5-43e8-bc93-6894a57f9324') && !pattern.test('two words'));
    }
  });

  it('documents the 409, the 422 and the replay marker on each of them', () => {
    for (const [path, method] of CREATES) {
      const { responses } = operation(path, method);
      assert.match(responses['409']?.description ?? '', /invalid_state.*Idempotency-Key is still running/, path);
      assert.match(responses['422']?.description ?? '', /rule_violation.*Idempotency-Key was used for a different request/, path);
      assert.match(responses['400']?.description ?? '', /Idempotency-Key is malformed/, path);
      assert.ok(responses['201']?.headers?.['Idempotent-Replayed'], path);
    }
    assert.match(operation('/api/products/{id}/lead-magnet', 'post').responses['422']?.description ?? '', /not_eligible/, 'route codes kept');
  });

  it('leaves the other operations alone', () => {
    const patch = operation('/api/recipes/{id}', 'patch');
    assert.equal(patch.parameters?.some((parameter) => parameter.name === 'idempotency-key'), false);
    assert.equal(operation('/api/products/{id}/publish', 'post').parameters?.some((parameter) => parameter.name === 'idempotency-key'), false);
  });

  it('explains idempotent creates in the description', () => {
    assert.match(document.info.description, /## Idempotent creates/);
  });
});

describe('Idempotency-Key and CORS', () => {
  it('lets browsers send the key and read the replay marker', async () => {
    const h = await harness();
    const origin = 'https://app.example.com';
    const preflight = await h.app.inject({
      method: 'OPTIONS', url: '/api/recipes',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    assert.match(String(preflight.headers['access-control-allow-headers']).toLowerCase(), /idempotency-key/);
    const created = await h.request({ method: 'POST', url: '/api/recipes', body: { title: 'Soup' }, headers: { origin, 'idempotency-key': 'cors' } });
    assert.match(String(created.headers['access-control-expose-headers']).toLowerCase(), /idempotent-replayed/);
    await h.app.close();
  });
});
