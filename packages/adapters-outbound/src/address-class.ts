/**
 * Which addresses the service may send requests to on a user's behalf. Everything not on the public internet is
 * "private" here: loopback, the private networks, link-local (and the cloud metadata service on it), unique-local,
 * carrier-grade NAT, the unspecified address, multicast, broadcast, documentation and benchmark ranges, and IPv6
 * forms that carry such an IPv4 address inside (IPv4-mapped and -compatible, NAT64, 6to4, Teredo's server).
 */
import type { AddressBytes } from './ip-address.js';

export type AddressClass = { readonly kind: 'public' } | { readonly kind: 'private'; readonly why: string };

const PUBLIC: AddressClass = { kind: 'public' };
const privateBecause = (why: string): AddressClass => ({ kind: 'private', why });

/** Whether the first `bits` of `bytes` equal those of `prefix`. */
function within(bytes: AddressBytes, prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const IPV4_RANGES: readonly (readonly [readonly number[], number, string])[] = [
  [[0, 0, 0, 0], 8, 'the "this network" range (0.0.0.0/8)'],
  [[10, 0, 0, 0], 8, 'a private network (10.0.0.0/8)'],
  [[100, 64, 0, 0], 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [[127, 0, 0, 0], 8, 'loopback (127.0.0.0/8)'],
  [[169, 254, 169, 254], 32, 'the cloud metadata service (169.254.169.254)'],
  [[169, 254, 0, 0], 16, 'link-local (169.254.0.0/16)'],
  [[172, 16, 0, 0], 12, 'a private network (172.16.0.0/12)'],
  [[192, 0, 0, 0], 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [[192, 0, 2, 0], 24, 'documentation (192.0.2.0/24)'],
  [[192, 88, 99, 0], 24, '6to4 relays (192.88.99.0/24)'],
  [[192, 168, 0, 0], 16, 'a private network (192.168.0.0/16)'],
  [[198, 18, 0, 0], 15, 'benchmarking (198.18.0.0/15)'],
  [[198, 51, 100, 0], 24, 'documentation (198.51.100.0/24)'],
  [[203, 0, 113, 0], 24, 'documentation (203.0.113.0/24)'],
  [[224, 0, 0, 0], 4, 'multicast (224.0.0.0/4)'],
  [[240, 0, 0, 0], 4, 'reserved (240.0.0.0/4, broadcast included)'],
];

export function classifyIPv4(bytes: AddressBytes): AddressClass {
  const found = IPV4_RANGES.find(([prefix, bits]) => within(bytes, prefix, bits));
  return found === undefined ? PUBLIC : privateBecause(found[2]);
}

const v6 = (...groups: number[]): number[] => groups.flatMap((group) => [group >> 8, group & 0xff]);

/** IPv6 ranges that embed an IPv4 address in their last 32 bits: judged by that address. */
const EMBEDDING: readonly (readonly [readonly number[], number, string])[] = [
  [v6(0, 0, 0, 0, 0, 0xffff), 96, 'IPv4-mapped'],
  [v6(0, 0, 0, 0, 0xffff, 0), 96, 'IPv4-translated'],
  [v6(0x64, 0xff9b), 96, 'NAT64'],
  [v6(0, 0, 0, 0, 0, 0), 96, 'IPv4-compatible'],
];

const IPV6_RANGES: readonly (readonly [readonly number[], number, string])[] = [
  [v6(0x64, 0xff9b, 1), 48, 'local-use NAT64 (64:ff9b:1::/48)'],
  [v6(0x100), 64, 'discard-only (100::/64)'],
  [v6(0x2001, 0), 32, 'Teredo (2001::/32)'],
  [v6(0x2001, 0x2), 48, 'benchmarking (2001:2::/48)'],
  [v6(0x2001, 0xdb8), 32, 'documentation (2001:db8::/32)'],
  [v6(0x2001, 0x10), 28, 'ORCHID (2001:10::/28)'],
  [v6(0x3fff), 20, 'documentation (3fff::/20)'],
  [v6(0xfc00), 7, 'unique-local (fc00::/7)'],
  [v6(0xfe80), 10, 'link-local (fe80::/10)'],
  [v6(0xfec0), 10, 'site-local (fec0::/10)'],
  [v6(0xff00), 8, 'multicast (ff00::/8)'],
];

export function classifyIPv6(bytes: AddressBytes): AddressClass {
  if (bytes.every((byte) => byte === 0)) return privateBecause('the unspecified address (::)');
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1) return privateBecause('loopback (::1)');
  for (const [prefix, bits, name] of EMBEDDING) {
    if (within(bytes, prefix, bits)) {
      const inner = classifyIPv4(bytes.slice(12));
      return inner.kind === 'public' ? PUBLIC : privateBecause(`${inner.why}, as ${name} IPv6`);
    }
  }
  // 6to4 (2002::/16) carries the IPv4 address of its gateway in bytes 2 to 5.
  if (within(bytes, v6(0x2002), 16)) {
    const inner = classifyIPv4(bytes.slice(2, 6));
    return inner.kind === 'public' ? PUBLIC : privateBecause(`${inner.why}, as 6to4 IPv6`);
  }
  const found = IPV6_RANGES.find(([prefix, bits]) => within(bytes, prefix, bits));
  return found === undefined ? PUBLIC : privateBecause(found[2]);
}

export const classifyAddress = (bytes: AddressBytes): AddressClass => (bytes.length === 4 ? classifyIPv4(bytes) : classifyIPv6(bytes));
