import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { BrowserSession, BrowserSessionRepository, StoreUnavailable } from '@larder/domain';
import { attempt } from '../store-errors.js';
import {
  BROWSER_SESSIONS_COLLECTION,
  extendableSessionFilter,
  sessionByHashFilter,
  toBrowserSession,
  toBrowserSessionDocument,
  userSessionsFilter,
  type BrowserSessionDocument,
} from './browser-session-document.js';

/**
 * `BrowserSessionRepository` on MongoDB. The digest is unique (its index); expired sessions are swept by a TTL index
 * where the engine has one (the domain judges expiry itself, so a session the sweep has not reached yet still fails).
 */
export class MongoBrowserSessionRepository implements BrowserSessionRepository {
  readonly #sessions: Collection<BrowserSessionDocument>;

  constructor(db: Db) {
    this.#sessions = db.collection<BrowserSessionDocument>(BROWSER_SESSIONS_COLLECTION);
  }

  insert(session: BrowserSession): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#sessions.insertOne(toBrowserSessionDocument(session));
    });
  }

  findByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#sessions.findOne(sessionByHashFilter(tokenHash));
      return document === null ? null : toBrowserSession(document);
    });
  }

  extend(id: string, expiresAt: Date): ResultAsync<void, StoreUnavailable> {
    return attempt(async () => {
      await this.#sessions.updateOne(extendableSessionFilter(id, expiresAt), { $set: { expires_at: expiresAt } });
    });
  }

  removeByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable> {
    return attempt(async () => {
      const found = await this.#sessions.findOne(sessionByHashFilter(tokenHash));
      if (found === null) return null;
      // Of two sign-outs at once, the one whose delete removed it reports the session.
      const removed = await this.#sessions.deleteOne({ _id: found._id });
      return removed.deletedCount === 1 ? toBrowserSession(found) : null;
    });
  }

  removeForUser(userId: string): ResultAsync<number, StoreUnavailable> {
    return attempt(async () => (await this.#sessions.deleteMany(userSessionsFilter(userId))).deletedCount);
  }
}
