/**
 * Paces calls to an outside system, one pace per budget (a platform's app, or one account of it): every request
 * waits for its turn instead of being refused. The pace is what the platform announces on its answers (Etsy's
 * `x-limit-per-second`, `x-remaining-this-second`, `x-limit-per-day`, `x-remaining-today`), else the configured one;
 * until the first answer of a group is in, one request at a time, so that a budget smaller than the configured one
 * is learnt before it is overrun. A `Retry-After` (429, or 503) holds the group for as long as it says. Shared by
 * every job of one process; the queue's group pause carries longer holds to every process.
 */
import { errAsync, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { RateBudget } from '../sales/sales-platform.js';

/** The time a pacer keeps and sleeps on (the system's by default; tests give a virtual one). */
export interface PacerTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A turn to make one request (call `done` once it is answered), or how long the next turn is away. */
export type Turn = { readonly granted: true; done(): void } | { readonly granted: false; readonly waitMs: number };

/** What a platform said of its day's budget, once it runs low. */
export interface DailyBudgetLow {
  readonly remainingToday: number;
  readonly limitPerDay: number | null;
}

export interface RatePacer {
  /** Waits for a turn to call `group`; takes none and says how long it would be when that is longer than `maxWaitMs`. */
  take(group: string, maxWaitMs?: number): Promise<Turn>;
  /** No call to `group` before `ms` from now. */
  hold(group: string, ms: number): void;
  /**
   * A request was refused for the budget although it was paced (it reached the platform later than it was sent, in
   * the next second): the group's pace is counted over a longer window from now on (up to `MAX_WINDOW_MS`).
   */
  overran(group: string): void;
  /** What the platform announced on an answer. */
  observe(group: string, budget: RateBudget): void;
  /** The day's budget when it has run low (calls are then spread out), else null. */
  dailyLow(group: string): DailyBudgetLow | null;
}

/** A second's budget is counted over a little more than a second, so that a request a little late on the wire still fits. */
export const PACE_WINDOW_MS = 1150;
const MAX_WINDOW_MS = 1500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The day's budget is low below this share of it (or 100 calls): calls are then spread over the day. */
const DAILY_RESERVE = 0.05;

interface Bucket {
  /** When the last requests went out, within the window. */
  sent: number[];
  /** When the last request went out, however long ago. */
  lastSentAt: number;
  heldUntil: number;
  inFlight: number;
  answered: boolean;
  windowMs: number;
  announcedPerSecond: number | null;
  remainingToday: number | null;
  limitPerDay: number | null;
  /** Calls waiting their turn, so that they go out in order. */
  queue: Promise<unknown>;
}

const systemTime: PacerTime = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function ratePacer(perSecondByGroup: Readonly<Record<string, number>>, time: PacerTime = systemTime): RatePacer {
  const buckets = new Map<string, Bucket>();
  const bucketOf = (group: string): Bucket => {
    let bucket = buckets.get(group);
    if (bucket === undefined) {
      bucket = { sent: [], lastSentAt: -Infinity, heldUntil: 0, inFlight: 0, answered: false, windowMs: PACE_WINDOW_MS, announcedPerSecond: null, remainingToday: null, limitPerDay: null, queue: Promise.resolve() };
      buckets.set(group, bucket);
    }
    return bucket;
  };
  /** `etsy`, or `gumroad:<account>` paced as configured for `gumroad`. */
  const configured = (group: string): number | undefined => perSecondByGroup[group] ?? perSecondByGroup[group.split(':')[0] ?? group];
  const low = (bucket: Bucket): boolean =>
    bucket.remainingToday !== null && bucket.remainingToday < Math.max(100, (bucket.limitPerDay ?? 0) * DAILY_RESERVE);

  /** How long until `group` may send its next request (0: now), or null while one is in flight before the first answer. */
  const waitOf = (group: string, bucket: Bucket, at: number): number | null => {
    if (at < bucket.heldUntil) return bucket.heldUntil - at;
    if (!bucket.answered && bucket.inFlight > 0) return null;
    bucket.sent = bucket.sent.filter((sentAt) => at - sentAt < bucket.windowMs);
    if (low(bucket)) {
      // Spread what is left at the pace the day's budget sustains; none at all once it is spent (the 429 says how long).
      const spacing = DAY_MS / (bucket.limitPerDay ?? DAY_MS / 1000);
      if (bucket.remainingToday === 0) return Math.max(spacing, 1000);
      if (at - bucket.lastSentAt < spacing) return spacing - (at - bucket.lastSentAt);
    }
    const perSecond = bucket.announcedPerSecond ?? configured(group);
    if (perSecond === undefined) return 0;
    // Evenly spaced, not in bursts: a burst sent at once reaches the platform bunched, across its second's edge.
    const last = bucket.sent.at(-1);
    const spacing = bucket.windowMs / perSecond;
    if (last !== undefined && at - last < spacing) return Math.max(1, spacing - (at - last));
    if (bucket.sent.length < perSecond) return 0;
    const oldest = bucket.sent[bucket.sent.length - perSecond] ?? at;
    return Math.max(1, bucket.windowMs - (at - oldest));
  };

  const turn = async (group: string, bucket: Bucket, maxWaitMs: number): Promise<Turn> => {
    for (;;) {
      const at = time.now();
      const wait = waitOf(group, bucket, at);
      if (wait === 0) {
        bucket.sent.push(at);
        bucket.lastSentAt = at;
        bucket.inFlight += 1;
        if (bucket.remainingToday !== null && bucket.remainingToday > 0) bucket.remainingToday -= 1;
        let done = false;
        return {
          granted: true,
          done: () => {
            if (done) return;
            done = true;
            bucket.inFlight -= 1;
            bucket.answered = true;
          },
        };
      }
      if (wait !== null && wait > maxWaitMs) return { granted: false, waitMs: wait };
      // A request in flight before the first answer: look again shortly (its answer tells the budget).
      await time.sleep(wait ?? 5);
    }
  };

  return {
    take(group, maxWaitMs = Infinity) {
      const bucket = bucketOf(group);
      const mine = bucket.queue.then(() => turn(group, bucket, maxWaitMs));
      bucket.queue = mine.catch(() => undefined);
      return mine;
    },
    overran(group) {
      const bucket = bucketOf(group);
      bucket.windowMs = Math.min(MAX_WINDOW_MS, bucket.windowMs + 100);
    },
    hold(group, ms) {
      const bucket = bucketOf(group);
      bucket.heldUntil = Math.max(bucket.heldUntil, time.now() + ms);
    },
    observe(group, budget) {
      const bucket = bucketOf(group);
      bucket.answered = true;
      if (budget.limitPerSecond !== null && budget.limitPerSecond > 0) bucket.announcedPerSecond = budget.limitPerSecond;
      if (budget.limitPerDay !== null) bucket.limitPerDay = budget.limitPerDay;
      if (budget.remainingToday !== null) bucket.remainingToday = budget.remainingToday;
      // Spent this second (other shops of the app count too): nothing more until the platform's second has passed.
      if (budget.remainingThisSecond === 0) bucket.heldUntil = Math.max(bucket.heldUntil, time.now() + 1000);
    },
    dailyLow(group) {
      const bucket = buckets.get(group);
      return bucket === undefined || !low(bucket) || bucket.remainingToday === null ? null : { remainingToday: bucket.remainingToday, limitPerDay: bucket.limitPerDay };
    },
  };
}

/** A request the other side refused without acting on it (429, or 503 with `Retry-After`), and the wait it asked for. */
export interface Refusal {
  readonly retryAfterMs: number | null;
  /** Refused for the budget (a 429), not for being down. */
  readonly overBudget?: boolean;
}

export interface PacedCallOptions<E> {
  /** Requests in all for one call, the first included, while the other side refuses it (default 6). */
  readonly maxTries?: number;
  /** Longer waits are not waited in place: the call fails and the job runner decides (default 60 s). */
  readonly maxWaitMs?: number;
  /** The failure when the pacer would have the call wait longer than `maxWaitMs`. */
  readonly overBudget: (waitMs: number) => E;
}

/**
 * Makes one request in its turn; a request the other side refused without acting is made again, alone, once the wait
 * it asked for has passed (the group held meanwhile), so that what the job did before it is neither lost nor repeated.
 * After `maxTries`, or when the wait asked is longer than `maxWaitMs`, the refusal is the caller's answer.
 */
export function pacedCall<T, E>(pacer: RatePacer, group: string, request: () => ResultAsync<T, E>, refusal: (answer: T) => Refusal | null, options: PacedCallOptions<E>): ResultAsync<T, E> {
  const maxTries = options.maxTries ?? 6;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const attempt = (tries: number): ResultAsync<T, E> =>
    ResultAsync.fromSafePromise(pacer.take(group, maxWaitMs)).andThen((turn) => {
      if (!turn.granted) return errAsync(options.overBudget(turn.waitMs));
      // The refusal holds the group before the turn ends, so that no other request slips in before the wait.
      const answered: Promise<{ result: Result<T, E>; refused: Refusal | null }> = Promise.resolve(request()).then((result) => {
        const refused = result.isOk() ? refusal(result.value) : null;
        if (refused !== null) pacer.hold(group, refused.retryAfterMs ?? 1000);
        if (refused?.overBudget === true) pacer.overran(group);
        turn.done();
        return { result, refused };
      });
      return ResultAsync.fromSafePromise(answered).andThen(({ result, refused }): ResultAsync<T, E> => {
        if (result.isErr()) return errAsync(result.error);
        if (refused === null) return okAsync(result.value);
        const wait = refused.retryAfterMs ?? 1000;
        return tries < maxTries && wait <= maxWaitMs ? attempt(tries + 1) : okAsync(result.value);
      });
    });
  return attempt(1);
}
