/**
 * Without `SMTP_URL`: each e-mail is written to the log, whole (headers, plain text with its links), so that someone
 * trying the service can follow the links by hand. Never delivered anywhere; start-up says so in one line.
 */
import type { Mailer, MailFailure, MailMessage } from '@larder/domain';
import { okAsync, type ResultAsync } from 'neverthrow';

export function logMailer(write: (text: string) => void): Mailer {
  return {
    send(message: MailMessage): ResultAsync<void, MailFailure> {
      const headers = Object.entries(message.headers).map(([name, value]) => `${name}: ${value}`);
      const from = message.fromName === undefined ? [] : [`From: ${message.fromName}`];
      write(['e-mail (not sent: no SMTP_URL)', ...from, `To: ${message.to}`, `Subject: ${message.subject}`, ...headers, '', message.text].join('\n'));
      return okAsync(undefined);
    },
  };
}
