/**
 * Password guessing: attempts are limited per e-mail (whatever the address) and per address (whatever the e-mail),
 * also when they arrive all at once, and an unknown e-mail cannot be told from a wrong password by anything in the
 * answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scryptPasswordHasher } from '@larder/domain';
import type { LightMyRequestResponse } from 'fastify';
import { EMAIL, harness, PASSWORD, type Harness } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';

const ATTEMPTS = 5;

describe('login under attack', () => {
  let h: Harness;
  before(async () => {
    // The real hasher, cheaply tuned, so that the unknown-e-mail path does the same kind of work as a wrong password.
    h = await harness({ hasher: scryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }), config: { loginRateLimit: { max: ATTEMPTS, windowMs: 60_000 } } });
  });
  after(() => h.app.close());

  const attempt = (email: string, password: string, address: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password } });

  const tally = (responses: readonly LightMyRequestResponse[]) => responses.map((response) => response.statusCode).sort().join(',');

  it(`allows ${ATTEMPTS} guesses per e-mail, even from many addresses at once, then 429 with Retry-After`, async () => {
    await h.addUser('victim@example.com');
    const guesses = await Promise.all(
      Array.from({ length: ATTEMPTS + 10 }, (_, index) => attempt(index % 2 === 0 ? 'victim@example.com' : ' VICTIM@example.com', `guess-${index}`, `203.0.113.${index + 1}`)),
    );
    assert.equal(tally(guesses), [...Array<number>(ATTEMPTS).fill(401), ...Array<number>(10).fill(429)].join(','));
    for (const response of guesses.filter((candidate) => candidate.statusCode === 429)) {
      assertProblem(response, 429, 'rate_limited');
      assert.ok(Number(response.headers['retry-after']) >= 1);
    }
    const right = await attempt('victim@example.com', PASSWORD, '203.0.113.200');
    assertProblem(right, 429, 'rate_limited');
  });

  it(`allows ${ATTEMPTS} attempts per address, whatever the e-mails, then 429`, async () => {
    const sprayed = await Promise.all(Array.from({ length: ATTEMPTS + 5 }, (_, index) => attempt(`user${index}@example.com`, PASSWORD, '198.51.100.9')));
    assert.equal(tally(sprayed), [...Array<number>(ATTEMPTS).fill(401), ...Array<number>(5).fill(429)].join(','));
    assert.equal((await attempt(EMAIL, PASSWORD, '198.51.100.10')).statusCode, 200, 'another address is not affected');
  });

  it('answers an unknown e-mail and a wrong password identically (status, body, headers)', async () => {
    const unknown = await attempt('nobody-here@example.com', 'some password', '192.0.2.50');
    const wrong = await attempt(EMAIL, 'not the password', '192.0.2.51');
    assertProblem(unknown, 401, 'invalid_credentials');
    assert.equal(unknown.body, wrong.body);
    // What legitimately differs between two requests: their id, the date, and the counters of their own limits.
    const varying = new Set(['x-request-id', 'date', 'ratelimit-remaining', 'ratelimit-reset']);
    const comparable = (response: LightMyRequestResponse) =>
      Object.fromEntries(Object.entries(response.headers).filter(([name]) => !varying.has(name.toLowerCase())));
    assert.deepEqual(comparable(unknown), comparable(wrong));
    assert.deepEqual(Object.keys(unknown.headers).sort(), Object.keys(wrong.headers).sort());
  });
});
