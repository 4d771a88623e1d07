/**
 * A channel acting for a stored connection: its credentials opened, refreshed tokens sealed and kept, the platform's
 * budget headers fed to the pacer and the queue, every request paced within its budget (the app's, or the account's).
 */
import type { JobFailure } from '../jobs/job-handler.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { RatePacer } from '../jobs/rate-pacer.js';
import type { Clock } from '../shared/ports.js';
import { connectionSecretContext, type Connection, type ConnectionRepository } from './connection.js';
import { pacedContext } from './paced-context.js';
import type { ChannelFailure, SalesChannel } from './sales-channel.js';
import type { ChannelSecret, SalesPlatform } from './sales-platform.js';
import type { SecretBox } from './secret-box.js';

export interface ConnectionChannelDeps {
  readonly connections: ConnectionRepository;
  readonly secrets: SecretBox;
  readonly queue: JobQueue;
  readonly pacer: RatePacer;
  readonly clock: Clock;
}

/** How long the platform's jobs wait when its per-day budget is spent. */
const DAY_BUDGET_PAUSE_MS = 60 * 60 * 1000;

/** The pacer's group of a connection's requests: the platform's, or the account's when each account has its own budget. */
export const budgetGroup = (platform: SalesPlatform, connection: Pick<Connection, 'account_id'>): string =>
  platform.budgetScope !== 'account' ? platform.id : `${platform.id}:${connection.account_id}`;

/** The channel for `connection`, or null when its sealed credentials do not open (another key, or altered). */
export function connectionChannel(
  deps: ConnectionChannelDeps,
  platform: SalesPlatform,
  connection: Pick<Connection, 'user_id' | 'platform' | 'sealed_secret' | 'account_id'>,
): SalesChannel | null {
  const context = connectionSecretContext(connection.user_id, connection.platform);
  const opened = deps.secrets.open(connection.sealed_secret, context);
  if (opened === null) return null;
  return platform.channel(pacedContext(deps.pacer, budgetGroup(platform, connection), {
    secret: JSON.parse(opened) as ChannelSecret,
    onSecretChange: async (secret) => {
      const saved = await deps.connections.replaceSecret(connection.user_id, connection.platform, deps.secrets.seal(JSON.stringify(secret), context), deps.clock.now());
      if (saved.isErr()) throw new Error(`refreshed credentials could not be kept: ${saved.error.message}`);
    },
    // A day's budget spent holds the platform's jobs in every process sharing the queue.
    onBudget: (budget) => {
      if (budget.remainingToday === 0) void deps.queue.pause(platform.id, new Date(deps.clock.now().getTime() + DAY_BUDGET_PAUSE_MS));
    },
  }));
}

/** What a channel's failure means to the job runner: wait (and pause the platform when it asked), or give up. */
export function channelJobFailure(failure: ChannelFailure, platformName: string, what: string): JobFailure {
  switch (failure.type) {
    case 'ChannelRateLimited':
      return { type: 'RetryLater', afterMs: failure.retryAfterMs, pauseGroupMs: failure.retryAfterMs ?? 1000, code: 'rate_limited', message: `${platformName} asked us to slow down: ${failure.message}` };
    case 'ChannelUnavailable':
      // A 503's Retry-After means what it means on a 429 (RFC 9110 §10.2.3): the platform, not only this job, waits.
      return failure.retryAfterMs === undefined || failure.retryAfterMs === null
        ? { type: 'RetryLater', afterMs: null, code: 'unavailable', message: failure.message }
        : { type: 'RetryLater', afterMs: failure.retryAfterMs, pauseGroupMs: failure.retryAfterMs, code: 'unavailable', message: failure.message };
    case 'ChannelUnauthorized':
      return { type: 'GiveUp', code: 'not_connected', message: `${platformName} no longer accepts the connection's credentials: reconnect the account, then retry` };
    case 'ChannelRejected':
      return { type: 'GiveUp', code: 'platform_rejected', message: `${platformName} refused ${what}: ${failure.message}` };
  }
}
