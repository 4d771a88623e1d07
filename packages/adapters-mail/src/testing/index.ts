export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.js';
