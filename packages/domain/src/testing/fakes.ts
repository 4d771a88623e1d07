import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports.js';

/** A clock that only moves when told to (by default one millisecond per reading, so timestamps are distinct). */
export class ManualClock implements Clock {
  #now: number;
  constructor(
    start = new Date('2026-01-01T00:00:00.000Z'),
    private readonly stepMs = 1,
  ) {
    this.#now = start.getTime();
  }
  now(): Date {
    const reading = new Date(this.#now);
    this.#now += this.stepMs;
    return reading;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

/** Ids `prefix-000001`, `prefix-000002`, ...: predictable and sortable. */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let counter = 0;
  return { next: () => `${prefix}-${String((counter += 1)).padStart(6, '0')}` };
}

/** A hasher with no cost, for tests that create many users. Not for production: it is reversible. */
export const plainTextHasher: PasswordHasher = {
  hash: async (password) => `plain$${password}`,
  verify: async (password, encoded) => encoded === `plain$${password}`,
};
