import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { AuthorizationRepository, Connection, ConnectionRepository, PendingAuthorization } from '../sales/connection.js';

const keyOf = (userId: string, platform: string): string => `${userId}:${platform}`;
const down = (): ResultAsync<never, StoreUnavailable> => errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });

/** Connections in memory, one per user and platform. */
export class InMemoryConnectionRepository implements ConnectionRepository {
  readonly #byKey = new Map<string, Connection>();
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? down() : okAsync(value());
  }

  find(userId: string, platform: string): ResultAsync<Connection | null, StoreUnavailable> {
    return this.#check(() => this.#byKey.get(keyOf(userId, platform)) ?? null);
  }

  listForUser(userId: string): ResultAsync<Connection[], StoreUnavailable> {
    return this.#check(() =>
      [...this.#byKey.values()].filter((connection) => connection.user_id === userId).sort((a, b) => (a.platform < b.platform ? -1 : 1)),
    );
  }

  save(connection: Connection): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      this.#byKey.set(keyOf(connection.user_id, connection.platform), connection);
    });
  }

  replaceSecret(userId: string, platform: string, sealedSecret: string, now: Date): ResultAsync<boolean, StoreUnavailable> {
    return this.#check(() => this.#change(userId, platform, { sealed_secret: sealedSecret, status: 'connected', updated_at: now }));
  }

  markNeedsReconnect(userId: string, platform: string, now: Date): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      this.#change(userId, platform, { status: 'needs_reconnect', updated_at: now });
    });
  }

  findByHook(platform: string, hookDigest: string): ResultAsync<Connection | null, StoreUnavailable> {
    return this.#check(() => [...this.#byKey.values()].find((connection) => connection.platform === platform && connection.hook_digest === hookDigest) ?? null);
  }

  connectedTo(platform: string): ResultAsync<Connection[], StoreUnavailable> {
    return this.#check(() => [...this.#byKey.values()].filter((connection) => connection.platform === platform).sort((a, b) => (a.user_id < b.user_id ? -1 : 1)));
  }

  saveSalesCursor(userId: string, platform: string, cursor: string): ResultAsync<boolean, StoreUnavailable> {
    return this.#check(() => this.#change(userId, platform, { sales_cursor: cursor }));
  }

  remove(userId: string, platform: string): ResultAsync<boolean, StoreUnavailable> {
    return this.#check(() => this.#byKey.delete(keyOf(userId, platform)));
  }

  #change(userId: string, platform: string, change: Partial<Connection>): boolean {
    const key = keyOf(userId, platform);
    const stored = this.#byKey.get(key);
    if (stored === undefined) return false;
    this.#byKey.set(key, { ...stored, ...change });
    return true;
  }
}

/** OAuth authorizations under way, in memory: each taken at most once, never after it expired. */
export class InMemoryAuthorizationRepository implements AuthorizationRepository {
  readonly #byId = new Map<string, PendingAuthorization>();
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  insert(authorization: PendingAuthorization): ResultAsync<void, StoreUnavailable> {
    if (this.unavailable) return down();
    this.#byId.set(authorization.id, authorization);
    return okAsync(undefined);
  }

  take(id: string, now: Date): ResultAsync<PendingAuthorization | null, StoreUnavailable> {
    if (this.unavailable) return down();
    const stored = this.#byId.get(id);
    // Taken or expired, it is gone either way: an expired authorization can never be used.
    this.#byId.delete(id);
    return okAsync(stored !== undefined && stored.expires_at > now ? stored : null);
  }
}
