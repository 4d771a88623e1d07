/**
 * The SSRF guard for requests made to addresses users give (webhook endpoints, later URL imports). A host is
 * resolved once per connection, every address it resolves to is classified, and the connection goes to the address
 * that was checked (the guard is the socket's `lookup`), so that a name that resolves differently a moment later
 * cannot slip a private address past the check. Private addresses are refused unless `allowPrivate`
 * (`OUTBOUND_ALLOW_PRIVATE=true`: development, tests, a receiver on the same private network).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, type AddressClass } from './address-class.js';
import { formatAddress, parseAddress } from './ip-address.js';

/** Resolves a host name to every address it has (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error === null ? resolve(addresses) : reject(error))));

export interface OutboundGuardOptions {
  readonly allowPrivate: boolean;
  readonly resolve?: Resolver;
}

/** Why a request was not made: a sentence safe to show the user who gave the URL. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  readonly code = 'EOUTBOUNDREFUSED';
}

export interface ResolvedHost {
  readonly address: string;
  readonly family: 4 | 6;
  /** Every address of the host was private (loopback, private network, ...). */
  readonly allPrivate: boolean;
}

const stripBrackets = (host: string): string => host.replace(/^\[|\]$/g, '');

/** Host names that name this machine whatever DNS says. */
const LOCAL_NAMES = /^(?:localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)\.?$|\.localhost\.?$/i;

export interface OutboundGuard {
  /** The address to connect to for `host` (a name or an IP literal in any form), or `OutboundRefused`. */
  resolveHost(host: string): Promise<ResolvedHost>;
  /** A `lookup` for `net`/`http` that connects only to addresses the guard accepts. */
  readonly lookup: LookupFunction;
}

export function outboundGuard(options: OutboundGuardOptions): OutboundGuard {
  const resolve = options.resolve ?? systemResolver;

  const judge = (addresses: readonly { address: string; family: number }[], host: string): ResolvedHost => {
    const classes: { address: string; family: 4 | 6; class: AddressClass }[] = addresses.flatMap((entry) => {
      const bytes = parseAddress(entry.address);
      return bytes === null ? [] : [{ address: formatAddress(bytes), family: bytes.length === 4 ? (4 as const) : (6 as const), class: classifyAddress(bytes) }];
    });
    const first = classes[0];
    if (first === undefined) throw new OutboundRefused(`the host ${host} has no address`);
    const refused = classes.find((entry) => entry.class.kind === 'private');
    // One private address is enough to refuse: a name that resolves to a public and a private one is not trusted.
    if (refused !== undefined && refused.class.kind === 'private' && !options.allowPrivate) {
      throw new OutboundRefused(`the host ${host} resolves to ${refused.class.why}: not allowed (OUTBOUND_ALLOW_PRIVATE is off)`);
    }
    return { address: first.address, family: first.family, allPrivate: classes.every((entry) => entry.class.kind === 'private') };
  };

  const resolveHost = async (host: string): Promise<ResolvedHost> => {
    const bare = stripBrackets(host);
    const literal = parseAddress(bare);
    if (literal !== null) return judge([{ address: formatAddress(literal), family: literal.length === 4 ? 4 : 6 }], host);
    if (LOCAL_NAMES.test(bare)) return judge([{ address: '127.0.0.1', family: 4 }], host);
    let addresses: readonly LookupAddress[];
    try {
      addresses = await resolve(bare);
    } catch {
      throw new OutboundRefused(`the host ${host} does not resolve`);
    }
    return judge(addresses, host);
  };

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveHost(hostname).then(
      (resolved) => {
        if (lookupOptions.all === true) callback(null, [{ address: resolved.address, family: resolved.family }]);
        else callback(null, resolved.address, resolved.family);
      },
      (error: unknown) => callback(error instanceof Error ? (error as NodeJS.ErrnoException) : new Error(String(error)), '', 4),
    );
  };

  return { resolveHost, lookup };
}
