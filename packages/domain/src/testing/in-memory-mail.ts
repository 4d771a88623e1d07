import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { MailBudget } from '../subscribers/mail-budget.js';
import type { MailFailure, Mailer, MailMessage } from '../subscribers/mailer.js';

/** The mail budget in memory: a count per address digest and day. */
export class InMemoryMailBudget implements MailBudget {
  readonly #taken = new Map<string, number>();
  unavailable = false;

  claim(addressDigest: string, day: string, limit: number): ResultAsync<boolean, StoreUnavailable> {
    if (this.unavailable) return errAsync({ type: 'StoreUnavailable', message: 'the in-memory store is switched off' });
    const key = `${addressDigest}\n${day}`;
    const taken = this.#taken.get(key) ?? 0;
    if (taken >= limit) return okAsync(false);
    this.#taken.set(key, taken + 1);
    return okAsync(true);
  }
}

/** A mailer that keeps what it is given; `failWith` makes the next sends fail as a server would. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failWith: MailFailure | null = null;

  send(message: MailMessage): ResultAsync<void, MailFailure> {
    if (this.failWith !== null) return errAsync(this.failWith);
    this.sent.push(message);
    return okAsync(undefined);
  }
}
