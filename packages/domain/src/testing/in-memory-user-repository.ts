import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { DuplicateEmail, StoreUnavailable } from '../shared/errors.js';
import type { User } from '../user/user.js';
import type { UserRepository } from '../user/user-repository.js';

export class InMemoryUserRepository implements UserRepository {
  readonly #byId = new Map<string, User>();
  unavailable = false;

  #down(): ResultAsync<never, StoreUnavailable> {
    return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
  }

  insert(user: User): ResultAsync<User, StoreUnavailable | DuplicateEmail> {
    if (this.unavailable) return this.#down();
    if ([...this.#byId.values()].some((other) => other.email === user.email)) return errAsync({ type: 'DuplicateEmail', email: user.email });
    this.#byId.set(user.id, user);
    return okAsync(user);
  }

  findById(id: string): ResultAsync<User | null, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(this.#byId.get(id) ?? null);
  }

  findByEmail(email: string): ResultAsync<User | null, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync([...this.#byId.values()].find((user) => user.email === email) ?? null);
  }

  list(): ResultAsync<User[], StoreUnavailable> {
    if (this.unavailable) return this.#down();
    return okAsync([...this.#byId.values()].sort((a, b) => (a.email < b.email ? -1 : 1)));
  }

  setPasswordHash(id: string, passwordHash: string, now: Date): ResultAsync<boolean, StoreUnavailable> {
    if (this.unavailable) return this.#down();
    const user = this.#byId.get(id);
    if (user === undefined) return okAsync(false);
    this.#byId.set(id, { ...user, password_hash: passwordHash, updated_at: now });
    return okAsync(true);
  }

  remove(id: string): ResultAsync<boolean, StoreUnavailable> {
    return this.unavailable ? this.#down() : okAsync(this.#byId.delete(id));
  }
}
