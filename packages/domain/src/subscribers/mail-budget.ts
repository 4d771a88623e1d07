/**
 * No address gets more than 3 e-mails a day from the service, whoever asks and for whichever lead magnet: the form
 * cannot be used to flood someone's inbox. A day is a UTC calendar day. The budget is kept per SHA-256 digest of the
 * address's key, so that it holds no address (and an erased subscriber's address is not left behind in it).
 */
import { createHash } from 'node:crypto';
import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';

export const MAILS_PER_ADDRESS_PER_DAY = 3;

export interface MailBudget {
  /**
   * Takes one of the `limit` e-mails the address may get on `day`: true when one was left (and is now taken), false
   * when all were taken. Atomic: of simultaneous claims past the limit, none succeeds.
   */
  claim(addressDigest: string, day: string, limit: number): ResultAsync<boolean, StoreUnavailable>;
}

/** `2026-11-22`: the UTC day of `now`. */
export const mailDay = (now: Date): string => now.toISOString().slice(0, 10);

export const addressDigest = (emailKey: string): string => createHash('sha256').update(`mail-budget\n${emailKey}`, 'utf8').digest('base64url');
