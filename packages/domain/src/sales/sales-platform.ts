/**
 * A sales platform as the service knows it: how an account is connected (an access token pasted by the creator, or
 * OAuth 2.0 with PKCE) and how a channel acting for a connected account is made. Credentials are opaque to the
 * domain (`ChannelSecret`): it only keeps them, encrypted, and hands them back to the platform's adapter.
 */
import type { ResultAsync } from 'neverthrow';
import type { ChannelAccount, ChannelFailure, SalesChannel } from './sales-channel.js';

/** A connection's credentials (tokens and their expiry), as the adapter wants them kept. Never logged or shown. */
export type ChannelSecret = Readonly<Record<string, string | number | null>>;

/** An account just connected: what to show, and what to keep (encrypted). */
export interface ConnectedAccount {
  /** The platform's id of the account (Etsy shop id, Gumroad user id): the same account connected twice has the same one. */
  readonly accountId: string;
  readonly account: ChannelAccount;
  readonly secret: ChannelSecret;
}

/** What a platform said about the caller's request budget (Etsy's `x-limit-*` and `x-remaining-*` headers). */
export interface RateBudget {
  /** Requests allowed a second, when the platform says. */
  readonly limitPerSecond: number | null;
  /** Requests allowed a day, when the platform says. */
  readonly limitPerDay: number | null;
  /** Requests left in the current second, when the platform says. */
  readonly remainingThisSecond: number | null;
  /** Requests left in the current day, when the platform says. */
  readonly remainingToday: number | null;
}

/** The credentials a channel acts with, where it puts new ones after refreshing a token, and who hears its budget. */
export interface ChannelContext {
  readonly secret: ChannelSecret;
  /** Called with the new credentials after a refresh, before they are used; the caller keeps them (encrypted). */
  readonly onSecretChange: (secret: ChannelSecret) => Promise<void>;
  /** Called after every answer that carried budget headers, so that the job runner can pace the platform. */
  readonly onBudget?: (budget: RateBudget) => void;
  /**
   * How each request to the platform's API is made: in its turn within the platform's budget, and made again when
   * the platform refused it without acting (`refusal` says so: a 429, a 503 with `Retry-After`). The job runner's;
   * without it, each request is made at once, once.
   */
  readonly calls?: CallGate;
}

/** A request the platform refused without acting on it, and how long it asked us to wait (null: it did not say). */
export interface CallRefusal {
  readonly retryAfterMs: number | null;
  /** Refused for the budget (a 429), not for being down. */
  readonly overBudget?: boolean;
}

export type CallGate = <T>(request: () => ResultAsync<T, ChannelFailure>, refusal: (answer: T) => CallRefusal | null) => ResultAsync<T, ChannelFailure>;

export interface SalesPlatform {
  /** The identifier used in `SALES_PLATFORMS`, `sales.platforms` and the API's paths: `etsy`, `gumroad`. */
  readonly id: string;
  /** A human name for messages: `Etsy`, `Gumroad`. */
  readonly name: string;
  /** Whose requests share one budget: the app's, every account together (Etsy; the default), or each account's own (Gumroad). */
  readonly budgetScope?: 'app' | 'account';
  readonly connect: TokenConnect | OAuthConnect;
  channel(context: ChannelContext): SalesChannel;
}

/** The creator pastes an access token; it is checked against the platform before it is kept. */
export interface TokenConnect {
  readonly kind: 'token';
  verify(accessToken: string): ResultAsync<ConnectedAccount, ChannelFailure>;
}

/** OAuth 2.0 authorization code with PKCE (S256). */
export interface OAuthConnect {
  readonly kind: 'oauth';
  /** Why connecting cannot start on this service (the app's keys are not configured); absent when it can. */
  readonly unavailable?: string;
  /** The platform's consent page the creator is sent to. */
  authorizeUrl(request: { readonly state: string; readonly codeChallenge: string; readonly redirectUri: string }): string;
  /** Trades the code the platform sent back for tokens, and looks up the account (Etsy: the user's shop). */
  exchangeCode(request: { readonly code: string; readonly codeVerifier: string; readonly redirectUri: string }): ResultAsync<ConnectedAccount, ChannelFailure>;
}
