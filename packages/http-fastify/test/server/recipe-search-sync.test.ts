/**
 * The service's poll of the change feed (`startRecipeSearchSync`), on a fake feed and mocked timers: every 100 ms
 * from the start of one poll to the start of the next, a slow poll followed at once, never two at once; and the
 * snapshot written while it runs: once after the build, then every interval when the index changed, a failed write
 * tried again after the interval.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { okAsync, ResultAsync } from 'neverthrow';
import {
  IndexedRecipeRepository,
  InMemoryRecipeSearchIndex,
  type RecipeChangeFeed,
  type RecipeFeedChanges,
  type RecipeIndexSnapshot,
  type RecipeIndexSnapshots,
  type StoreUnavailable,
} from '@larder/domain';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { startRecipeSearchSync } from '../../src/composition/recipe-search.js';

/** A feed with nothing to report, whose `changes` takes `pollTakesMs` (mocked time) and counts its callers. */
class FakeFeed implements RecipeChangeFeed {
  readonly starts: number[] = [];
  pollTakesMs = 0;
  /** The change mark the feed has applied up to: moved by a test to say that the index changed. */
  mark = '1';
  inFlight = 0;
  mostInFlight = 0;
  begin = () => okAsync<void, StoreUnavailable>(undefined);
  resume = () => okAsync<boolean, StoreUnavailable>(false);
  position = () => ({ at: new Date(Date.now()), mark: this.mark });
  scan = () => okAsync<number, StoreUnavailable>(0);
  changes(): ResultAsync<RecipeFeedChanges, StoreUnavailable> {
    this.starts.push(Date.now());
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    return ResultAsync.fromSafePromise(new Promise((resolve) => setTimeout(resolve, this.pollTakesMs))).map(() => {
      this.inFlight -= 1;
      return { kind: 'changed', recipes: [] };
    });
  }
}

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
};
/** Moves mocked time on by `ms`, 1 ms at a time, letting promises settle in between. */
const advance = async (ms: number): Promise<void> => {
  for (let done = 0; done < ms; done += 1) {
    mock.timers.tick(1);
    await settle();
  }
};
const gaps = (starts: readonly number[]): number[] => starts.slice(1).map((at, index) => at - (starts[index] as number));

describe('the search index sync polls the change feed', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  const started = async (feed: FakeFeed, snapshot?: { snapshots: RecipeIndexSnapshots; snapshotEveryMs: number }) => {
    const recipes = new IndexedRecipeRepository(new InMemoryRecipeRepository(), new InMemoryRecipeSearchIndex());
    const options = snapshot === undefined ? {} : { snapshot: { snapshots: snapshot.snapshots, source: 'test' }, snapshotEveryMs: snapshot.snapshotEveryMs };
    const sync = startRecipeSearchSync(recipes, feed, { info: () => undefined, warn: () => undefined }, options);
    for (let turn = 0; turn < 10 && !sync.ready(); turn += 1) await advance(5);
    assert.ok(sync.ready(), 'built');
    feed.starts.length = 0;
    return sync;
  };

  it('every 100 ms', async () => {
    const feed = new FakeFeed();
    const sync = await started(feed);
    await advance(1000);
    assert.deepEqual(new Set(gaps(feed.starts)), new Set([100]), JSON.stringify(feed.starts));
    assert.ok(feed.starts.length >= 9, `${feed.starts.length} polls in a second`);
    const stopping = sync.stop();
    await advance(100);
    await stopping;
  });

  it('from the start of one poll to the start of the next, a slow poll followed at once, never two at once', async () => {
    const feed = new FakeFeed();
    feed.pollTakesMs = 40;
    const sync = await started(feed);
    await advance(1000);
    assert.deepEqual(new Set(gaps(feed.starts)), new Set([100]), 'a poll of 40 ms does not delay the next');
    feed.pollTakesMs = 150;
    await advance(200);
    feed.starts.length = 0;
    await advance(1000);
    // At once: on the next turn of the (mocked) timers, a millisecond later.
    assert.ok(gaps(feed.starts).every((gap) => gap >= 150 && gap <= 151), `a poll of 150 ms is followed at once: ${JSON.stringify(gaps(feed.starts))}`);
    assert.equal(feed.mostInFlight, 1);
    const stopping = sync.stop();
    await advance(200);
    await stopping;
  });

  describe('writes the snapshot while running', () => {
    /** Snapshots kept in memory, with the time of each save; `failing` makes a save fail as a full disk would. */
    const memorySnapshots = () => {
      const saved: { at: number; snapshot: RecipeIndexSnapshot }[] = [];
      const state = { failing: false, saves: 0 };
      const snapshots: RecipeIndexSnapshots = {
        load: () => Promise.resolve(null),
        save: (snapshot) => {
          state.saves += 1;
          if (state.failing) return Promise.reject(new Error('no space left on device'));
          saved.push({ at: Date.now(), snapshot });
          return Promise.resolve();
        },
      };
      return { saved, state, snapshots };
    };

    it('once after the build, then every interval only when the index changed', async () => {
      const feed = new FakeFeed();
      const { saved, snapshots } = memorySnapshots();
      const sync = await started(feed, { snapshots, snapshotEveryMs: 1000 });
      await advance(3000);
      assert.equal(saved.length, 1, 'after the build, and not again while nothing changed');
      feed.mark = '2';
      await advance(1500);
      assert.equal(saved.length, 2, 'the index changed: written again');
      assert.equal(saved[1]?.snapshot.position.mark, '2');
      await advance(3000);
      assert.equal(saved.length, 2);
      const stopping = sync.stop();
      await advance(200);
      await stopping;
      assert.equal(saved.length, 3, 'and at the stop');
    });

    it('tries a failed write again after the interval, not at every poll', async () => {
      const feed = new FakeFeed();
      const { state, snapshots } = memorySnapshots();
      state.failing = true;
      const sync = await started(feed, { snapshots, snapshotEveryMs: 1000 });
      await advance(3500);
      assert.ok(state.saves >= 3 && state.saves <= 4, `${state.saves} attempts in 3.5 s`);
      const stopping = sync.stop();
      await advance(200);
      await stopping;
    });
  });
});
