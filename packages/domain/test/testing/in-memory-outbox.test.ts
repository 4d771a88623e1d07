import { InMemoryListingRepository, InMemoryOutbox, InMemoryProductRepository, runEventOutboxContract } from '../../src/testing/index.js';

runEventOutboxContract('in memory', () => {
  const outbox = new InMemoryOutbox();
  return { outbox, products: new InMemoryProductRepository(outbox), listings: new InMemoryListingRepository(outbox) };
});
