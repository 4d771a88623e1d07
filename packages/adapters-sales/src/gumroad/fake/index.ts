/** The loopback fake of Gumroad API v2. */
export { startGumroadFake, type GumroadFakeOptions, type RunningGumroadFake } from './gumroad-fake.js';
