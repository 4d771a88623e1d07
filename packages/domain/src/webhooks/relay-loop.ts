/**
 * Runs the relay in this process: at once when woken (after a write that raised events), and every `pollMs`
 * (events written by another process, or left by one that stopped). Several processes may run one each.
 */
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

export interface RelayLoop {
  /** Relays now instead of at the next poll. */
  wake(): void;
  /** Resolves after a pass that found nothing waiting (for tests, benches and shutdown). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface RelayLoopOptions {
  readonly relay: (limit: number) => ResultAsync<number, StoreUnavailable>;
  /** Default 1000 ms. */
  readonly pollMs?: number;
  /** Events per pass (default 100); a full pass is followed by another at once. */
  readonly batch?: number;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

export function startRelayLoop(options: RelayLoopOptions): RelayLoop {
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 100;
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let waiters: (() => void)[] = [];

  const loop = async (): Promise<void> => {
    while (!stopped) {
      woken = false;
      const relayed = await options.relay(batch).then(
        (result) => result,
        (error: unknown) => {
          options.log?.('the webhook relay failed', { error: error instanceof Error ? error.message : String(error) });
          return null;
        },
      );
      if (relayed !== null && relayed.isErr()) options.log?.('the outbox could not be read', { error: relayed.error.message });
      const drained = relayed !== null && relayed.isOk() && relayed.value === 0;
      if (drained && !woken) {
        for (const resolve of waiters) resolve();
        waiters = [];
      }
      if (relayed !== null && relayed.isOk() && relayed.value >= batch) continue;
      if (woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drained || relayed === null ? pollMs : Math.min(pollMs, 50));
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  };
  const looping = loop();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    settled() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        this.wake();
      });
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await looping;
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  };
}
