import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IN_PROGRESS_TIMEOUT_MS,
  isReplayableStatus,
  isValidIdempotencyKey,
  judgeExistingRecord,
  newClaimRecord,
  type IdempotencyRecord,
  type StoredResponse,
} from '../../src/index.js';

const T0 = new Date('2026-05-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const RESPONSE: StoredResponse = { status: 201, headers: { 'content-type': 'application/json' }, body: '{}' };
const running = newClaimRecord('fp-a', 'token-1', T0);
const finished: IdempotencyRecord = { ...running, state: 'completed', response: RESPONSE };

describe('idempotency keys', () => {
  it('accepts 1 to 255 visible ASCII characters', () => {
    for (const key of ['a', '8e03978e-40d5-43e8-bc93-6894a57f9324', '"quoted"', '~!{}$.', 'x'.repeat(255)]) assert.ok(isValidIdempotencyKey(key), key);
  });

  it('refuses empty, too long, spaces, control characters and non-ASCII', () => {
    for (const key of ['', 'x'.repeat(256), 'two words', ' lead', 'tab\there', 'nul\u0000', 'line\nbreak', 'café', 'del\u007f']) {
      assert.equal(isValidIdempotencyKey(key), false, JSON.stringify(key));
    }
  });
});

describe('judging an existing record', () => {
  it('replays a finished request, says "in progress" for a running one, and "mismatch" for a different request', () => {
    assert.deepEqual(judgeExistingRecord(finished, 'fp-a', at(1000)), { kind: 'replay', response: RESPONSE });
    assert.deepEqual(judgeExistingRecord(running, 'fp-a', at(1000)), { kind: 'in_progress' });
    assert.deepEqual(judgeExistingRecord(running, 'fp-b', at(1000)), { kind: 'mismatch' });
    assert.deepEqual(judgeExistingRecord(finished, 'fp-b', at(1000)), { kind: 'mismatch' });
  });

  it('counts a record as gone 24 hours after its claim', () => {
    assert.equal(newClaimRecord('fp', 't', T0).expires_at.getTime() - T0.getTime(), IDEMPOTENCY_KEY_TTL_MS);
    assert.equal(judgeExistingRecord(finished, 'fp-a', at(IDEMPOTENCY_KEY_TTL_MS - 1)).kind, 'replay');
    assert.equal(judgeExistingRecord(finished, 'fp-a', at(IDEMPOTENCY_KEY_TTL_MS)).kind, 'available');
    assert.equal(judgeExistingRecord(finished, 'fp-b', at(IDEMPOTENCY_KEY_TTL_MS)).kind, 'available');
  });

  it('lets a claim still in progress after the timeout be taken over, with any request', () => {
    assert.equal(judgeExistingRecord(running, 'fp-a', at(IN_PROGRESS_TIMEOUT_MS - 1)).kind, 'in_progress');
    assert.equal(judgeExistingRecord(running, 'fp-a', at(IN_PROGRESS_TIMEOUT_MS)).kind, 'available');
    assert.equal(judgeExistingRecord(running, 'fp-b', at(IN_PROGRESS_TIMEOUT_MS)).kind, 'available');
    assert.equal(judgeExistingRecord(finished, 'fp-a', at(IN_PROGRESS_TIMEOUT_MS)).kind, 'replay', 'a finished request is never abandoned');
  });
});

describe('which answers are replayed', () => {
  it('keeps successes and the client errors the same request would meet again', () => {
    for (const status of [200, 201, 204, 400, 404, 413, 422]) assert.equal(isReplayableStatus(status), true, String(status));
  });

  it('judges afresh what depends on the moment (409, 412, 429) and never keeps server errors', () => {
    for (const status of [409, 412, 429, 500, 502, 503, 301, 100]) assert.equal(isReplayableStatus(status), false, String(status));
  });
});
