/**
 * `MailBudget` on MongoDB: one document per e-mail an address may get on a day, `_id` = `<digest>:<day>:<n>` for n
 * from 1 to the limit. A claim inserts the first free one; a duplicate key means that one is taken, and when every
 * one is, the day's e-mails are used up. Each insert is atomic on every engine (the `_id` is unique everywhere), so
 * simultaneous claims never get more than the limit between them, without transactions or upserts. The documents
 * expire two days after their day (TTL index; engines without TTL keep them, a few bytes each).
 */
import type { Collection, Db } from 'mongodb';
import type { ResultAsync } from 'neverthrow';
import type { MailBudget, StoreUnavailable } from '@larder/domain';
import { attempt, isDuplicateKey } from '../store-errors.js';

export const MAIL_BUDGET_COLLECTION = 'mail_budget';
const KEPT_AFTER_DAY_MS = 2 * 24 * 60 * 60 * 1000;

interface MailBudgetDocument {
  _id: string;
  expires_at: Date;
}

export class MongoMailBudget implements MailBudget {
  readonly #slots: Collection<MailBudgetDocument>;

  constructor(db: Db) {
    this.#slots = db.collection<MailBudgetDocument>(MAIL_BUDGET_COLLECTION);
  }

  claim(addressDigest: string, day: string, limit: number): ResultAsync<boolean, StoreUnavailable> {
    const expiresAt = new Date(Date.parse(`${day}T00:00:00.000Z`) + KEPT_AFTER_DAY_MS);
    return attempt(async () => {
      for (let slot = 1; slot <= limit; slot += 1) {
        try {
          await this.#slots.insertOne({ _id: `${addressDigest}:${day}:${slot}`, expires_at: expiresAt });
          return true;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return false;
    });
  }
}
