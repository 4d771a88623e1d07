/**
 * A GET of a URL a user gave (a recipe page, its photo), through the SSRF guard: every hop's host is resolved once
 * and every address it resolves to is judged (`OutboundGuard.resolveHost`), the socket connects to the address that
 * was judged (no second resolution, so a name that rebinds between check and connect gains nothing), redirects are
 * followed by hand and each new host is judged the same way. The whole exchange (every hop and the body) has one
 * deadline; the body is read up to a byte cap and the connection dropped past it; only the given content types are
 * accepted. Every failure is a sentence safe to show the user (`FetchFailure.reason`).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { OutboundGuard } from './outbound-guard.js';
import { describeRequestError } from './request-errors.js';

export interface GuardedFetchOptions {
  readonly guard: OutboundGuard;
  /** The deadline for the whole exchange, redirects and body included (default 10 s). */
  readonly timeoutMs?: number;
  /** Redirects followed before giving up (default 5). */
  readonly maxRedirects?: number;
  /**
   * Test seam: where the socket actually goes for an address the guard accepted (names and IP literals alike). Tests map a "public" address to
   * their loopback server, so that the guard's policy (private refused) is exercised without leaving the machine.
   */
  readonly dial?: (address: string, family: 4 | 6) => { readonly address: string; readonly family: 4 | 6 };
}

export interface FetchExpectation {
  /** Bytes read at most; more is a failure (`over N MiB`). */
  readonly maxBytes: number;
  /** The media types accepted (`text/html`, `image/jpeg`, ...), lower case, without parameters. */
  readonly accept: readonly string[];
  /** How the accepted types are named in a refusal (`HTML`, `an image`). */
  readonly acceptName: string;
}

export type FetchOutcome =
  | { readonly ok: true; readonly url: string; readonly contentType: string; readonly charset: string | null; readonly body: Buffer }
  | { readonly ok: false; readonly reason: string };

export type GuardedFetch = (url: string, expectation: FetchExpectation) => Promise<FetchOutcome>;

const failure = (reason: string): FetchOutcome => ({ ok: false, reason });
const sizeName = (bytes: number): string => (bytes % 1048576 === 0 ? `${bytes / 1048576} MiB` : `${bytes} bytes`);

class FetchFailure extends Error {}

const DECODERS: Readonly<Record<string, () => NodeJS.ReadWriteStream & Readable>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

function mediaType(header: string | undefined): { type: string; charset: string | null } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters.map((part) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(part)?.[1]).find((value) => value !== undefined) ?? null;
  return { type: type.trim().toLowerCase(), charset };
}

export function guardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;

  /** One hop: the response (headers read), after the host was judged and connected to at the judged address. */
  const get = async (url: URL, signal: AbortSignal): Promise<IncomingMessage> => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailure(`only http and https URLs can be fetched (${url.protocol.slice(0, 20)})`);
    let resolved;
    try {
      resolved = await options.guard.resolveHost(url.hostname);
    } catch (error) {
      throw new FetchFailure(describeRequestError(error));
    }
    const target = options.dial?.(resolved.address, resolved.family) ?? { address: resolved.address, family: resolved.family };
    // The judged address, whatever the name would resolve to now: node asks this once per connection. An IP literal
    // never reaches `lookup`: the socket is pointed at the (judged, perhaps dialled) address itself.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all === true) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = make(url, {
        method: 'GET',
        agent: false,
        lookup,
        ...(isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? {} : { hostname: target.address }),
        signal,
        headers: { host: url.host, accept: 'text/html,application/xhtml+xml,image/*;q=0.8', 'accept-encoding': 'identity', 'user-agent': 'Larder recipe import' },
      });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.end();
    });
  };

  /**
   * The body, decoded when a server compressed it although asked not to (gzip, deflate, br): the cap counts the
   * decoded bytes, so a small compressed answer cannot unfold into more than the cap (a decompression bomb).
   */
  const read = (response: IncomingMessage, maxBytes: number): Promise<Buffer> =>
    new Promise<Buffer>((resolve, reject) => {
      const encoding = String(response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const decoder = DECODERS[encoding];
      if (decoder === undefined && encoding !== 'identity' && encoding !== '') {
        response.destroy();
        reject(new FetchFailure(`the answer is encoded as ${encoding.slice(0, 40)}, which is not read here`));
        return;
      }
      const source: Readable = decoder === undefined ? response : response.pipe(decoder());
      const chunks: Buffer[] = [];
      let total = 0;
      source.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > maxBytes) {
          // Stop reading: a page must not make us read (or hold) more than the cap.
          response.destroy();
          source.destroy();
          reject(new FetchFailure(`the answer is over ${sizeName(maxBytes)}`));
          return;
        }
        chunks.push(chunk);
      });
      source.on('end', () => resolve(Buffer.concat(chunks)));
      source.on('error', () => reject(new FetchFailure('the answer could not be decompressed')));
      response.on('error', reject);
    });

  const exchange = async (start: string, expectation: FetchExpectation, signal: AbortSignal): Promise<FetchOutcome> => {
    let url: URL;
    try {
      url = new URL(start);
    } catch {
      return failure('the URL cannot be read');
    }
    for (let hop = 0; ; hop += 1) {
      const response = await get(url, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        response.destroy();
        if (hop >= maxRedirects) return failure(`too many redirects (more than ${maxRedirects})`);
        try {
          url = new URL(location, url);
        } catch {
          return failure('a redirect points to a URL that cannot be read');
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        return failure(`the server answered HTTP status ${status}`);
      }
      const { type, charset } = mediaType(response.headers['content-type']);
      if (!expectation.accept.includes(type)) {
        response.destroy();
        return failure(`not ${expectation.acceptName} (the content type is ${type === '' ? 'missing' : type.slice(0, 100)})`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > expectation.maxBytes) {
        response.destroy();
        return failure(`the answer is over ${sizeName(expectation.maxBytes)}`);
      }
      const body = await read(response, expectation.maxBytes);
      return { ok: true, url: url.href, contentType: type, charset, body };
    }
  };

  return async (url, expectation) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await exchange(url, expectation, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return failure(`timeout after ${timeoutMs / 1000} s`);
      if (error instanceof FetchFailure) return failure(error.message);
      return failure(describeRequestError(error));
    } finally {
      clearTimeout(timer);
    }
  };
}
