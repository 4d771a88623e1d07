/**
 * The port e-mail leaves through. An adapter makes one attempt and says what happened; the job runner retries.
 */
import type { ResultAsync } from 'neverthrow';

export interface MailMessage {
  readonly to: string;
  /** The sender's name, with `MAIL_FROM`'s address (the creator's display name); absent: `MAIL_FROM` as it is. */
  readonly fromName?: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`); names as they are written. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The server did not take the message now (unreachable, a 4xx reply): try again later. */
export interface MailDeferred {
  readonly type: 'MailDeferred';
  readonly message: string;
}

/** The server refused the message for good (a 5xx reply: no such mailbox, refused sender): do not try again. */
export interface MailRejected {
  readonly type: 'MailRejected';
  readonly message: string;
}

export type MailFailure = MailDeferred | MailRejected;

export interface Mailer {
  send(message: MailMessage): ResultAsync<void, MailFailure>;
}
