/**
 * The examples /docs shows for problem responses are those problems: every problem response of every operation in
 * /openapi.json has examples, each with the response's status, a code the contract allows for that status, a detail,
 * and `errors` only on validation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';

/** The contract's error table: the codes each status may carry. */
const CONTRACT: Readonly<Record<string, readonly string[]>> = {
  400: ['validation_failed', 'invalid_json', 'malformed_request', 'oauth_failed'],
  401: ['unauthorized', 'invalid_credentials'],
  403: ['forbidden'],
  404: ['not_found'],
  408: ['request_timeout'],
  409: ['invalid_state'],
  410: ['link_expired'],
  412: ['precondition_failed'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['not_eligible', 'unknown_recipe', 'recipe_archived', 'not_scalable', 'rule_violation', 'connection_failed', 'no_recipe_found', 'fetch_failed'],
  429: ['rate_limited'],
  431: ['headers_too_large'],
  500: ['internal'],
  503: ['unavailable'],
};

interface Media {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: Record<string, Media> }> }>>;
}

describe('problem response examples in the OpenAPI document', () => {
  let h: Harness;
  let document: Document;
  before(async () => {
    h = await harness();
    document = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  });
  after(() => h.app.close());

  it('show, for every problem response, problems of that status with a code the contract allows for it', () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = response.content?.['application/problem+json'];
          // `default` (what else the HTTP layer may answer) holds problems of several statuses, each checked as its own.
          if (status !== 'default' && Number(status) < 400) continue;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          assert.ok(media, `${where}: documented as application/problem+json`);
          const examples = [...(media.example === undefined ? [] : [media.example]), ...Object.values(media.examples ?? {}).map((entry) => entry.value)];
          assert.ok(examples.length > 0, `${where}: has an example`);
          for (const example of examples as Record<string, unknown>[]) {
            const expected = status === 'default' ? Number(example['status']) : Number(status);
            assert.equal(example['status'], expected, `${where}: example status`);
            assert.ok(expected >= 400, `${where}: a problem's status`);
            const code = String(example['code']);
            assert.ok(CONTRACT[expected]?.includes(code), `${where}: ${code} is not a code of ${expected}`);
            assert.equal(example['type'], `urn:larder:problem:${code}`, where);
            assert.ok(typeof example['title'] === 'string' && example['title'] !== '', `${where}: title`);
            assert.ok(typeof example['detail'] === 'string' && example['detail'].length > 10, `${where}: a detail`);
            if (code === 'validation_failed') {
              const errors = example['errors'] as { in: string; pointer: string; message: string }[] | undefined;
              assert.ok(Array.isArray(errors) && errors.length > 0, `${where}: validation lists errors`);
              for (const error of errors) assert.ok(['body', 'query', 'path', 'header'].includes(error.in) && error.message !== '', where);
            } else {
              assert.equal(example['errors'], undefined, `${where}: errors only on validation`);
            }
            checked += 1;
          }
        }
      }
    }
    assert.ok(checked > 50, `${checked} examples checked`);
  });

  it('show the codes a response names in its description (a route’s own 422 and 401)', () => {
    const codes = (path: string, method: string, status: string) =>
      Object.values(document.paths[path]?.[method]?.responses[status]?.content?.['application/problem+json']?.examples ?? {}).map(
        (entry) => (entry.value as { code: string }).code,
      );
    assert.deepEqual(codes('/api/recipes/{id}', 'get', '422'), ['not_scalable']);
    assert.deepEqual(codes('/api/auth/login', 'post', '401'), ['invalid_credentials']);
    assert.deepEqual(codes('/api/recipes', 'get', '401'), ['unauthorized']);
    assert.deepEqual(codes('/api/recipes', 'get', '400').sort(), ['invalid_json', 'malformed_request', 'validation_failed']);
  });
});
