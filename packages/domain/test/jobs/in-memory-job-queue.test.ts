import { InMemoryJobQueue, runJobQueueContract } from '../../src/testing/index.js';

runJobQueueContract('in memory', () => new InMemoryJobQueue());
