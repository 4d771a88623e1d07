/**
 * The service's secret key (the `SecretBox` key that seals platform tokens and OAuth verifiers), kept in the
 * `settings` collection so that every process of the service, and every restart, uses the same one.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { SECRET_KEY_BYTES } from '@larder/domain';
import { isDuplicateKey } from '../store-errors.js';

export const SETTINGS_COLLECTION = 'settings';
export const SECRET_KEY_SETTING = 'larder_secret_key';

export interface SettingDocument {
  _id: string;
  /** The key's bytes in base64. */
  value: string;
  created_at: Date;
}

function decoded(document: SettingDocument): Uint8Array {
  const bytes = typeof document.value === 'string' ? Buffer.from(document.value, 'base64') : Buffer.alloc(0);
  // Sealed secrets would not open under another key: a damaged setting stops the start rather than replacing it.
  if (bytes.byteLength !== SECRET_KEY_BYTES || bytes.toString('base64') !== document.value) {
    throw new Error(`the stored secret key (${SETTINGS_COLLECTION}.${SECRET_KEY_SETTING}) is not ${SECRET_KEY_BYTES} bytes of base64`);
  }
  return new Uint8Array(bytes);
}

/**
 * The stored secret key, or a new one of 32 random bytes stored now (`created: true`). Insert-if-absent on the fixed
 * `_id`: of processes starting together exactly one insert succeeds, and the others read the key it stored. Driver
 * errors are thrown (it runs once, at start-up).
 */
export async function loadOrCreateSecretKey(db: Db): Promise<{ key: Uint8Array; created: boolean }> {
  const settings = db.collection<SettingDocument>(SETTINGS_COLLECTION);
  const stored = await settings.findOne({ _id: SECRET_KEY_SETTING });
  if (stored !== null) return { key: decoded(stored), created: false };
  const key = randomBytes(SECRET_KEY_BYTES);
  try {
    await settings.insertOne({ _id: SECRET_KEY_SETTING, value: key.toString('base64'), created_at: new Date() });
    return { key: new Uint8Array(key), created: true };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const winner = await settings.findOne({ _id: SECRET_KEY_SETTING });
  if (winner === null) throw new Error(`the secret key (${SETTINGS_COLLECTION}.${SECRET_KEY_SETTING}) was removed while it was being created`);
  return { key: decoded(winner), created: false };
}
