/** Loopback fakes of the platforms' APIs, for tests, benches and demos. */
export * from './etsy/fake/index.js';
export * from './gumroad/fake/index.js';
export { everyFault, noFaults, type FakeFaults, type FaultCounts } from './shared/fake-faults.js';
export type { FakeListing, FakeListingFile, RunningFake } from './shared/fake-view.js';
export { DEMO_FAKES, startDemoFakes } from './demo-fakes.js';
