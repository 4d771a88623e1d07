/**
 * Connecting a shop: OAuth 2.0 authorization code with PKCE (S256), as Etsy's "Authentication" page describes it.
 * The creator is sent to `https://www.etsy.com/oauth/connect`; Etsy sends them back with a code, which is traded at
 * `POST /v3/public/oauth/token` (with the code verifier) for an access token (1 hour) and a refresh token (90 days);
 * then `getMe` names the user's shop and `getShop` its name and currency.
 */
import { errAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, Clock, ConnectedAccount, OAuthConnect } from '@larder/domain';
import type { EtsyFailure } from './etsy-answers.js';
import type { EtsyClient } from './etsy-client.js';
import { secretOf } from './etsy-session.js';

export const ETSY_OAUTH_URL = 'https://www.etsy.com/oauth/connect';

/**
 * What the consent asks for: `listings_r` and `listings_w` for every listing and file operation (files are deleted
 * with `listings_w`; `listings_d` deletes whole listings, which we never do), `shops_r` for `getMe`, and
 * `transactions_r` for the receipts that bring Etsy sales back (asked now so that a connected shop never has to be
 * connected again when sales start being read).
 */
export const ETSY_SCOPES = ['listings_r', 'listings_w', 'shops_r', 'transactions_r'] as const;

const asChannelFailure = (failure: EtsyFailure): ChannelFailure =>
  failure.type === 'EtsyTokenRefused' ? { type: 'ChannelUnauthorized', message: failure.message } : failure;

export function etsyConnect(client: EtsyClient, settings: { oauthUrl: string; apiKey: string }, clock: Clock): OAuthConnect {
  return {
    kind: 'oauth',
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(settings.oauthUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.apiKey);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', ETSY_SCOPES.join(' '));
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    exchangeCode({ code, codeVerifier, redirectUri }): ResultAsync<ConnectedAccount, ChannelFailure> {
      return client
        .requestToken({ grant_type: 'authorization_code', redirect_uri: redirectUri, code, code_verifier: codeVerifier })
        .andThen((tokens) =>
          client.getMe(tokens.access_token).andThen((me) => {
            const shopId = me.shop_id;
            if (typeof shopId !== 'number') {
              return errAsync<ConnectedAccount, EtsyFailure>({
                type: 'ChannelRejected',
                code: 'platform_rejected',
                message: 'This Etsy account has no shop yet: open one on Etsy, then connect again.',
              });
            }
            return client.getShop(tokens.access_token, shopId).map(
              (shop): ConnectedAccount => ({
                accountId: String(shop.shop_id),
                account: { accountName: shop.shop_name, currency: shop.currency_code },
                secret: { ...secretOf(tokens, clock.now(), { shop_id: shop.shop_id, user_id: me.user_id, currency: shop.currency_code }) },
              }),
            );
          }),
        )
        .mapErr(asChannelFailure);
    },
  };
}
