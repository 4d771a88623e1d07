/** Why an outgoing request failed, as a sentence safe to show the user who gave the URL (no stack, no internals). */
import { OutboundRefused } from './outbound-guard.js';

const MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host does not resolve',
  EAI_AGAIN: 'the host could not be resolved right now',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  EPIPE: 'the connection was closed',
  CERT_HAS_EXPIRED: 'the TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate is for another host',
};

export const describeRequestError = (error: unknown): string => {
  if (error instanceof OutboundRefused) return `refused: ${error.message}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MESSAGES[code] !== undefined) return MESSAGES[code];
  return typeof code === 'string' ? `the request failed (${code})` : 'the request failed';
};
