import type { ResultAsync } from 'neverthrow';
import type { DuplicateEmail, StoreUnavailable } from '../shared/errors.js';
import type { User } from './user.js';

export interface UserRepository {
  /** Fails with `DuplicateEmail` when a user with that (lower-case) e-mail exists. */
  insert(user: User): ResultAsync<User, StoreUnavailable | DuplicateEmail>;
  findById(id: string): ResultAsync<User | null, StoreUnavailable>;
  findByEmail(email: string): ResultAsync<User | null, StoreUnavailable>;
  /** Every user, by e-mail. */
  list(): ResultAsync<User[], StoreUnavailable>;
  /** Returns whether a user was there to change. */
  setPasswordHash(id: string, passwordHash: string, now: Date): ResultAsync<boolean, StoreUnavailable>;
  /** Returns whether a user was there to remove. */
  remove(id: string): ResultAsync<boolean, StoreUnavailable>;
}
