import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { AuthorizationRepository, PendingAuthorization, StoreUnavailable } from '@larder/domain';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt } from '../store-errors.js';
import { AUTHORIZATIONS_COLLECTION, toAuthorization, toAuthorizationDocument, type AuthorizationDocument } from './connection-document.js';
import { expiredAuthorizationFilter, expiredAuthorizationsFilter, usableAuthorizationFilter } from './connection-queries.js';

/** How often a repository sweeps expired authorizations itself on an engine whose TTL indexes do not. */
export const AUTHORIZATION_SWEEP_INTERVAL_MS = 60_000;

/**
 * `AuthorizationRepository` on MongoDB. A take reads the authorization while it is usable, then deletes it by `_id`:
 * whoever's delete removed it (a deleted count of 1) has it, so of simultaneous takers exactly one does. Not
 * `findOneAndDelete`: the emulator lacks it, and FerretDB 1.24 reads then deletes without checking that the delete
 * removed anything, so several takers got the same authorization there; a delete's count is exact on every engine.
 * An expired authorization is removed when asked for; the TTL index removes the others on MongoDB, and where TTL
 * indexes remove nothing (FerretDB, the emulator) takes sweep them, at most once a minute per repository.
 */
export class MongoAuthorizationRepository implements AuthorizationRepository {
  readonly #db: Db;
  readonly #authorizations: Collection<AuthorizationDocument>;
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(db: Db) {
    this.#db = db;
    this.#authorizations = db.collection<AuthorizationDocument>(AUTHORIZATIONS_COLLECTION);
  }

  insert(authorization: PendingAuthorization): ResultAsync<void, StoreUnavailable> {
    // Ids are digests of fresh random states: a duplicate is a bug, and throws.
    return attempt(async () => {
      await this.#authorizations.insertOne(toAuthorizationDocument(authorization));
    });
  }

  take(id: string, now: Date): ResultAsync<PendingAuthorization | null, StoreUnavailable> {
    return attempt(async () => {
      await this.#sweepExpired(now);
      const found = await this.#authorizations.findOne(usableAuthorizationFilter(id, now));
      if (found === null) {
        await this.#authorizations.deleteOne(expiredAuthorizationFilter(id, now));
        return null;
      }
      const removed = await this.#authorizations.deleteOne({ _id: id });
      return removed.deletedCount === 1 ? toAuthorization(found) : null;
    });
  }

  async #sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.#lastSweep < AUTHORIZATION_SWEEP_INTERVAL_MS) return;
    this.#lastSweep = now.getTime();
    if ((await serverCapabilities(this.#db)).ttlExpiry) return;
    await this.#authorizations.deleteMany(expiredAuthorizationsFilter(now));
  }
}
