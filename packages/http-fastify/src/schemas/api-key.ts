/** API keys: what scripts and apps send instead of a login token. */
import { API_KEY_SCOPES } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.js';

const Scope = StringEnum(API_KEY_SCOPES);

const keyFields = {
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Scope),
  prefix: Type.String({ description: 'The key’s first characters, to tell keys apart (`lk_3fQ9`).' }),
  created_at: DateTime,
  expires_at: Nullable(DateTime, { description: 'Null: it does not expire.' }),
  last_used_at: Nullable(DateTime, { description: 'When it was last used, to the minute; null before its first use.' }),
};

export const ApiKeySchema = Type.Object(keyFields, { $id: 'ApiKey' });

export const NewApiKeySchema = Type.Object(
  { ...keyFields, key: Type.String({ description: 'The key: send it as `Authorization: Bearer <key>`. Shown here only, never again (the service keeps a digest).' }) },
  { description: 'The key, once.' },
);

export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'What the key is for (“Nightly sales export”).' }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: API_KEY_SCOPES.length * 2, description: 'What it may do; a request outside them is 403 `forbidden`.' }),
    expires_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }), { description: 'When it stops working (in the future); absent or null: never.' })),
  },
  { additionalProperties: false, examples: [{ name: 'Nightly sales export', scopes: ['sales:read', 'products:read'], expires_at: '2027-12-31T00:00:00.000Z' }] },
);
