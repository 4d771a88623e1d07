/**
 * Rate-limit counters in the memory of one instance, in place of @fastify/rate-limit's own in-memory store.
 *
 * That store (11.2) hands every caller its live counter object, and the plugin reads the count from it only after an
 * `await`. Requests that overlap (a burst arriving within one tick) therefore each read the count after all of them had
 * added theirs: a burst of `max + 1` simultaneous requests from a fresh user was refused whole, and every response of
 * a burst showed the same `RateLimit-Remaining`. This store answers each caller with the count of its own increment.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  count: number;
  readonly startedMs: number;
}

/** Keys kept (least recently used first out), as the plugin's `cache` option did. */
export const MEMORY_STORE_CAPACITY = 10_000;

export class MemoryRateLimitStore implements FastifyRateLimitStore {
  readonly #windows = new Map<string, Window>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    callback(null, this.count(key, timeWindow));
  }

  /** Adds one to `key`'s counter and answers its count and the milliseconds left in its window. */
  count(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (window === undefined || window.startedMs + timeWindow <= now) window = { count: 0, startedMs: now };
    window.count += 1;
    // Re-inserted so that the Map's order is least recently used first.
    this.#windows.delete(key);
    this.#windows.set(key, window);
    if (this.#windows.size > MEMORY_STORE_CAPACITY) {
      const oldest = this.#windows.keys().next();
      if (oldest.done !== true) this.#windows.delete(oldest.value);
    }
    return { current: window.count, ttl: window.startedMs + timeWindow - now };
  }

  /** Each limiter (`createRateLimit`) gets a child: counters of its own. */
  child(): FastifyRateLimitStore {
    return new MemoryRateLimitStore();
  }
}
