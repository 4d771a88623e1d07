import type { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { ApiKey } from './api-key.js';

export interface ApiKeyRepository {
  insert(key: ApiKey): ResultAsync<void, StoreUnavailable>;
  /** The key with this digest, whoever's. */
  findByHash(keyHash: string): ResultAsync<ApiKey | null, StoreUnavailable>;
  /** A user's keys, newest first. */
  listForUser(userId: string): ResultAsync<ApiKey[], StoreUnavailable>;
  /** Removes the user's key; the removed key, or null when the user has none with that id. */
  remove(userId: string, id: string): ResultAsync<ApiKey | null, StoreUnavailable>;
  /** Records a use (moves `last_used_at` forward only). */
  touch(id: string, at: Date): ResultAsync<void, StoreUnavailable>;
}
