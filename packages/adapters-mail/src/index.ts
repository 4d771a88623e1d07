/**
 * @larder/adapters-mail: the domain's `Mailer` over SMTP (nodemailer) or to the log; `./testing` has a loopback SMTP
 * server that keeps what it receives, parsed.
 */
export { smtpMailer, classifySmtpError, type SmtpMailer } from './smtp-mailer.js';
export { logMailer } from './log-mailer.js';
export { parseSmtpSettings, redactSmtpUrl, isMailFrom, type SmtpSettings } from './smtp-settings.js';
