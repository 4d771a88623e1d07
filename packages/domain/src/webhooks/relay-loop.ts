/**
 * Runs the relay in this process: at once when woken (after a write that raised events), and every `pollMs`
 * (events written by another process, or left by one that stopped). Several processes may run one each. While events
 * keep coming, passes are at least `minGapMs` apart, so that a pass takes the events of several writes together (one
 * write of deliveries, one job per endpoint, the events of one document acknowledged in one write).
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
  /** The least time from the start of a pass that relayed events to the next pass (default 250 ms). */
  readonly minGapMs?: number;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

export function startRelayLoop(options: RelayLoopOptions): RelayLoop {
  const pollMs = options.pollMs ?? 1000;
  const batch = options.batch ?? 100;
  const minGapMs = options.minGapMs ?? 250;
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let waiters: (() => void)[] = [];

  const loop = async (): Promise<void> => {
    while (!stopped) {
      woken = false;
      const passStarted = performance.now();
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
      const gapLeft = relayed !== null && relayed.isOk() && relayed.value > 0 ? minGapMs - (performance.now() - passStarted) : 0;
      if (gapLeft > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, gapLeft));
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
