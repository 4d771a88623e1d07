/**
 * The domain's `Mailer` over SMTP with nodemailer: one attempt per `send`, its outcome told honestly. A reply in the
 * 5xx range (no such mailbox, sender refused) is `MailRejected`: retrying changes nothing. Anything else (no
 * connection, a timeout, a 4xx "try later") is `MailDeferred`, and the job runner tries again with backoff. Messages
 * name no address: a server's reply often quotes the recipient, and these lines go to the log.
 */
import type { Mailer, MailFailure, MailMessage } from '@larder/domain';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import nodemailer from 'nodemailer';
import type { SmtpSettings } from './smtp-settings.js';

export interface SmtpMailer extends Mailer {
  /** Closes the pooled connections. */
  close(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

const withoutAddresses = (text: string): string => text.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '[address]').slice(0, 300);

interface SmtpError {
  readonly responseCode?: number;
  readonly code?: string;
  readonly message?: string;
}

export function classifySmtpError(error: unknown): MailFailure {
  const smtp = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const reply = typeof smtp.responseCode === 'number' ? smtp.responseCode : null;
  const what = withoutAddresses(smtp.message ?? String(error));
  if (reply !== null && reply >= 500 && reply < 600) return { type: 'MailRejected', message: `the mail server refused the message (${reply}): ${what}` };
  return { type: 'MailDeferred', message: reply === null ? `the mail server could not be reached (${smtp.code ?? 'error'}): ${what}` : `the mail server asked to try later (${reply}): ${what}` };
}

/** `MAIL_FROM`'s address alone (`Larder <hello@x>` → `hello@x`): a message's own sender name goes in front of it. */
export const mailFromAddress = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

export function smtpMailer(settings: SmtpSettings): SmtpMailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.auth === null ? {} : { auth: { user: settings.auth.user, pass: settings.auth.pass } }),
    pool: true,
    maxConnections: 2,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    send(message: MailMessage): ResultAsync<void, MailFailure> {
      const sending = transport.sendMail({
        // nodemailer quotes and encodes the name: a creator's "Maple & Thyme, Ltd" is one display name, never two addresses.
        from: message.fromName === undefined ? settings.from : { name: message.fromName, address: mailFromAddress(settings.from) },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers },
      });
      return ResultAsync.fromPromise(sending, classifySmtpError).andThen((info) => {
        // A server that accepted the message for nobody has not delivered it.
        const accepted = Array.isArray(info.accepted) ? info.accepted.length : 0;
        return accepted > 0 ? okAsync(undefined) : errAsync<void, MailFailure>({ type: 'MailRejected', message: 'the mail server accepted the message for no recipient' });
      });
    },
    close() {
      transport.close();
    },
  };
}
