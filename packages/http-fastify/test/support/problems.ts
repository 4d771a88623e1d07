import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: { in: string; pointer: string; message: string }[];
}

/** Asserts an RFC 9457 problem with `status` and `code`, and returns its body. */
export function assertProblem(response: LightMyRequestResponse, status: number, code: string): ProblemBody {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json<ProblemBody>();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `urn:larder:problem:${code}`);
  assert.ok(body.title.length > 0 && body.detail.length > 0);
  const allowed = new Set(['type', 'title', 'status', 'detail', 'code', 'errors']);
  assert.deepEqual(Object.keys(body).filter((key) => !allowed.has(key)), [], 'no fields beyond the problem shape');
  return body;
}
