import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ApiKey } from '../api-keys/api-key.js';
import type { ApiKeyRepository } from '../api-keys/api-key-repository.js';
import type { StoreUnavailable } from '../shared/errors.js';

/** API keys in memory. */
export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly #byId = new Map<string, ApiKey>();
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  insert(key: ApiKey): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      this.#byId.set(key.id, key);
    });
  }

  findByHash(keyHash: string): ResultAsync<ApiKey | null, StoreUnavailable> {
    return this.#check(() => [...this.#byId.values()].find((key) => key.key_hash === keyHash) ?? null);
  }

  listForUser(userId: string): ResultAsync<ApiKey[], StoreUnavailable> {
    return this.#check(() =>
      [...this.#byId.values()]
        .filter((key) => key.user_id === userId)
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1)),
    );
  }

  remove(userId: string, id: string): ResultAsync<ApiKey | null, StoreUnavailable> {
    return this.#check(() => {
      const key = this.#byId.get(id);
      if (key === undefined || key.user_id !== userId) return null;
      this.#byId.delete(id);
      return key;
    });
  }

  touch(id: string, at: Date): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const key = this.#byId.get(id);
      if (key !== undefined && (key.last_used_at === null || key.last_used_at < at)) this.#byId.set(id, { ...key, last_used_at: at });
    });
  }
}
