/**
 * The secrets in a subscriber's links. A link's token is `<subscriber id>.<secret>`: the id finds the subscriber, the
 * secret (32 random bytes, base64url) proves the link was sent to the address. Only the secret's SHA-256 digest is
 * kept, and a presented secret is compared with every kept digest of its purpose in constant time, so neither a
 * database read nor the answer's timing gives a secret away.
 *
 * - confirm: single use, valid 7 days, only while the subscriber is pending;
 * - download: valid 7 days from the e-mail that carried it, as often as wanted;
 * - unsubscribe: never expires (an old e-mail's link still works), as often as wanted.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PURPOSES = ['confirm', 'download', 'unsubscribe'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
export const CONFIRM_LINK_TTL_MS = 7 * DAY_MS;
export const DOWNLOAD_LINK_TTL_MS = 7 * DAY_MS;
/** How many links of one purpose a subscriber keeps (the newest): more e-mails than a reader gets in a week at 3 a day. */
export const TOKENS_KEPT_PER_PURPOSE = 25;

export interface SubscriberToken {
  readonly purpose: TokenPurpose;
  /** SHA-256 of the secret, base64url. */
  readonly digest: string;
  readonly issued_at: Date;
  /** Null: never expires. */
  readonly expires_at: Date | null;
  /** Single-use tokens: when it was used. */
  readonly used_at: Date | null;
}

export interface IssuedToken {
  /** What goes into the link; never stored. */
  readonly token: string;
  readonly stored: SubscriberToken;
}

const SECRET_BYTES = 32;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/;

export const tokenDigest = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('base64url');

const TTL: Record<TokenPurpose, number | null> = { confirm: CONFIRM_LINK_TTL_MS, download: DOWNLOAD_LINK_TTL_MS, unsubscribe: null };

export function issueToken(subscriberId: string, purpose: TokenPurpose, now: Date): IssuedToken {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const ttl = TTL[purpose];
  return {
    token: `${subscriberId}.${secret}`,
    stored: { purpose, digest: tokenDigest(secret), issued_at: now, expires_at: ttl === null ? null : new Date(now.getTime() + ttl), used_at: null },
  };
}

/** The subscriber id and secret of a token, or null when it is not shaped like one of ours. */
export function readToken(token: string): { readonly subscriberId: string; readonly secret: string } | null {
  const match = TOKEN_SHAPE.exec(token);
  return match === null ? null : { subscriberId: match[1] ?? '', secret: match[2] ?? '' };
}

/** The kept token of `purpose` whose digest is the secret's; every candidate is compared, in constant time each. */
export function matchToken(tokens: readonly SubscriberToken[], purpose: TokenPurpose, secret: string): SubscriberToken | undefined {
  const presented = Buffer.from(tokenDigest(secret), 'base64url');
  let found: SubscriberToken | undefined;
  for (const token of tokens) {
    const kept = Buffer.from(token.digest, 'base64url');
    const same = kept.length === presented.length && timingSafeEqual(kept, presented);
    if (same && token.purpose === purpose) found = token;
  }
  return found;
}

export const isTokenExpired = (token: SubscriberToken, now: Date): boolean => token.expires_at !== null && token.expires_at.getTime() <= now.getTime();

/**
 * The tokens worth keeping: the newest `TOKENS_KEPT_PER_PURPOSE` of each purpose, expired and used ones included, so
 * that an old link is answered "expired" (410) rather than "unknown" (404) for as long as it is among them.
 */
export function keptTokens(tokens: readonly SubscriberToken[]): SubscriberToken[] {
  return TOKEN_PURPOSES.flatMap((purpose) =>
    tokens
      .filter((token) => token.purpose === purpose)
      .sort((a, b) => b.issued_at.getTime() - a.issued_at.getTime())
      .slice(0, TOKENS_KEPT_PER_PURPOSE),
  );
}
