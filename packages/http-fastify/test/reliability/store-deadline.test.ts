/** The time limit on store calls made by requests (src/store-deadline.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoreUnavailable } from '@larder/domain';
import { okAsync, ResultAsync } from 'neverthrow';
import { problemForDomainError } from '../../src/http/error-mapper.js';
import { withDeadline, withDeadlines } from '../../src/store-deadline.js';

/** A store whose answers come when the test says, with its state in a private field as the repositories keep theirs. */
class SlowStore {
  readonly #names = new Map([['r1', 'Lentil soup']]);
  readonly label = 'slow';
  find(id: string, answerAfterMs: number): ResultAsync<string | null, StoreUnavailable> {
    const answer = this.#names.get(id) ?? null;
    return ResultAsync.fromSafePromise(new Promise((resolve) => setTimeout(() => resolve(answer), answerAfterMs)));
  }
  count(): number {
    return this.#names.size;
  }
}

describe('withDeadline', () => {
  it('passes answers that come in time through, and reaches private state', async () => {
    const store = withDeadline(new SlowStore(), 200);
    assert.equal((await store.find('r1', 5))._unsafeUnwrap(), 'Lentil soup');
    assert.equal(store.count(), 1, 'methods that return plain values are untouched');
    assert.equal(store.label, 'slow');
  });

  it('answers StoreUnavailable when the store has not answered by the deadline', async () => {
    const store = withDeadline(new SlowStore(), 50);
    const error = (await store.find('r1', 500))._unsafeUnwrapErr();
    assert.equal(error.type, 'StoreUnavailable');
    assert.equal(error.slow, true, 'a store that answers late is slow, not unreachable');
  });

  it('tells a client that a slow database is slow, and an unreachable one unreachable', async () => {
    const late = (await withDeadline(new SlowStore(), 50).find('r1', 500))._unsafeUnwrapErr();
    const slow = problemForDomainError(late);
    assert.equal(slow.problem.status, 503);
    assert.equal(slow.headers?.['retry-after'], '5');
    assert.match(slow.problem.detail, /too slowly/);
    assert.doesNotMatch(slow.problem.detail, /cannot be reached/);
    assert.match(problemForDomainError({ type: 'StoreUnavailable', message: 'ECONNREFUSED' }).problem.detail, /cannot be reached/);
  });

  it('bounds each store of a set', async () => {
    const stores = withDeadlines({ a: new SlowStore(), b: { ping: () => okAsync(true) } }, 50);
    assert.equal((await stores.a.find('r1', 500))._unsafeUnwrapErr().type, 'StoreUnavailable');
    assert.equal((await stores.b.ping())._unsafeUnwrap(), true);
  });
});
