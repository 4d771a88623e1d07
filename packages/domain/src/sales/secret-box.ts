/**
 * Seals secrets kept in the database (platform tokens, OAuth verifiers) with AES-256-GCM under the service's secret
 * key. The sealed form names its version (`v1`), carries its random 96-bit nonce and 128-bit tag, and is bound to a
 * context (the row it belongs to) as additional authenticated data.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text, or null when the sealed text was altered, belongs to another context or another key. */
  open(sealed: string, context: string): string | null;
}

export const SECRET_KEY_BYTES = 32;

export function aesGcmSecretBox(key: Uint8Array): SecretBox {
  if (key.byteLength !== SECRET_KEY_BYTES) throw new RangeError(`the secret key must be ${SECRET_KEY_BYTES} bytes, not ${key.byteLength}`);
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, nonce, tag, body, extra] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined || extra !== undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** A key from `LARDER_SECRET_KEY`'s base64; null when it is not base64 of exactly 32 bytes. */
export function parseSecretKey(text: string): Uint8Array | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.byteLength === SECRET_KEY_BYTES ? new Uint8Array(bytes) : null;
}
