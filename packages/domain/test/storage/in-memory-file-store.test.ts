import { InMemoryFileStore, runFileStoreContract } from '../../src/testing/index.js';

runFileStoreContract('in memory', () => new InMemoryFileStore());
