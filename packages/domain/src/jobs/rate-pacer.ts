/**
 * Paces calls to an outside system: at most `perSecond` calls a second per group (a token bucket), and none while a
 * group is held (the platform said its budget for this second is spent). Shared by every job of one process; the
 * queue's group pause carries longer holds (a 429's `Retry-After`, a spent daily budget) to every process.
 */
export interface RatePacer {
  /** Resolves when a call to `group` may be made. */
  take(group: string): Promise<void>;
  /** No call to `group` before `ms` from now. */
  hold(group: string, ms: number): void;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
  heldUntil: number;
  /** Calls waiting their turn, so that they go out in order. */
  queue: Promise<void>;
}

export function ratePacer(perSecondByGroup: Readonly<Record<string, number>>, now: () => number = () => performance.now()): RatePacer {
  const buckets = new Map<string, Bucket>();
  const bucketOf = (group: string): Bucket => {
    let bucket = buckets.get(group);
    if (bucket === undefined) {
      bucket = { tokens: perSecondByGroup[group] ?? Infinity, refilledAt: now(), heldUntil: 0, queue: Promise.resolve() };
      buckets.set(group, bucket);
    }
    return bucket;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const turn = async (group: string, bucket: Bucket): Promise<void> => {
    const rate = perSecondByGroup[group];
    for (;;) {
      const at = now();
      if (at < bucket.heldUntil) {
        await sleep(bucket.heldUntil - at);
        continue;
      }
      if (rate === undefined) return;
      bucket.tokens = Math.min(rate, bucket.tokens + ((at - bucket.refilledAt) / 1000) * rate);
      bucket.refilledAt = at;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      await sleep(((1 - bucket.tokens) / rate) * 1000);
    }
  };

  return {
    take(group) {
      const bucket = bucketOf(group);
      const mine = bucket.queue.then(() => turn(group, bucket));
      bucket.queue = mine;
      return mine;
    },
    hold(group, ms) {
      const bucket = bucketOf(group);
      bucket.heldUntil = Math.max(bucket.heldUntil, now() + ms);
    },
  };
}
