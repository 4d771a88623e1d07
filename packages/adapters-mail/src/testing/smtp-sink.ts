/**
 * A real SMTP server on loopback that keeps every message it receives, parsed (smtp-server and mailparser, the
 * nodemailer project's own): what the service's e-mails look like to a mail program, headers and links included. It
 * can be told to refuse recipients for a while, as a server that is busy (4xx) or does not know them (5xx).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, as the client gave them. */
  readonly to: readonly string[];
  readonly from: string;
  readonly parsed: ParsedMail;
  /** The raw message as received. */
  readonly raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Resolves once `count` messages were received, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The next `times` recipients are refused with this reply code (451: try later; 550: no such mailbox). */
  refuseNext(code: 451 | 550, times?: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals: { code: number; left: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusals !== null && refusals.left > 0) {
        refusals.left -= 1;
        const refusal = Object.assign(new Error(refusals.code === 550 ? 'No such mailbox' : 'Try again later'), { responseCode: refusals.code });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), from, parsed, raw });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the SMTP sink received ${received.length} of ${count} messages in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    refuseNext(code, times = 1) {
      refusals = { code, left: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
