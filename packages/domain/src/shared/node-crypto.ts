/**
 * Default implementations of the shared ports on Node's own crypto (CPU only, no I/O), so that every composition
 * root uses the same ids and password hashes.
 */
import { randomBytes, randomFillSync, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Clock, IdGenerator, PasswordHasher } from './ports.js';

export const systemClock: Clock = { now: () => new Date() };

/** Random bytes a UUIDv7 needs beyond its 48-bit timestamp (the version and variant bits are then overwritten). */
const RANDOM_BYTES_PER_ID = 10;
// One call to the CSPRNG per 256 ids instead of one per id: randomBytes(16) for every id cost ~2 µs, mostly the
// call itself, which showed in a million-record import. The bytes are as random; each is used once.
const randomPool = Buffer.allocUnsafeSlow(RANDOM_BYTES_PER_ID * 256);
let poolOffset = randomPool.length;

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;
// The id is spelled into this buffer and read out as one string. Joining two dozen pieces instead made a rope of
// ~500 bytes per id that lived as long as the recipe and tripled the time of making one.
const spelled = Buffer.allocUnsafeSlow(36);

function spellByte(at: number, byte: number): void {
  spelled[at] = HEX_DIGITS[byte >> 4] ?? 0;
  spelled[at + 1] = HEX_DIGITS[byte & 0x0f] ?? 0;
}

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
    // Milliseconds since 1970 fit in 48 bits until the year 10889: twelve hex digits, last first, no BigInt needed.
    let ms = Date.now();
    for (let position = 12; position >= 0; position -= 1) {
      if (position === 8) continue;
      spelled[position] = HEX_DIGITS[ms % 16] ?? 0;
      ms = Math.floor(ms / 16);
    }
    spelled[8] = DASH;
    spelled[13] = DASH;
    spelled[18] = DASH;
    spelled[23] = DASH;
    spellByte(14, 0x70 | ((randomPool[at] ?? 0) & 0x0f));
    spellByte(16, randomPool[at + 1] ?? 0);
    spellByte(19, 0x80 | ((randomPool[at + 2] ?? 0) & 0x3f));
    spellByte(21, randomPool[at + 3] ?? 0);
    for (let index = 4; index < RANDOM_BYTES_PER_ID; index += 1) spellByte(24 + 2 * (index - 4), randomPool[at + index] ?? 0);
    poolOffset += RANDOM_BYTES_PER_ID;
    return spelled.toString('latin1', 0, 36);
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
