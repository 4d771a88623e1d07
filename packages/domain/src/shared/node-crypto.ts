/**
 * Default implementations of the shared ports on Node's own crypto (CPU only, no I/O), so that every composition
 * root uses the same ids and password hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Clock, IdGenerator, PasswordHasher } from './ports.js';

export const systemClock: Clock = { now: () => new Date() };

/**
 * UUID version 7 (RFC 9562): time-ordered, so new documents land at the end of the id index and ids sort roughly
 * by creation.
 */
export const uuidV7Generator: IdGenerator = {
  next(): string {
    const bytes = randomBytes(16);
    const ms = BigInt(Date.now());
    for (let index = 0; index < 6; index += 1) bytes[index] = Number((ms >> BigInt(8 * (5 - index))) & 0xffn);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
