import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { BrowserSession } from './browser-session.js';

export interface BrowserSessionRepository {
  insert(session: BrowserSession): ResultAsync<void, StoreUnavailable>;
  /** The session with this token digest, expired or not. */
  findByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable>;
  /** Moves the session's `expires_at` to `expiresAt` when that is later (never back); nothing when it is gone. */
  extend(id: string, expiresAt: Date): ResultAsync<void, StoreUnavailable>;
  /** Removes the session with this digest; the removed session, or null when there was none (or another caller removed it first). */
  removeByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable>;
  /** Removes every session of the user; how many there were. */
  removeForUser(userId: string): ResultAsync<number, StoreUnavailable>;
}
