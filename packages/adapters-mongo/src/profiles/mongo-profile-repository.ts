import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { CreatorProfile, ProfileRepository, StoreUnavailable } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { PROFILES_COLLECTION, toProfile, toProfileDocument, type ProfileDocument } from './profile-document.js';

/** `ProfileRepository` on MongoDB: a document per user under the user's id; changes are conditional on the version. */
export class MongoProfileRepository implements ProfileRepository {
  readonly #db: Db;
  readonly #profiles: Collection<ProfileDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#profiles = db.collection<ProfileDocument>(PROFILES_COLLECTION);
  }

  findByUserId(userId: string): ResultAsync<CreatorProfile | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#profiles.findOne({ _id: userId });
      return document === null ? null : toProfile(document);
    });
  }

  insert(profile: CreatorProfile): ResultAsync<'inserted' | 'exists', StoreUnavailable> {
    return attempt(async () => {
      try {
        await this.#profiles.insertOne(toProfileDocument(profile));
        return 'inserted' as const;
      } catch (error) {
        // Two first reads at once: the `_id` index keeps the first, and the second reads it back.
        if (isDuplicateKey(error)) return 'exists' as const;
        throw error;
      }
    });
  }

  update(next: CreatorProfile, expectedVersion: number): ResultAsync<'written' | 'stale', StoreUnavailable> {
    const { _id, ...fields } = toProfileDocument(next);
    return attempt(async () => {
      const result = await conditionalWrite(this.#db, PROFILES_COLLECTION, [_id], () => this.#profiles.updateOne({ _id, version: expectedVersion }, { $set: fields }));
      return result.matchedCount === 1 ? ('written' as const) : ('stale' as const);
    });
  }
}
