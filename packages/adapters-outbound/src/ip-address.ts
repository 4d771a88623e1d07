/**
 * IP addresses as the outbound guard reads them: IPv4 in every form `inet_aton` (and so many HTTP clients) accepts
 * (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`), and IPv6 with its embedded IPv4 forms, each reduced to bytes.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export type AddressBytes = readonly number[];

const PART = /^(?:0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)$/i;

function partValue(part: string): number | null {
  if (!PART.test(part)) return null;
  if (/^0x/i.test(part)) return parseInt(part.slice(2), 16);
  if (part.length > 1 && part.startsWith('0')) return parseInt(part, 8);
  return parseInt(part, 10);
}

/**
 * The IPv4 address `text` names in any `inet_aton` form: one to four parts, each decimal, octal (leading 0) or hex
 * (0x); the last part fills the remaining bytes (`127.1` is 127.0.0.1, `2130706433` is 127.0.0.1). Null otherwise.
 */
export function parseIPv4(text: string): AddressBytes | null {
  const parts = text.endsWith('.') ? text.slice(0, -1).split('.') : text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values = parts.map(partValue);
  if (values.some((value) => value === null || !Number.isSafeInteger(value))) return null;
  const numbers = values as number[];
  const last = numbers[numbers.length - 1] ?? 0;
  const leading = numbers.slice(0, -1);
  if (leading.some((value) => value > 255)) return null;
  const lastBytes = 4 - leading.length;
  if (last >= 2 ** (8 * lastBytes)) return null;
  const tail = Array.from({ length: lastBytes }, (_, index) => Math.floor(last / 2 ** (8 * (lastBytes - 1 - index))) % 256);
  return [...leading, ...tail];
}

/** The 16 bytes of an IPv6 address (brackets and a zone id allowed), or null. */
export function parseIPv6(text: string): AddressBytes | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let head = bare;
  let v4: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted?.[1] !== undefined) {
    if (!isIPv4(dotted[1])) return null;
    v4 = dotted[1].split('.').map(Number);
    head = `${bare.slice(0, dotted.index)}:0:0`;
  }
  const [left = '', right] = head.split('::');
  const groups = (side: string) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const missing = 8 - leftGroups.length - rightGroups.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const all = [...leftGroups, ...Array.from({ length: missing }, () => 0), ...rightGroups];
  const bytes = all.flatMap((group) => [group >> 8, group & 0xff]);
  if (v4.length === 4) bytes.splice(12, 4, ...v4);
  return bytes;
}

/** The bytes of an IP literal in any of the forms above (a host name: null). */
export function parseAddress(text: string): AddressBytes | null {
  if (text.includes(':') || text.startsWith('[')) return parseIPv6(text);
  return parseIPv4(text);
}

export const formatAddress = (bytes: AddressBytes): string =>
  bytes.length === 4
    ? bytes.join('.')
    : Array.from({ length: 8 }, (_, index) => (((bytes[2 * index] ?? 0) << 8) | (bytes[2 * index + 1] ?? 0)).toString(16)).join(':');
