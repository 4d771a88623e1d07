/**
 * `SMTP_URL` and `MAIL_FROM` as settings: `smtp://[user:password@]host[:port]` (port 587 by default; STARTTLS when
 * the server offers it) or `smtps://…` (TLS from the first byte, port 465 by default). The password never appears in
 * a message about the URL.
 */
import { err, ok, type Result } from 'neverthrow';

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** smtps: TLS from the start. */
  readonly secure: boolean;
  readonly auth: { readonly user: string; readonly pass: string } | null;
  /** `MAIL_FROM`: `Name <address>` or a bare address. */
  readonly from: string;
}

/** The URL without its password, for start-up lines and errors. */
export function redactSmtpUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}

const FROM = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/** A sender a mail server accepts in `From`: one line, one address. */
export const isMailFrom = (text: string): boolean => text.length <= 320 && FROM.test(text.trim());

export function parseSmtpSettings(smtpUrl: string, mailFrom: string): Result<SmtpSettings, string> {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return err('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return err(`SMTP_URL must be an smtp:// or smtps:// URL, not ${url.protocol}//`);
  if (url.hostname === '') return err('SMTP_URL names no host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') return err('SMTP_URL takes no path, query or fragment');
  if (!isMailFrom(mailFrom)) return err('MAIL_FROM must be an address, or a name and an address in angle brackets ("Larder <news@example.com>")');
  const secure = url.protocol === 'smtps:';
  const auth = url.username === '' ? null : { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  return ok({ host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port === '' ? (secure ? 465 : 587) : Number(url.port), secure, auth, from: mailFrom.trim() });
}
