import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { Connection, ConnectionRepository, StoreUnavailable } from '@larder/domain';
import { conditionalWrite } from '../conditional-writes.js';
import { attempt, isDuplicateKey } from '../store-errors.js';
import { CONNECTIONS_COLLECTION, connectionDocumentId, toConnection, toConnectionDocument, type ConnectionDocument } from './connection-document.js';
import { hookConnectionFilter, PLATFORM_CONNECTIONS_SORT, platformConnectionsFilter, USER_CONNECTIONS_SORT, userConnectionsFilter } from './connection-queries.js';

/** An upsert that lost a race to another upsert's insert (a duplicate `_id`) simply replaces it the next time. */
const UPSERT_ROUNDS = 3;

/**
 * `ConnectionRepository` on MongoDB: one document per user and platform. Every write goes by `_id`; on FerretDB,
 * which writes a whole document back after reading it, the writes of one connection are taken one at a time within
 * the process, so that a refreshed secret and a "needs reconnect" written together do not undo each other.
 */
export class MongoConnectionRepository implements ConnectionRepository {
  readonly #db: Db;
  readonly #connections: Collection<ConnectionDocument>;

  constructor(db: Db) {
    this.#db = db;
    this.#connections = db.collection<ConnectionDocument>(CONNECTIONS_COLLECTION);
  }

  find(userId: string, platform: string): ResultAsync<Connection | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#connections.findOne({ _id: connectionDocumentId(userId, platform) });
      return document === null ? null : toConnection(document);
    });
  }

  listForUser(userId: string): ResultAsync<Connection[], StoreUnavailable> {
    return attempt(async () => (await this.#connections.find(userConnectionsFilter(userId)).sort(USER_CONNECTIONS_SORT).toArray()).map(toConnection));
  }

  save(connection: Connection): ResultAsync<void, StoreUnavailable> {
    const { _id, ...replacement } = toConnectionDocument(connection);
    return attempt(() =>
      this.#oneAtATime(_id, async () => {
        for (let round = 1; ; round += 1) {
          try {
            await this.#connections.replaceOne({ _id }, replacement, { upsert: true });
            return;
          } catch (error) {
            if (!isDuplicateKey(error) || round === UPSERT_ROUNDS) throw error;
          }
        }
      }),
    );
  }

  replaceSecret(userId: string, platform: string, sealedSecret: string, now: Date): ResultAsync<boolean, StoreUnavailable> {
    const _id = connectionDocumentId(userId, platform);
    return attempt(async () => {
      const result = await this.#oneAtATime(_id, () =>
        this.#connections.updateOne({ _id }, { $set: { sealed_secret: sealedSecret, status: 'connected', updated_at: now } }),
      );
      return result.matchedCount === 1;
    });
  }

  markNeedsReconnect(userId: string, platform: string, now: Date): ResultAsync<void, StoreUnavailable> {
    const _id = connectionDocumentId(userId, platform);
    return attempt(async () => {
      await this.#oneAtATime(_id, () => this.#connections.updateOne({ _id }, { $set: { status: 'needs_reconnect', updated_at: now } }));
    });
  }

  findByHook(platform: string, hookDigest: string): ResultAsync<Connection | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#connections.findOne(hookConnectionFilter(platform, hookDigest));
      return document === null ? null : toConnection(document);
    });
  }

  connectedTo(platform: string): ResultAsync<Connection[], StoreUnavailable> {
    return attempt(async () => (await this.#connections.find(platformConnectionsFilter(platform)).sort(PLATFORM_CONNECTIONS_SORT).toArray()).map(toConnection));
  }

  saveSalesCursor(userId: string, platform: string, cursor: string): ResultAsync<boolean, StoreUnavailable> {
    const _id = connectionDocumentId(userId, platform);
    return attempt(async () => (await this.#oneAtATime(_id, () => this.#connections.updateOne({ _id }, { $set: { sales_cursor: cursor } }))).matchedCount === 1);
  }

  remove(userId: string, platform: string): ResultAsync<boolean, StoreUnavailable> {
    const _id = connectionDocumentId(userId, platform);
    return attempt(async () => (await this.#oneAtATime(_id, () => this.#connections.deleteOne({ _id }))).deletedCount === 1);
  }

  #oneAtATime<T>(id: string, write: () => Promise<T>): Promise<T> {
    return conditionalWrite(this.#db, CONNECTIONS_COLLECTION, [id], write);
  }
}
