/**
 * Default implementations of the shared ports on Node's own crypto (CPU only, no I/O), so that every composition
 * root uses the same ids and password hashes.
 */
import { randomBytes, randomFillSync, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Clock, IdGenerator, PasswordHasher } from './ports.js';

export const systemClock: Clock = { now: () => new Date() };

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** Random bytes a UUIDv7 needs beyond its 48-bit timestamp (the version and variant bits are then overwritten). */
const RANDOM_BYTES_PER_ID = 10;
// One call to the CSPRNG per 256 ids instead of one per id: randomBytes(16) for every id cost ~2 µs, mostly the
// call itself, which showed in a million-record import. The bytes are as random; each is used once.
const randomPool = Buffer.allocUnsafeSlow(RANDOM_BYTES_PER_ID * 256);
let poolOffset = randomPool.length;
const hexAt = (index: number): string => HEX[randomPool[index] ?? 0] ?? '00';

/**
 * UUID version 7 (RFC 9562): time-ordered, so new documents land at the end of the id index and ids sort roughly
 * by creation.
 */
export const uuidV7Generator: IdGenerator = {
  next(): string {
    if (poolOffset === randomPool.length) {
      randomFillSync(randomPool);
      poolOffset = 0;
    }
    const at = poolOffset;
    poolOffset += RANDOM_BYTES_PER_ID;
    // Milliseconds since 1970 fit in 48 bits until the year 10889: twelve hex digits, no BigInt needed.
    const time = Date.now().toString(16).padStart(12, '0');
    const version = HEX[0x70 | ((randomPool[at] ?? 0) & 0x0f)] ?? '70';
    const variant = HEX[0x80 | ((randomPool[at + 2] ?? 0) & 0x3f)] ?? '80';
    return (
      `${time.slice(0, 8)}-${time.slice(8)}-${version}${hexAt(at + 1)}-${variant}${hexAt(at + 3)}-` +
      `${hexAt(at + 4)}${hexAt(at + 5)}${hexAt(at + 6)}${hexAt(at + 7)}${hexAt(at + 8)}${hexAt(at + 9)}`
    );
  },
};

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's scrypt minimum is N=2^17, r=8, p=1; 2^15 keeps a login near 50 ms on a small machine. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** scrypt hashes encoded as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise without breaking old hashes. */
export function scryptPasswordHasher(cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, encoded) {
      const [scheme, n, r, p, salt, hash] = encoded.split('$');
      if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
      const stored = { N: Number(n), r: Number(r), p: Number(p) };
      if (![stored.N, stored.r, stored.p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
      const expected = Buffer.from(hash, 'base64url');
      try {
        const actual = await derive(password, Buffer.from(salt, 'base64url'), stored);
        return actual.length === expected.length && timingSafeEqual(actual, expected);
      } catch {
        return false;
      }
    },
  };
}
