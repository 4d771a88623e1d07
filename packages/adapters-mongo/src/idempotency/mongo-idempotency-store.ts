import { createHash, randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import {
  judgeExistingRecord,
  newClaimRecord,
  type Claim,
  type IdempotencyScope,
  type IdempotencyStore,
  type StoredResponse,
  type StoreUnavailable,
} from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { serverCapabilities } from '../engine/server-capabilities.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import {
  IDEMPOTENCY_COLLECTION,
  idempotencyDocumentId,
  toIdempotencyDocument,
  toIdempotencyRecord,
  toResponseDocument,
  type IdempotencyDocument,
} from './idempotency-document.js';

/** How often a store sweeps expired keys itself on an engine whose TTL indexes do not (MongoDB's TTL monitor: 60 s). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/** Each round loses only to another claim that changed the record in between; a handful of rounds is plenty. */
const MAX_CLAIM_ROUNDS = 5;

/**
 * `IdempotencyStore` on MongoDB. A claim is an insert: the unique `_id` lets exactly one of simultaneous claims in.
 * A record that no longer counts (expired, or abandoned in progress) is replaced on the condition that it still has
 * the token that was read, so exactly one of simultaneous takeovers wins. Expiry is judged here from `expires_at`,
 * not left to the TTL index: MongoDB removes expired documents only once a minute, and the bundled emulator never.
 * Where the engine removes nothing (FerretDB has no TTL indexes, the emulator ignores them), claims sweep expired
 * keys themselves, at most once a minute per store, so that the collection does not grow without bound.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  readonly #db: Db;
  readonly #keys: Collection<IdempotencyDocument>;
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(db: Db) {
    this.#db = db;
    this.#keys = db.collection<IdempotencyDocument>(IDEMPOTENCY_COLLECTION);
  }

  claim(scope: IdempotencyScope, requestFingerprint: string, now: Date): ResultAsync<Claim, StoreUnavailable> {
    // Stored as a digest: the port takes any text, and FerretDB on PostgreSQL cannot store U+0000 in a string.
    const fingerprint = createHash('sha256').update(requestFingerprint).digest('hex');
    return attempt(async (): Promise<Claim> => {
      await this.#sweepExpired(now);
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round += 1) {
        const token = randomUUID();
        const claimed = toIdempotencyDocument(scope, newClaimRecord(fingerprint, token, now));
        if (await this.#insert(claimed)) return { kind: 'new', token };
        const existing = await this.#keys.findOne({ _id: claimed._id });
        if (existing === null) continue; // released between the insert and the read: try the insert again
        const found = judgeExistingRecord(toIdempotencyRecord(existing), fingerprint, now);
        if (found.kind !== 'available') return found;
        const replaced = await this.#conditional(claimed._id, () => this.#keys.replaceOne({ _id: claimed._id, token: existing.token }, claimed));
        if (replaced.matchedCount === 1) return { kind: 'new', token };
      }
      // Others kept changing the record: some request holds the key right now.
      return { kind: 'in_progress' };
    });
  }

  complete(scope: IdempotencyScope, token: string, response: StoredResponse): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const held = { _id: idempotencyDocumentId(scope), token, state: 'in_progress' as const };
      const result = await this.#conditional(held._id, () => this.#keys.updateOne(held, { $set: { state: 'completed', response: toResponseDocument(response) } }));
      return result.matchedCount === 1;
    });
  }

  release(scope: IdempotencyScope, token: string): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const id = idempotencyDocumentId(scope);
      const result = await this.#conditional(id, () => this.#keys.deleteOne({ _id: id, token, state: 'in_progress' }));
      return result.deletedCount === 1;
    });
  }

  /** A write conditional on the holder's token: one at a time per key where the engine does not make it atomic. */
  #conditional<T>(id: string, write: () => Promise<T>): Promise<T> {
    return conditionalWrite(this.#db, IDEMPOTENCY_COLLECTION, [id], write);
  }

  async #sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.#lastSweep < EXPIRY_SWEEP_INTERVAL_MS) return;
    this.#lastSweep = now.getTime();
    if ((await serverCapabilities(this.#db)).ttlExpiry) return;
    // Each expired key is removed under its lock, on the condition that it still holds the token read: where deletes
    // are not atomic (FerretDB reads, then deletes by _id), a deleteMany could remove the record a simultaneous
    // takeover had just written, and two requests would both hold the key.
    const expired = await this.#keys.find({ expires_at: { $lte: now } }, { projection: { _id: 1, token: 1 } }).toArray();
    for (const { _id, token } of expired) await this.#conditional(_id, () => this.#keys.deleteOne({ _id, token, expires_at: { $lte: now } }));
  }

  /** False when a record with this id exists. */
  async #insert(document: IdempotencyDocument): Promise<boolean> {
    try {
      await this.#keys.insertOne(document);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
