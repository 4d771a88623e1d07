import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { BrowserSession } from '../sessions/browser-session.js';
import type { BrowserSessionRepository } from '../sessions/browser-session-repository.js';

/** Browser sessions in memory. Two apps given one instance share their sessions, as two service instances share a database. */
export class InMemoryBrowserSessionRepository implements BrowserSessionRepository {
  readonly #byId = new Map<string, BrowserSession>();
  /** When true, every call fails as an unreachable store would. */
  unavailable = false;

  #check<T>(value: () => T): ResultAsync<T, StoreUnavailable> {
    return this.unavailable ? errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' }) : okAsync(value());
  }

  /** How many sessions are kept (expired ones included): for tests. */
  get size(): number {
    return this.#byId.size;
  }

  insert(session: BrowserSession): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      this.#byId.set(session.id, session);
    });
  }

  findByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable> {
    return this.#check(() => [...this.#byId.values()].find((session) => session.token_hash === tokenHash) ?? null);
  }

  extend(id: string, expiresAt: Date): ResultAsync<void, StoreUnavailable> {
    return this.#check(() => {
      const session = this.#byId.get(id);
      if (session !== undefined && session.expires_at < expiresAt) this.#byId.set(id, { ...session, expires_at: expiresAt });
    });
  }

  removeByHash(tokenHash: string): ResultAsync<BrowserSession | null, StoreUnavailable> {
    return this.#check(() => {
      const session = [...this.#byId.values()].find((candidate) => candidate.token_hash === tokenHash);
      if (session === undefined) return null;
      this.#byId.delete(session.id);
      return session;
    });
  }

  removeForUser(userId: string): ResultAsync<number, StoreUnavailable> {
    return this.#check(() => {
      const theirs = [...this.#byId.values()].filter((session) => session.user_id === userId);
      for (const session of theirs) this.#byId.delete(session.id);
      return theirs.length;
    });
  }
}
