/**
 * The credentials one channel acts with, kept fresh: an Etsy access token lives one hour, so it is refreshed when it
 * has less than a minute left, and once more when a call is answered 401 (then the call is repeated once). New tokens
 * go to `onSecretChange` before they are used, because Etsy answers a new refresh token with every refresh.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ChannelContext, ChannelFailure, ChannelSecret, Clock } from '@larder/domain';
import type { EtsyFailure } from './etsy-answers.js';
import type { EtsyClient } from './etsy-client.js';
import type { EtsySecret, EtsyTokenResponse } from './etsy-types.js';

/** Refresh ahead of expiry by this much, so that a token never runs out between the check and the call. */
export const REFRESH_MARGIN_MS = 60_000;

/** The secret a fresh token response makes, keeping what the old one knew about the shop. */
export function secretOf(tokens: EtsyTokenResponse, at: Date, shop: { shop_id: number; user_id: number; currency: string | null }): EtsySecret {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: at.getTime() + tokens.expires_in * 1000,
    shop_id: shop.shop_id,
    user_id: shop.user_id,
    currency: shop.currency,
  };
}

/** The stored secret read back, or null when it is not an Etsy connection's. */
export function readSecret(secret: ChannelSecret): EtsySecret | null {
  const { access_token, refresh_token, expires_at, shop_id, user_id, currency } = secret;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') return null;
  if (typeof expires_at !== 'number' || typeof shop_id !== 'number' || typeof user_id !== 'number') return null;
  return { access_token, refresh_token, expires_at, shop_id, user_id, currency: typeof currency === 'string' ? currency : null };
}

export interface EtsySession {
  /** The shop and user this channel acts for (null when the stored secret is unreadable). */
  readonly current: () => EtsySecret | null;
  /** Runs one API call with a working access token; a 401 after a refresh is `ChannelUnauthorized`. */
  readonly authorized: <T>(call: (accessToken: string, secret: EtsySecret) => ResultAsync<T, EtsyFailure>) => ResultAsync<T, ChannelFailure>;
}

export function etsySession(client: EtsyClient, context: ChannelContext, clock: Clock): EtsySession {
  let secret = readSecret(context.secret);
  let refreshing: ResultAsync<EtsySecret, ChannelFailure> | null = null;

  const refresh = (stale: EtsySecret): ResultAsync<EtsySecret, ChannelFailure> => {
    // Another call refreshed while this one waited: its token is the one to use, and Etsy's refresh token has moved on.
    if (secret !== null && secret.access_token !== stale.access_token) return okAsync(secret);
    if (refreshing !== null) return refreshing;
    const running = client
      .requestToken({ grant_type: 'refresh_token', refresh_token: stale.refresh_token })
      .mapErr((failure): ChannelFailure =>
        failure.type === 'EtsyTokenRefused' ? { type: 'ChannelUnauthorized', message: failure.message } : failure,
      )
      .andThen((tokens) => {
        const next = secretOf(tokens, clock.now(), stale);
        return ResultAsync.fromPromise(
          context.onSecretChange({ ...next }),
          (): ChannelFailure => ({ type: 'ChannelUnavailable', message: 'the refreshed Etsy credentials could not be kept' }),
        ).map(() => {
          secret = next;
          return next;
        });
      });
    refreshing = running;
    // Cleared once settled, whatever the outcome, so that a later call may try again.
    void running.then(() => {
      refreshing = null;
    });
    return running;
  };

  const unauthorized = (failure: EtsyFailure): ChannelFailure =>
    failure.type === 'EtsyTokenRefused' ? { type: 'ChannelUnauthorized', message: failure.message } : failure;

  return {
    current: () => secret,
    authorized: <T>(call: (accessToken: string, secret: EtsySecret) => ResultAsync<T, EtsyFailure>) => {
      const start = secret;
      if (start === null) return errAsync<T, ChannelFailure>({ type: 'ChannelUnauthorized', message: 'the Etsy connection has no usable credentials' });
      const expiring = start.expires_at - clock.now().getTime() < REFRESH_MARGIN_MS;
      const ready = expiring ? refresh(start) : okAsync<EtsySecret, ChannelFailure>(start);
      return ready.andThen((used) =>
        call(used.access_token, used).orElse((failure) =>
          failure.type === 'EtsyTokenRefused' && !expiring
            ? refresh(used).andThen((fresh) => call(fresh.access_token, fresh).mapErr(unauthorized))
            : errAsync<T, ChannelFailure>(unauthorized(failure)),
        ),
      );
    },
  };
}
