import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { DuplicateEmail, StoreUnavailable, User, UserRepository } from '@larder/domain';
import { EMAIL_INDEX } from '../indexes/index-specs.js';
import { attempt, duplicateKeyIndex } from '../store-errors.js';
import { USERS_COLLECTION, toUser, toUserDocument, type UserDocument } from './user-document.js';

/** Sorted by e-mail, which the unique e-mail index serves. */
export const USER_LIST_SORT: Record<string, 1 | -1> = { email: 1 };

/** `UserRepository` on a MongoDB database; the unique e-mail index turns a second sign-up into `DuplicateEmail`. */
export class MongoUserRepository implements UserRepository {
  readonly #users: Collection<UserDocument>;

  constructor(db: Db) {
    this.#users = db.collection<UserDocument>(USERS_COLLECTION);
  }

  insert(user: User): ResultAsync<User, StoreUnavailable | DuplicateEmail> {
    const conflict = (error: unknown): DuplicateEmail | undefined =>
      duplicateKeyIndex(error, EMAIL_INDEX) === EMAIL_INDEX ? { type: 'DuplicateEmail', email: user.email } : undefined;
    return attempt(async () => {
      await this.#users.insertOne(toUserDocument(user));
      return user;
    }, conflict);
  }

  findById(id: string): ResultAsync<User | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#users.findOne({ _id: id });
      return document === null ? null : toUser(document);
    });
  }

  findByEmail(email: string): ResultAsync<User | null, StoreUnavailable> {
    return attempt(async () => {
      const document = await this.#users.findOne({ email });
      return document === null ? null : toUser(document);
    });
  }

  list(): ResultAsync<User[], StoreUnavailable> {
    return attempt(async () => (await this.#users.find({}).sort(USER_LIST_SORT).toArray()).map(toUser));
  }

  setPasswordHash(id: string, passwordHash: string, now: Date): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => {
      const result = await this.#users.updateOne({ _id: id }, { $set: { password_hash: passwordHash, updated_at: now } });
      return result.matchedCount === 1;
    });
  }

  remove(id: string): ResultAsync<boolean, StoreUnavailable> {
    return attempt(async () => (await this.#users.deleteOne({ _id: id })).deletedCount === 1);
  }
}
