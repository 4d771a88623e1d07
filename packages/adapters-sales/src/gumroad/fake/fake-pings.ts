/**
 * How the fake posts pings, after `PostToIndividualPingEndpointWorker`: a form-encoded POST (5 s to answer), retried
 * only when the receiver answers 499, 500, 502, 503 or 504 or cannot be reached, after 60, 180 and 600 seconds (then
 * given up), each retry carrying `retry_count`. Another non-2xx answer is not retried. (Gumroad's ping page says
 * instead "retried once an hour for up to 3 hours"; the fake follows the code.) The fake posts to loopback addresses
 * only: anything else is logged as not sent. Tests may make it post twice, hold pings and release them in reverse.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Switches read whenever a ping goes out; change them at any time. */
export interface FakePingSwitches {
  /** Every ping is posted twice, one after the other. */
  duplicate: boolean;
  /** Pings wait until `releasePings()` (which may send them newest first: a refund before its sale). */
  hold: boolean;
  /** The waits before the 2nd, 3rd, ... attempt; Gumroad's are 60 000, 180 000 and 600 000 ms. */
  retryDelaysMs: number[];
}

/** One POST of a ping and how the receiver answered. */
export interface FakePingAttempt {
  readonly url: string;
  /** `sale` or `refund`; null for a forged ping. */
  readonly resourceName: string | null;
  readonly fields: Readonly<Record<string, string>>;
  /** 1 for the first POST of a ping, then 2, 3, ... for its retries. */
  readonly attempt: number;
  /** The receiver's status, or null when it answered nothing. */
  readonly status: number | null;
  /** Why nothing was answered (unreachable, timed out, not a loopback address). */
  readonly error: string | null;
}

export interface Ping {
  readonly url: string;
  readonly resourceName: string | null;
  readonly fields: Readonly<Record<string, string>>;
}

export const GUMROAD_RETRY_DELAYS_MS: readonly number[] = [60_000, 180_000, 600_000];
const RETRIED_STATUSES = new Set([499, 500, 502, 503, 504]);
const NOT_LOOPBACK = 'not sent: the fake posts pings to loopback addresses only';

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

export function pingPoster(switches: FakePingSwitches, timeoutMs: number) {
  const attempts: FakePingAttempt[] = [];
  const held: Ping[] = [];
  const running = new Set<Promise<void>>();
  const stop = new AbortController();
  // First posts go out one after another, in the order the pings were made; retries go out when their time comes.
  let queue: Promise<void> = Promise.resolve();

  const track = (work: Promise<void>): Promise<void> => {
    running.add(work);
    const done = () => running.delete(work);
    work.then(done, done);
    return work;
  };

  async function post(ping: Ping, attempt: number): Promise<FakePingAttempt> {
    const fields = attempt === 1 ? ping.fields : { ...ping.fields, retry_count: String(attempt - 1) };
    const record = (status: number | null, error: string | null): FakePingAttempt => {
      const made = { url: ping.url, resourceName: ping.resourceName, fields, attempt, status, error };
      attempts.push(made);
      return made;
    };
    if (!isLoopback(ping.url)) return record(null, NOT_LOOPBACK);
    try {
      const answer = await fetch(ping.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop.signal]),
      });
      await answer.arrayBuffer().catch(() => undefined);
      return record(answer.status, null);
    } catch (error) {
      return record(null, error instanceof Error ? `${error.name}: ${error.message}` : 'unreachable');
    }
  }

  async function deliver(ping: Ping, attempt: number): Promise<FakePingAttempt> {
    const made = await post(ping, attempt);
    const retried = made.error !== NOT_LOOPBACK && (made.status === null || RETRIED_STATUSES.has(made.status));
    const delay = switches.retryDelaysMs[attempt - 1];
    if (retried && delay !== undefined && !stop.signal.aborted) {
      void track(sleep(delay, undefined, { signal: stop.signal }).then(() => deliver(ping, attempt + 1).then(() => undefined), () => undefined));
    }
    return made;
  }

  const send = async (ping: Ping): Promise<FakePingAttempt> => {
    const first = await deliver(ping, 1);
    if (switches.duplicate) await deliver(ping, 1);
    return first;
  };
  const inTurn = (ping: Ping): Promise<FakePingAttempt> => {
    const sent = queue.then(() => send(ping));
    queue = sent.then(
      () => undefined,
      () => undefined,
    );
    void track(queue);
    return sent;
  };

  return {
    attempts: (): FakePingAttempt[] => [...attempts],
    /** Sends the pings in turn, or holds them. */
    enqueue(pings: readonly Ping[]): void {
      if (switches.hold) held.push(...pings);
      else for (const ping of pings) void inTurn(ping);
    },
    /** Sends a ping now, held or not; its first attempt. */
    sendNow: (ping: Ping): Promise<FakePingAttempt> => inTurn(ping),
    /** Sends the held pings in the order they were made, or newest first; resolves once each was posted once. */
    async release(reverse: boolean): Promise<void> {
      const batch = held.splice(0);
      if (reverse) batch.reverse();
      for (const ping of batch) await inTurn(ping);
    },
    /** Resolves once no ping is in flight or waiting to be retried (held ones excepted). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    close(): void {
      stop.abort();
      held.length = 0;
    },
  };
}
