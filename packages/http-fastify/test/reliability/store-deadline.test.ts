/** The time limit on store calls made by requests (src/store-deadline.ts). */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import type { StoreUnavailable } from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { okAsync, ResultAsync } from 'neverthrow';
import { problemForDomainError } from '../../src/http/error-mapper.js';
import { withDeadline, withDeadlines } from '../../src/store-deadline.js';
import { createRecipe } from '../support/fixtures.js';
import { harness } from '../support/harness.js';

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
    assert.equal(error.message, 'the database did not answer SlowStore.find within 50 ms', 'the log must say which call was slow');
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
    const stores = withDeadlines({ recipes: new SlowStore(), b: { ping: () => okAsync(true) } }, 50);
    const late = (await stores.recipes.find('r1', 500))._unsafeUnwrapErr();
    assert.deepEqual([late.type, late.message], ['StoreUnavailable', 'the database did not answer recipes.find within 50 ms']);
    assert.equal((await stores.b.ping())._unsafeUnwrap(), true);
  });
});

describe('a store that fails a request', () => {
  it('is logged with its cause, which the client is not told', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const recipes = new InMemoryRecipeRepository();
    const h = await harness({ recipes, logger: { level: 'info', stream } });
    const soup = await createRecipe(h, { title: 'Logged Soup' });
    recipes.unavailable = true;
    const answer = await h.request({ method: 'GET', url: `/api/recipes/${soup.id}` });
    assert.equal(answer.statusCode, 503);
    assert.doesNotMatch(answer.body, /switched off/);
    const logged = lines.find((line) => line['msg'] === 'store unavailable');
    assert.deepEqual([logged?.['level'], logged?.['reason'], logged?.['slow']], [40, 'the in-memory store is switched off', false]);
    assert.equal(logged?.['reqId'], answer.headers['x-request-id'], 'the line carries the request id the client was given');
  });
});
