/**
 * A channel's context whose every request goes through the pacer of its budget: the platform's announced budget fed
 * to the pacer, each request made in its turn, and one the platform refused without acting made again, alone, after
 * the wait it asked for. Too long a wait (a day's budget spent) fails the call as `ChannelRateLimited` instead.
 */
import { pacedCall, type RatePacer } from '../jobs/rate-pacer.js';
import type { ChannelFailure } from './sales-channel.js';
import type { ChannelContext } from './sales-platform.js';

export function pacedContext(pacer: RatePacer, group: string, context: ChannelContext): ChannelContext {
  return {
    ...context,
    onBudget: (budget) => {
      pacer.observe(group, budget);
      context.onBudget?.(budget);
    },
    calls: (request, refusal) =>
      pacedCall(pacer, group, request, refusal, {
        overBudget: (waitMs): ChannelFailure => ({
          type: 'ChannelRateLimited',
          retryAfterMs: waitMs,
          message: `the request budget is spent for now; the next request fits in ${Math.ceil(waitMs / 1000)} s`,
        }),
      }),
  };
}
