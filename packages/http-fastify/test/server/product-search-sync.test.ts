/**
 * The service's poll of the products' change feed (`startProductSearchSync`), on a fake feed and mocked timers: ready
 * once the index is built, the feed polled every 100 ms, the index built again (and not ready meanwhile) when the
 * feed says the database was replaced, and not ready while the feed does not answer.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { IndexedProductRepository, InMemoryProductSearchIndex, type Product, type ProductChangeFeed, type ProductFeedChanges, type StoreUnavailable } from '@larder/domain';
import { InMemoryProductRepository, productFixture } from '@larder/domain/testing';
import { startProductSearchSync } from '../../src/composition/product-search.js';

/** A feed over nothing: `next` is what the next poll answers (`down`: the database does not), then nothing new. */
class FakeFeed implements ProductChangeFeed {
  scans = 0;
  polls = 0;
  next: ProductFeedChanges | 'down' = { kind: 'changed', products: [] };
  begin = () => okAsync<void, StoreUnavailable>(undefined);
  position = () => ({ mark: '1' });
  /** What a scan finds. */
  stored: Product[] = [];
  scan = (_pageSize: number, visit: (products: readonly Product[]) => void): ResultAsync<number, StoreUnavailable> => {
    this.scans += 1;
    visit(this.stored);
    return okAsync(this.stored.length);
  };
  changes(): ResultAsync<ProductFeedChanges, StoreUnavailable> {
    this.polls += 1;
    const answer = this.next;
    this.next = { kind: 'changed', products: [] };
    return answer === 'down' ? errAsync({ type: 'StoreUnavailable', message: 'down' }) : okAsync(answer);
  }
}

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
};
const advance = async (ms: number): Promise<void> => {
  for (let done = 0; done < ms; done += 1) {
    mock.timers.tick(1);
    await settle();
  }
};

describe('the product index sync', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('builds, polls every 100 ms, applies what another process wrote, and builds again for a replaced database', async () => {
    const feed = new FakeFeed();
    const products = new IndexedProductRepository(new InMemoryProductRepository(), new InMemoryProductSearchIndex());
    const lines: string[] = [];
    const sync = startProductSearchSync(products, feed, { info: (line) => lines.push(line), warn: (line) => lines.push(line) });
    await advance(5);
    assert.equal(sync.ready(), true);
    assert.ok(lines.some((line) => /^product index ready: 0 products/.test(line)), lines.join('\n'));
    const polled = feed.polls;
    await advance(1000);
    assert.ok(feed.polls - polled >= 9 && feed.polls - polled <= 11, `${feed.polls - polled} polls in a second`);

    feed.next = { kind: 'changed', products: [productFixture({ title: 'Written elsewhere' })] };
    await advance(100);
    assert.deepEqual(products.index.all().map((product) => product.title), ['Written elsewhere']);

    feed.next = 'down';
    await advance(100);
    assert.equal(sync.ready(), false, 'not ready while the feed does not answer');
    await advance(100);
    assert.equal(sync.ready(), true);

    feed.next = { kind: 'replaced' };
    await advance(100);
    assert.equal(feed.scans, 2, 'built again');
    assert.equal(products.ready, true);
    assert.ok(lines.some((line) => line.startsWith('product index: the database has fewer writes')), lines.join('\n'));
    const stopping = sync.stop();
    await advance(100);
    await stopping;
  });
  it('builds again when a listing, not the feed, found the database replaced (the index reset under the loop)', async () => {
    const feed = new FakeFeed();
    const products = new IndexedProductRepository(new InMemoryProductRepository(), new InMemoryProductSearchIndex());
    const lines: string[] = [];
    const sync = startProductSearchSync(products, feed, { info: (line) => lines.push(line), warn: (line) => lines.push(line) });
    await advance(5);
    assert.equal(feed.scans, 1);
    // What `ListingSource.list` does when it reads a lower change mark than one seen; the feed's next poll sees nothing.
    products.reset();
    await advance(100);
    assert.equal(feed.scans, 2, 'built again');
    assert.equal(products.ready, true);
    assert.equal(sync.ready(), true);
    assert.ok(lines.some((line) => line.startsWith('product index: a listing found the database replaced')), lines.join('\n'));
    const stopping = sync.stop();
    await advance(100);
    await stopping;
  });
  it('reads every product again every 5 minutes: a write whose change record was lost is listed by then', async () => {
    const feed = new FakeFeed();
    const missed = productFixture({ title: 'Written, its record lost' });
    const products = new IndexedProductRepository(new InMemoryProductRepository(), new InMemoryProductSearchIndex());
    const sync = startProductSearchSync(products, feed, { info: () => undefined, warn: () => undefined });
    await advance(5);
    feed.stored = [missed];
    for (let second = 0; second < 298; second += 1) {
      mock.timers.tick(1000);
      await settle();
    }
    assert.deepEqual(products.index.all(), [], 'not before');
    for (let second = 0; second < 3; second += 1) {
      mock.timers.tick(1000);
      await settle();
      await advance(100);
    }
    assert.deepEqual(products.index.all().map((product) => product.title), ['Written, its record lost']);
    assert.equal(feed.scans, 2, 'the build, then one rescan');
    const stopping = sync.stop();
    await advance(100);
    await stopping;
  });
});
