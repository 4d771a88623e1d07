import { InMemoryMailBudget, InMemoryOutbox, InMemorySubscriberRepository, runMailBudgetContract, runSubscriberRepositoryContract } from '../../src/testing/index.js';

runSubscriberRepositoryContract('in-memory', () => {
  const outbox = new InMemoryOutbox();
  return { subscribers: new InMemorySubscriberRepository(outbox), outbox };
});
runMailBudgetContract('in-memory', () => new InMemoryMailBudget());
