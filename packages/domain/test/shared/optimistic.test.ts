// run-tests: alone — it asserts that retries end within their 150 ms budget.
/**
 * The optimistic change loop: writers of one resource take turns in a process, retries back off, and contention that
 * outlasts the budget is `WriteContention` (send again), never `StoreUnavailable` (an outage).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { okAsync, ResultAsync } from 'neverthrow';
import { changeVersioned } from '../../src/shared/optimistic.js';

interface Doc {
  readonly version: number;
  readonly marks: readonly number[];
}

/** A one-document store with a conditional write, counting the writes that found the version moved on. */
function store(options: { alwaysStale?: boolean; writeDelayMs?: number } = {}) {
  let doc: Doc = { version: 1, marks: [] };
  let stale = 0;
  const later = <T>(value: T, ms = Math.random() * 2): ResultAsync<T, never> =>
    ResultAsync.fromSafePromise(new Promise<T>((resolve) => setTimeout(() => resolve(value), ms)));
  return {
    get doc() {
      return doc;
    },
    get stale() {
      return stale;
    },
    change: (id: string, mark: number, budgetMs?: number) =>
      changeVersioned<Doc, never>(
        {
          load: () => later(doc),
          change: (current) => okAsync({ version: current.version + 1, marks: [...current.marks, mark] }),
          write: (next, expected) =>
            later(null, options.writeDelayMs).map(() => {
              if (options.alwaysStale === true || doc.version !== expected) {
                stale += 1;
                return 'stale' as const;
              }
              doc = next;
              return 'written' as const;
            }),
          what: 'doc',
          id,
        },
        budgetMs,
      ),
  };
}

describe('changeVersioned', () => {
  it('lets 100 simultaneous changes of one resource take turns: each lands once, none races', async () => {
    const s = store();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => s.change('a', i)));
    assert.ok(results.every((result) => result.isOk()));
    assert.equal(s.doc.version, 101);
    assert.deepEqual([...s.doc.marks].sort((a, b) => a - b), Array.from({ length: 100 }, (_, i) => i));
    assert.equal(s.stale, 0, 'no attempt was wasted on a version another writer of this process had moved on');
  });

  it('retries a write that another process made stale, then answers WriteContention once the budget is spent', async () => {
    const s = store({ alwaysStale: true });
    const started = performance.now();
    const result = await s.change('a', 1, 150);
    const elapsed = performance.now() - started;
    assert.deepEqual(result._unsafeUnwrapErr(), { type: 'WriteContention', what: 'doc' });
    assert.ok(s.stale > 3, `retried (${s.stale} attempts)`);
    assert.ok(elapsed < 400, `within the budget (${Math.round(elapsed)} ms)`);
  });

  it('answers WriteContention to a change whose turn does not come within the budget, and runs the queue on', async () => {
    const s = store({ writeDelayMs: 200 });
    const first = s.change('a', 1);
    const late = await s.change('a', 2, 50);
    assert.deepEqual(late._unsafeUnwrapErr(), { type: 'WriteContention', what: 'doc' });
    assert.ok((await first).isOk());
    assert.ok((await s.change('a', 3)).isOk(), 'the queue is not stuck behind the change that gave up');
    assert.deepEqual(s.doc.marks, [1, 3]);
  });
});
