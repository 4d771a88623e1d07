/**
 * Connecting a creator's platform accounts: a pasted access token (Gumroad), or OAuth 2.0 with PKCE (Etsy), the state
 * bound to the user, valid 10 minutes, usable once. Credentials are sealed before they are kept and never shown.
 */
import { createHash, randomBytes } from 'node:crypto';
import { err, errAsync, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import { validationFailed, type ConnectionFailed, type OAuthFailed, type PlatformNotFound, type PlatformUnreachable, type SalesError, type ValidationFailed } from '../shared/errors.js';
import type { Clock } from '../shared/ports.js';
import { authorizationSecretContext, connectionSecretContext, type AuthorizationRepository, type Connection, type ConnectionRepository } from './connection.js';
import type { ChannelFailure } from './sales-channel.js';
import type { ConnectedAccount, SalesPlatform } from './sales-platform.js';
import type { SecretBox } from './secret-box.js';
import type { JobQueue, JobRequest } from '../jobs/job-queue.js';
import { newHookSecret, salesPollJob, salesSubscribeJob, salesUnsubscribeJob } from './sale-jobs.js';

export const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

export interface ConnectionDeps {
  readonly connections: ConnectionRepository;
  readonly authorizations: AuthorizationRepository;
  readonly secrets: SecretBox;
  /** The configured platforms, in `SALES_PLATFORMS` order. */
  readonly platforms: readonly SalesPlatform[];
  readonly clock: Clock;
  /** Where the platform sends the creator back after consent (`PUBLIC_URL/api/connections/etsy/callback`). */
  readonly redirectUri: (platform: string) => string;
  /**
   * Where sale work is queued: subscribing the platform's sale notices and a first poll after a connect, removing the
   * subscription after a disconnect. Without it, connections carry no sale work (tests of connecting alone).
   */
  readonly saleWork?: { readonly queue: JobQueue; readonly onQueued?: () => void };
}

export interface ConnectionView {
  readonly platform: string;
  readonly status: 'connected' | 'not_connected' | 'needs_reconnect';
  readonly account_name: string | null;
  /** The only currency the account sells in (an Etsy shop's), or null when it sells in any (or is not connected). */
  readonly currency: string | null;
  readonly connected_at: Date | null;
}

const notConnectedView = (platform: string): ConnectionView => ({ platform, status: 'not_connected', account_name: null, currency: null, connected_at: null });
export const connectionView = (connection: Connection): ConnectionView => ({
  platform: connection.platform,
  status: connection.status,
  account_name: connection.account_name,
  currency: connection.currency,
  connected_at: connection.connected_at,
});

const platformOf = (deps: ConnectionDeps, id: string): Result<SalesPlatform, PlatformNotFound> => {
  const platform = deps.platforms.find((candidate) => candidate.id === id);
  return platform === undefined ? err({ type: 'PlatformNotFound', platform: id }) : ok(platform);
};

const base64url = (bytes: Buffer): string => bytes.toString('base64url');
const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** What a refusal while connecting means to the creator: their credentials refused, or the platform not reachable. */
const connectFailure =
  (platform: SalesPlatform, refused: (detail: string) => ConnectionFailed | OAuthFailed) =>
  (failure: ChannelFailure): ConnectionFailed | OAuthFailed | PlatformUnreachable => {
    switch (failure.type) {
      case 'ChannelUnauthorized':
      case 'ChannelRejected':
        return refused(`${platform.name} refused: ${failure.message}`);
      case 'ChannelRateLimited':
      case 'ChannelUnavailable':
        return { type: 'PlatformUnreachable', detail: `${platform.name} could not be reached: ${failure.message}; try again in a minute` };
    }
  };

/** Queues the sale work `jobs` names, when the service does sale work. */
const queueSaleWork = (deps: ConnectionDeps, jobs: readonly JobRequest[]): ResultAsync<void, SalesError> => {
  const work = deps.saleWork;
  if (work === undefined || jobs.length === 0) return okAsync(undefined);
  return ResultAsync.combine(jobs.map((job) => work.queue.enqueue(job))).map(() => work.onQueued?.());
};

/**
 * Keeps the connection. The same account connected again keeps its sale-notice address and its poll cursor; another
 * account gets new ones, and the old account's subscription is removed.
 */
const keep = (deps: ConnectionDeps, userId: string, platform: SalesPlatform, connected: ConnectedAccount): ResultAsync<ConnectionView, SalesError> =>
  deps.connections.find(userId, platform.id).andThen((previous) => {
    const sameAccount = previous !== null && previous.account_id === connected.accountId && previous.sealed_hook !== null;
    const retired = previous !== null && !sameAccount && previous.sealed_hook !== null ? [salesUnsubscribeJob(previous, deps.clock.now())] : [];
    return queueSaleWork(deps, retired).andThen(() => keepConnection(deps, userId, platform, connected, sameAccount ? previous : null));
  });

const keepConnection = (deps: ConnectionDeps, userId: string, platform: SalesPlatform, connected: ConnectedAccount, sameAccount: Connection | null): ResultAsync<ConnectionView, SalesError> => {
  const now = deps.clock.now();
  const hook = sameAccount !== null ? { hook_digest: sameAccount.hook_digest, sealed_hook: sameAccount.sealed_hook } : newHookSecret(deps.secrets, userId, platform.id);
  const connection: Connection = {
    user_id: userId,
    platform: platform.id,
    account_id: connected.accountId,
    account_name: connected.account.accountName,
    currency: connected.account.currency,
    sealed_secret: deps.secrets.seal(JSON.stringify(connected.secret), connectionSecretContext(userId, platform.id)),
    status: 'connected',
    connected_at: now,
    updated_at: now,
    ...hook,
    sales_cursor: sameAccount?.sales_cursor ?? null,
  };
  return deps.connections
    .save(connection)
    .andThen(() => queueSaleWork(deps, [salesSubscribeJob(userId, platform.id, now), salesPollJob(userId, platform.id, now)]))
    .map(() => connectionView(connection));
};

export const listConnections =
  (deps: ConnectionDeps) =>
  (userId: string): ResultAsync<ConnectionView[], SalesError> =>
    deps.connections
      .listForUser(userId)
      .map((connections) =>
        deps.platforms.map((platform) => {
          const connection = connections.find((candidate) => candidate.platform === platform.id);
          return connection === undefined ? notConnectedView(platform.id) : connectionView(connection);
        }),
      );

const readAccessToken = (body: unknown): Result<string, ValidationFailed> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return err(validationFailed([{ pointer: '', message: 'must be an object' }]));
  const extra = Object.keys(body).filter((key) => key !== 'access_token');
  if (extra.length > 0) return err(validationFailed(extra.map((key) => ({ pointer: `/${key}`, message: 'is not allowed' }))));
  const token = (body as { access_token?: unknown }).access_token;
  if (typeof token !== 'string' || !/^[\x21-\x7e]{8,512}$/.test(token)) {
    return err(validationFailed([{ pointer: '/access_token', message: 'must be the access token: 8 to 512 visible ASCII characters' }]));
  }
  return ok(token);
};

/** `PUT /api/connections/{platform}` `{ access_token }`: checked against the platform, then kept. */
export const connectWithToken =
  (deps: ConnectionDeps) =>
  (command: { readonly userId: string; readonly platform: string; readonly body: unknown }): ResultAsync<ConnectionView, SalesError> =>
    platformOf(deps, command.platform)
      .andThen((platform) =>
        platform.connect.kind === 'token'
          ? ok({ platform, connect: platform.connect })
          : err<never, ConnectionFailed>({ type: 'ConnectionFailed', detail: `${platform.name} is connected through its consent page: POST /api/connections/${platform.id}/authorize` }),
      )
      .andThen((found) => readAccessToken(command.body).map((token) => ({ ...found, token })))
      .asyncAndThen(({ platform, connect, token }) =>
        connect
          .verify(token)
          .mapErr(connectFailure(platform, (detail) => ({ type: 'ConnectionFailed', detail })))
          .andThen((connected) => keep(deps, command.userId, platform, connected)),
      );

/** `POST /api/connections/{platform}/authorize`: the consent page's address, with a fresh state and PKCE challenge. */
export const beginAuthorization =
  (deps: ConnectionDeps) =>
  (command: { readonly userId: string; readonly platform: string }): ResultAsync<{ authorize_url: string }, SalesError> =>
    platformOf(deps, command.platform)
      .andThen((platform) =>
        platform.connect.kind === 'oauth'
          ? ok({ platform, connect: platform.connect })
          : err<never, ConnectionFailed>({ type: 'ConnectionFailed', detail: `${platform.name} is connected with an access token: PUT /api/connections/${platform.id}` }),
      )
      .andThen((found) => (found.connect.unavailable === undefined ? ok(found) : err<never, ConnectionFailed>({ type: 'ConnectionFailed', detail: found.connect.unavailable })))
      .asyncAndThen(({ platform, connect }) => {
        const state = base64url(randomBytes(32));
        const verifier = base64url(randomBytes(48));
        const id = sha256(state).toString('hex');
        return deps.authorizations
          .insert({
            id,
            user_id: command.userId,
            platform: platform.id,
            sealed_verifier: deps.secrets.seal(verifier, authorizationSecretContext(id)),
            expires_at: new Date(deps.clock.now().getTime() + AUTHORIZATION_TTL_MS),
          })
          .map(() => ({ authorize_url: connect.authorizeUrl({ state, codeChallenge: base64url(sha256(verifier)), redirectUri: deps.redirectUri(platform.id) }) }));
      });

const oauthFailed = (reason: OAuthFailed['reason'], detail: string): OAuthFailed => ({ type: 'OAuthFailed', reason, detail });

/** `GET /api/connections/{platform}/callback?code&state`: the state is the authentication; good once, for 10 minutes. */
export const completeAuthorization =
  (deps: ConnectionDeps) =>
  (command: { readonly platform: string; readonly code: string | undefined; readonly state: string | undefined; readonly error?: string | undefined }): ResultAsync<ConnectionView, SalesError> =>
    platformOf(deps, command.platform).asyncAndThen((platform) => {
      if (platform.connect.kind !== 'oauth') return errAsync(oauthFailed('refused', `${platform.name} does not use a consent page`));
      const connect = platform.connect;
      if (command.state === undefined || command.state === '' || command.state.length > 512) return errAsync(oauthFailed('expired', 'the callback carries no state'));
      const id = sha256(command.state).toString('hex');
      return deps.authorizations.take(id, deps.clock.now()).andThen((pending) => {
        if (pending === null || pending.platform !== platform.id) return errAsync(oauthFailed('expired', 'the state is unknown, expired or already used: start again from POST /api/connections/' + platform.id + '/authorize'));
        // RFC 6749 §4.1.2.1: `access_denied` is the owner saying no; any other error is the platform refusing the request.
        if (command.error !== undefined) {
          return errAsync(oauthFailed(command.error === 'access_denied' ? 'denied' : 'refused', `${platform.name} did not grant access (${command.error.slice(0, 100)})`));
        }
        if (command.code === undefined || command.code === '' || command.code.length > 2048) return errAsync(oauthFailed('refused', 'the callback carries no code'));
        const verifier = deps.secrets.open(pending.sealed_verifier, authorizationSecretContext(id));
        if (verifier === null) return errAsync(oauthFailed('expired', 'the authorization could not be read: start again'));
        return connect
          .exchangeCode({ code: command.code, codeVerifier: verifier, redirectUri: deps.redirectUri(platform.id) })
          .mapErr(connectFailure(platform, (detail) => oauthFailed('refused', detail)))
          .andThen((connected) => keep(deps, pending.user_id, platform, connected));
      });
    });

/** `DELETE /api/connections/{platform}`: credentials forgotten; the connection reads `not_connected`. */
export const disconnect =
  (deps: ConnectionDeps) =>
  (command: { readonly userId: string; readonly platform: string }): ResultAsync<ConnectionView, SalesError> =>
    platformOf(deps, command.platform).asyncAndThen((platform) =>
      deps.connections
        .find(command.userId, platform.id)
        // The subscription is removed with the credentials the job carries, so it is queued before they are forgotten.
        .andThen((connection) => queueSaleWork(deps, connection?.sealed_hook != null ? [salesUnsubscribeJob(connection, deps.clock.now())] : []))
        .andThen(() => deps.connections.remove(command.userId, platform.id))
        .andThen(() => okAsync(notConnectedView(platform.id))),
    );
