/**
 * Sales coming back, as jobs: a notice a platform posted is confirmed through its API before it counts; changed sales
 * are polled with a cursor kept on the connection; notices are subscribed when an account is connected and
 * unsubscribed when it is disconnected. Every call goes through the job queue and the platform's pace.
 */
import { createHash, randomBytes } from 'node:crypto';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { JobFailure, JobHandler } from '../jobs/job-handler.js';
import type { JobRequest, LeasedJob } from '../jobs/job-queue.js';
import { validationFailed, type SalesError, type StoreUnavailable } from '../shared/errors.js';
import { channelJobFailure, connectionChannel, type ConnectionChannelDeps } from './connection-channel.js';
import { hookSecretContext, type Connection } from './connection.js';
import { recordSale, type SaleRecordingDeps } from './sale-recording.js';
import type { ChannelFailure, SalesChannel } from './sales-channel.js';
import type { SalesPlatform } from './sales-platform.js';

export const SALE_CONFIRM = 'sale.confirm';
export const SALES_POLL = 'sales.poll';
export const SALES_SUBSCRIBE = 'sales.subscribe';
export const SALES_UNSUBSCRIBE = 'sales.unsubscribe';

export interface SaleJobDeps extends ConnectionChannelDeps, SaleRecordingDeps {
  readonly platforms: readonly SalesPlatform[];
  /** The address a platform posts this connection's notices to: `PUBLIC_URL/hooks/<platform>/<secret>`. */
  readonly hookUrl: (platform: string, secret: string) => string;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

export const saleConfirmJob = (userId: string, platform: string, remoteId: string, runAt: Date): JobRequest => ({
  kind: SALE_CONFIRM,
  key: `${SALE_CONFIRM}:${platform}:${remoteId}`,
  group: platform,
  payload: { userId, platform, remoteId },
  runAt,
});

export const salesPollJob = (userId: string, platform: string, runAt: Date): JobRequest => ({
  kind: SALES_POLL,
  key: `${SALES_POLL}:${userId}:${platform}`,
  group: platform,
  payload: { userId, platform },
  runAt,
});

export const salesSubscribeJob = (userId: string, platform: string, runAt: Date): JobRequest => ({
  kind: SALES_SUBSCRIBE,
  key: `${SALES_SUBSCRIBE}:${userId}:${platform}`,
  group: platform,
  payload: { userId, platform },
  runAt,
});

/**
 * Removes a connection's notice subscription at the platform after the connection itself is gone: the job carries
 * the credentials and the notice secret, still sealed to the connection's row.
 */
export const salesUnsubscribeJob = (connection: Connection, runAt: Date): JobRequest => ({
  kind: SALES_UNSUBSCRIBE,
  key: `${SALES_UNSUBSCRIBE}:${connection.user_id}:${connection.platform}:${connection.hook_digest ?? 'none'}`,
  group: connection.platform,
  payload: { userId: connection.user_id, platform: connection.platform, credentials: connection.sealed_secret, hook: connection.sealed_hook ?? '' },
  runAt,
});

/** A fresh notice secret for a connection: the raw one (in the address), its digest (to find it), and sealed. */
export function newHookSecret(secrets: SaleJobDeps['secrets'], userId: string, platform: string): Pick<Connection, 'hook_digest' | 'sealed_hook'> {
  const secret = randomBytes(32).toString('base64url');
  return { hook_digest: hookDigest(secret), sealed_hook: secrets.seal(secret, hookSecretContext(userId, platform)) };
}

export const hookDigest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const giveUp = (code: string, message: string): JobFailure => ({ type: 'GiveUp', code, message });

export function saleJobHandlers(deps: SaleJobDeps): JobHandler[] {
  const platforms = new Map(deps.platforms.map((platform) => [platform.id, platform]));
  const log = deps.log ?? (() => undefined);
  const record = recordSale(deps);

  /** The platform and a channel for the user's connection to it; gives up when either is gone. */
  const connected = (job: LeasedJob): ResultAsync<{ platform: SalesPlatform; connection: Connection; channel: SalesChannel }, JobFailure> => {
    const platform = platforms.get(job.payload.platform ?? '');
    if (platform === undefined) return errAsync(giveUp('not_connected', `the platform ${job.payload.platform ?? ''} is not configured`));
    return deps.connections.find(job.payload.userId ?? '', platform.id).andThen((connection) => {
      if (connection === null || connection.status !== 'connected') return errAsync(giveUp('not_connected', `no working ${platform.name} connection`));
      const channel = connectionChannel(deps, platform, connection);
      if (channel === null) return errAsync(giveUp('not_connected', `the ${platform.name} credentials cannot be opened with this service's key`));
      return okAsync({ platform, connection, channel });
    });
  };

  /**
   * A call the platform refused for the connection's credentials (the owner took the access away): the connection
   * says it needs reconnecting, as listing work does, so the studio says so and no more polls are queued for it.
   */
  const failed =
    (platform: SalesPlatform, connection: Connection, what: string) =>
    (failure: ChannelFailure): ResultAsync<never, JobFailure> => {
      const marked = failure.type === 'ChannelUnauthorized' ? deps.connections.markNeedsReconnect(connection.user_id, platform.id, deps.clock.now()) : okAsync(undefined);
      return marked.andThen(() => errAsync(channelJobFailure(failure, platform.name, what)));
    };

  const confirm: JobHandler = {
    kind: SALE_CONFIRM,
    run: (job) =>
      connected(job).andThen(({ platform, connection, channel }) =>
        channel
          .findSale(job.payload.remoteId ?? '')
          .orElse(failed(platform, connection, 'the sale lookup'))
          .andThen((sale) => {
            if (sale === null) {
              log('a sale notice was not confirmed by the platform and counts nothing', { platform: platform.id, remoteId: job.payload.remoteId });
              return errAsync(giveUp('not_confirmed', `${platform.name} has no sale ${job.payload.remoteId ?? ''}`));
            }
            return record({ userId: connection.user_id, platform: platform.id, sale }).map(() => undefined);
          }),
      ),
    gaveUp: () => okAsync(undefined),
  };

  const poll: JobHandler = {
    kind: SALES_POLL,
    run: (job) =>
      connected(job).andThen(({ platform, connection, channel }) =>
        channel
          .salesSince(connection.sales_cursor)
          .orElse(failed(platform, connection, 'the sales lookup'))
          .andThen((page) =>
            page.sales
              .reduce<ResultAsync<void, StoreUnavailable>>((previous, sale) => previous.andThen(() => record({ userId: connection.user_id, platform: platform.id, sale }).map(() => undefined)), okAsync(undefined))
              .andThen(() => deps.connections.saveSalesCursor(connection.user_id, platform.id, page.cursor))
              .andThen(() => (page.more ? deps.queue.enqueue(salesPollJob(connection.user_id, platform.id, deps.clock.now())) : okAsync(undefined))),
          ),
      ),
    gaveUp: () => okAsync(undefined),
  };

  const subscribe: JobHandler = {
    kind: SALES_SUBSCRIBE,
    run: (job) =>
      connected(job).andThen(({ platform, connection, channel }) => {
        const secret = connection.sealed_hook === null ? null : deps.secrets.open(connection.sealed_hook, hookSecretContext(connection.user_id, platform.id));
        if (secret === null) return errAsync(giveUp('not_connected', `the ${platform.name} connection has no notice address`));
        return channel.subscribeToSales(deps.hookUrl(platform.id, secret)).orElse(failed(platform, connection, 'the sale notices'));
      }),
    gaveUp: (job, failure) => {
      log('sale notices could not be subscribed; sales still come back through the poll', { platform: job.payload.platform, reason: failure.message });
      return okAsync(undefined);
    },
  };

  const unsubscribe: JobHandler = {
    kind: SALES_UNSUBSCRIBE,
    run: (job) => {
      const userId = job.payload.userId ?? '';
      const platform = platforms.get(job.payload.platform ?? '');
      if (platform === undefined) return errAsync(giveUp('not_connected', 'the platform is not configured'));
      const secret = deps.secrets.open(job.payload.hook ?? '', hookSecretContext(userId, platform.id));
      const channel = connectionChannel(
        // A refreshed token has nowhere to go: the connection is gone. Keep it nowhere.
        { ...deps, connections: { ...deps.connections, replaceSecret: () => okAsync(false) } },
        platform,
        { user_id: userId, platform: platform.id, sealed_secret: job.payload.credentials ?? '', account_id: job.payload.accountId ?? userId },
      );
      if (secret === null || channel === null) return okAsync(undefined);
      return channel.unsubscribeFromSales(deps.hookUrl(platform.id, secret)).mapErr((failure) => channelJobFailure(failure, platform.name, 'removing the sale notices'));
    },
    gaveUp: () => okAsync(undefined),
  };

  return [confirm, poll, subscribe, unsubscribe];
}

export interface SaleNoticeDeps {
  readonly connections: SaleJobDeps['connections'];
  readonly queue: SaleJobDeps['queue'];
  readonly clock: SaleJobDeps['clock'];
  /** Called once the notice is queued (wakes the job runner). */
  readonly onQueued?: () => void;
}

/**
 * A notice a platform posted to `/hooks/<platform>/<secret>`: queued for confirmation, counted only once the platform's
 * API confirms the sale. Answers only after the notice is safely queued, so that a database that cannot be reached
 * makes the platform send it again.
 */
export const acceptSaleNotice =
  (deps: SaleNoticeDeps) =>
  (notice: { readonly platform: string; readonly secret: string; readonly fields: Readonly<Record<string, string>> }): ResultAsync<void, SalesError> => {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(notice.secret)) return errAsync({ type: 'HookNotFound' });
    return deps.connections.findByHook(notice.platform, hookDigest(notice.secret)).andThen((connection) => {
      if (connection === null) return errAsync<void, SalesError>({ type: 'HookNotFound' });
      const remoteId = notice.fields.sale_id ?? '';
      if (!/^[\x21-\x7e]{1,128}$/.test(remoteId)) return errAsync<void, SalesError>(validationFailed([{ pointer: '/sale_id', message: 'the notice names no sale' }]));
      return deps.queue.enqueue(saleConfirmJob(connection.user_id, connection.platform, remoteId, deps.clock.now())).map(() => deps.onQueued?.());
    });
  };

/** Queues a poll of every connection to `platform` that has none waiting (the poll's timer). */
export const queueSalesPolls = (deps: Pick<SaleJobDeps, 'connections' | 'queue' | 'clock'>, platform: string): ResultAsync<number, StoreUnavailable> =>
  deps.connections
    .connectedTo(platform)
    .andThen((connections) =>
      ResultAsync.combine(
        connections.filter((connection) => connection.status === 'connected').map((connection) => deps.queue.enqueue(salesPollJob(connection.user_id, platform, deps.clock.now()), { ifAbsent: true })),
      ).map((queued) => queued.length),
    );
