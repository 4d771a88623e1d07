/**
 * The e-mail addresses a lead magnet's form accepts: what a mail server will take as a recipient, and nothing that
 * could change a message's headers. A dot-atom local part (no quoted strings, no comments), an internet domain of at
 * least two labels (an internationalised one is kept in its ASCII form), no IP literal; 254 characters at most. The
 * key that makes one subscriber per address and lead magnet is the address in lower case: mailbox providers treat
 * local parts without regard to case, so `Ann@x.org` and `ann@x.org` are one reader.
 */
import { domainToASCII } from 'node:url';

export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export interface EmailAddress {
  /** As the reader typed it, trimmed, the domain in lower-case ASCII: where the mail goes. */
  readonly address: string;
  /** The address in lower case: one subscriber per key and lead magnet. */
  readonly key: string;
}

/** The address, or null when it is not one the service writes to. */
export function parseEmailAddress(input: string): EmailAddress | null {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_EMAIL_LENGTH) return null;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  const local = text.slice(0, at);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return null;
  const given = text.slice(at + 1);
  // Only letters, digits, hyphens and dots (any script) reach the IDNA conversion: no IP literal, no port, no path.
  if (!/^[\p{L}\p{N}\p{M}.-]+$/u.test(given)) return null;
  const domain = domainToASCII(given.toLowerCase());
  if (domain === '' || domain.length > 253) return null;
  const labels = domain.split('.');
  const top = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(top)) return null;
  const address = `${local}@${domain}`;
  if (address.length > MAX_EMAIL_LENGTH) return null;
  return { address, key: address.toLowerCase() };
}
