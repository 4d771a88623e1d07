import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { ApiKey, ApiKeyRepository, StoreUnavailable } from '@larder/domain';
import { attempt } from '../store-errors.js';
import { API_KEYS_COLLECTION, keyByHashFilter, toApiKey, toApiKeyDocument, USER_KEYS_SORT, userKeysFilter, type ApiKeyDocument } from './api-key-document.js';

/** `ApiKeyRepository` on MongoDB; the digest is unique (its index), so one key can name one record only. */
export class MongoApiKeyRepository implements ApiKeyRepository {
  readonly #keys: Collection<ApiKeyDocument>;

  constructor(db: Db) {
    this.#keys = db.collection<ApiKeyDocument>(API_KEYS_COLLECTION);
  }

  insert(key: ApiKey): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#keys.insertOne(toApiKeyDocument(key));
    });
  }

  findByHash(keyHash: string): ResultAsync<ApiKey | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#keys.findOne(keyByHashFilter(keyHash));
      return document === null ? null : toApiKey(document);
    });
  }

  listForUser(userId: string): ResultAsync<ApiKey[], StoreUnavailable> {
    return attempt(async () => (await this.#keys.find(userKeysFilter(userId)).sort(USER_KEYS_SORT).toArray()).map(toApiKey));
  }

  remove(userId: string, id: string): ResultAsync<ApiKey | null, StoreUnavailable> {
    return attempt(async () => {
      const found = await this.#keys.findOne({ _id: id, user_id: userId });
      if (found === null) return null;
      const removed = await this.#keys.deleteOne({ _id: id, user_id: userId });
      return removed.deletedCount === 1 ? toApiKey(found) : null;
    });
  }

  touch(id: string, at: Date): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      // Forward only: a slow request that recorded an older use must not move it back.
      await this.#keys.updateOne({ _id: id, $or: [{ last_used_at: null }, { last_used_at: { $lt: at } }] }, { $set: { last_used_at: at } });
    });
  }
}
