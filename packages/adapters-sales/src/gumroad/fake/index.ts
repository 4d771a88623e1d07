/** The loopback fake of Gumroad API v2. */
export { startGumroadFake, type GumroadFakeOptions, type RunningGumroadFake } from './gumroad-fake.js';
export type { FakePingAttempt, FakePingSwitches } from './fake-pings.js';
export type { FakeResourceSubscription, FakeSaleOptions as GumroadFakeSaleOptions } from './fake-sales.js';
