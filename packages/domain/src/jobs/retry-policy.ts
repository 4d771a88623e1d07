/** When a failed job is tried again, and when it is given up: the one place retries are decided. */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** Time from the first attempt after which a failing job is given up. */
  readonly maxAgeMs: number;
  /** The first backoff; each later one doubles, up to `capMs`. */
  readonly baseMs: number;
  readonly capMs: number;
}

/** The contract's: 8 attempts or 24 hours, whichever comes first; backoff from 2 s doubling to 15 min. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 8, maxAgeMs: 24 * 60 * 60 * 1000, baseMs: 2000, capMs: 15 * 60 * 1000 };

/**
 * The pause before attempt `attemptsMade + 1`: exponential with "equal jitter" (half the ceiling, plus a random part
 * of the other half), so that jobs failing together do not come back together, and none comes back at once.
 */
export function backoffMs(attemptsMade: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Whether a job that has now failed `attemptsMade` times, the first at `firstAttemptAt`, is given up. */
export function exhausted(attemptsMade: number, firstAttemptAt: Date, now: Date, policy: RetryPolicy): boolean {
  return attemptsMade >= policy.maxAttempts || now.getTime() - firstAttemptAt.getTime() >= policy.maxAgeMs;
}
