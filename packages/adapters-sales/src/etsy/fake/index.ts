/** The loopback fake of Etsy Open API v3. */
export { startEtsyFake, type EtsyFakeOptions, type RunningEtsyFake } from './etsy-fake.js';
export type { FakeSale as EtsyFakeSale, FakeSaleOptions as EtsyFakeSaleOptions } from './fake-receipts.js';
