import { err, ok, ResultAsync } from 'neverthrow';

/** What an optimistic attempt returns when the stored version moved on between its read and its write. */
export const STALE = Symbol('stale');
export type Stale = typeof STALE;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs read-modify-conditional-write `attempt`s until one is not stale. Writers that touch different fields then
 * never lose each other's change; a small random pause spreads out writers that collide repeatedly.
 */
export function retryWhileStale<T, E>(
  attempt: () => ResultAsync<T | Stale, E>,
  onExhausted: () => E,
  maxAttempts = 25,
): ResultAsync<T, E> {
  const run = async () => {
    for (let attemptNumber = 1; attemptNumber <= maxAttempts; attemptNumber += 1) {
      const result = await attempt();
      if (result.isErr()) return err(result.error);
      if (result.value !== STALE) return ok(result.value);
      await pause(Math.random() * Math.min(2 * attemptNumber, 20));
    }
    return err(onExhausted());
  };
  return new ResultAsync(run());
}
