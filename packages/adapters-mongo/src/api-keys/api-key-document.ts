/** How an API key is stored: the domain's fields (the key only as its digest), `_id` the key's id, dates as BSON dates. */
import type { ApiKey, ApiKeyScope } from '@larder/domain';

export const API_KEYS_COLLECTION = 'api_keys';

export interface ApiKeyDocument {
  _id: string;
  user_id: string;
  name: string;
  scopes: ApiKeyScope[];
  key_hash: string;
  key_prefix: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

export const toApiKeyDocument = (key: ApiKey): ApiKeyDocument => ({
  _id: key.id,
  user_id: key.user_id,
  name: key.name,
  scopes: [...key.scopes],
  key_hash: key.key_hash,
  key_prefix: key.key_prefix,
  created_at: key.created_at,
  expires_at: key.expires_at,
  last_used_at: key.last_used_at,
});

export const toApiKey = (document: ApiKeyDocument): ApiKey => ({
  id: document._id,
  user_id: document.user_id,
  name: document.name,
  scopes: [...document.scopes],
  key_hash: document.key_hash,
  key_prefix: document.key_prefix,
  created_at: document.created_at,
  expires_at: document.expires_at,
  last_used_at: document.last_used_at,
});

/** The queries, shared with the index test. */
export const keyByHashFilter = (keyHash: string) => ({ key_hash: keyHash });
export const userKeysFilter = (userId: string) => ({ user_id: userId });
export const USER_KEYS_SORT: Record<string, 1 | -1> = { created_at: -1, _id: -1 };
