import {
  InMemoryAuthorizationRepository,
  InMemoryConnectionRepository,
  InMemoryListingRepository,
  runAuthorizationRepositoryContract,
  runConnectionRepositoryContract,
  runListingRepositoryContract,
} from '../../src/testing/index.js';

runListingRepositoryContract('in memory', () => new InMemoryListingRepository());
runConnectionRepositoryContract('in memory', () => new InMemoryConnectionRepository());
runAuthorizationRepositoryContract('in memory', () => new InMemoryAuthorizationRepository());
