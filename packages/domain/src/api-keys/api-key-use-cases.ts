/** Creating, listing, revoking and checking API keys. */
import { randomBytes } from 'node:crypto';
import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from 'neverthrow';
import { ruleViolation, validationFailed, type ApiKeyNotFound, type FieldIssue, type RuleViolation, type StoreUnavailable, type ValidationFailed } from '../shared/errors.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import { isBlank } from '../shared/text.js';
import { API_KEY_PREFIX, API_KEY_SCOPES, apiKeyHash, apiKeyView, isApiKeyScope, type ApiKey, type ApiKeyScope, type ApiKeyView } from './api-key.js';
import type { ApiKeyRepository } from './api-key-repository.js';

export interface ApiKeyDeps {
  readonly apiKeys: ApiKeyRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** Keys a user may hold at once: enough for every script, few enough to list on one page. */
export const MAX_API_KEYS_PER_USER = 50;
/** A key's use is recorded at most this often (a busy script costs no write per request). */
export const LAST_USED_PRECISION_MS = 60_000;

interface NewKey {
  readonly name: string;
  readonly scopes: ApiKeyScope[];
  readonly expiresAt: Date | null;
}

function readNewKey(body: unknown, now: Date): Result<NewKey, ValidationFailed> {
  const issues: FieldIssue[] = [];
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const name = typeof input['name'] === 'string' ? input['name'].trim() : '';
  // PostgreSQL (FerretDB's backend) cannot store U+0000 in a string: refused on every store alike, as in recipes.
  if (name.includes('\u0000')) issues.push({ pointer: '/name', message: 'must not contain the character U+0000' });
  else if (isBlank(name) || name.length > 100) issues.push({ pointer: '/name', message: 'must be 1 to 100 characters, some of them visible' });
  const scopes = Array.isArray(input['scopes']) ? (input['scopes'] as unknown[]) : [];
  if (scopes.length === 0 || !scopes.every((scope): scope is ApiKeyScope => typeof scope === 'string' && isApiKeyScope(scope))) {
    issues.push({ pointer: '/scopes', message: `must list at least one of ${API_KEY_SCOPES.join(', ')}` });
  }
  let expiresAt: Date | null = null;
  if (input['expires_at'] !== undefined && input['expires_at'] !== null) {
    const parsed = typeof input['expires_at'] === 'string' ? new Date(input['expires_at']) : new Date(Number.NaN);
    if (Number.isNaN(parsed.getTime()) || parsed.getTime() <= now.getTime()) issues.push({ pointer: '/expires_at', message: 'must be a time in the future (ISO 8601)' });
    else expiresAt = parsed;
  }
  if (issues.length > 0) return err(validationFailed(issues));
  return ok({ name, scopes: [...new Set(scopes as ApiKeyScope[])].sort((a, b) => API_KEY_SCOPES.indexOf(a) - API_KEY_SCOPES.indexOf(b)), expiresAt });
}

/** `POST /api/api-keys`: the key itself is in this answer and nowhere else, ever. */
export const createApiKey =
  (deps: ApiKeyDeps) =>
  (userId: string, body: unknown): ResultAsync<ApiKeyView & { readonly key: string }, ValidationFailed | RuleViolation | StoreUnavailable> => {
    const now = deps.clock.now();
    return readNewKey(body, now).asyncAndThen((input) =>
      deps.apiKeys.listForUser(userId).andThen((held) => {
        // A business limit (422 rule_violation), as webhook endpoints' is: the request itself is well formed.
        if (held.length >= MAX_API_KEYS_PER_USER) return errAsync(ruleViolation(`a user holds at most ${MAX_API_KEYS_PER_USER} keys: revoke one first`));
        const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
        const stored: ApiKey = {
          id: deps.ids.next(),
          user_id: userId,
          name: input.name,
          scopes: input.scopes,
          key_hash: apiKeyHash(key),
          key_prefix: key.slice(0, API_KEY_PREFIX.length + 4),
          created_at: now,
          expires_at: input.expiresAt,
          last_used_at: null,
        };
        return deps.apiKeys.insert(stored).map(() => ({ ...apiKeyView(stored), key }));
      }),
    );
  };

export const listApiKeys =
  (deps: Pick<ApiKeyDeps, 'apiKeys'>) =>
  (userId: string): ResultAsync<ApiKeyView[], StoreUnavailable> =>
    deps.apiKeys.listForUser(userId).map((keys) => keys.map(apiKeyView));

/** `DELETE /api/api-keys/{id}`: the key stops working at once. */
export const revokeApiKey =
  (deps: Pick<ApiKeyDeps, 'apiKeys'>) =>
  (userId: string, id: string): ResultAsync<ApiKeyView, ApiKeyNotFound | StoreUnavailable> =>
    deps.apiKeys.remove(userId, id).andThen((removed) => (removed === null ? errAsync({ type: 'ApiKeyNotFound' as const, id }) : okAsync(apiKeyView(removed))));

export type KeyCheck = { readonly kind: 'valid'; readonly key: ApiKey } | { readonly kind: 'unknown' } | { readonly kind: 'expired' };

/** The key a bearer token names, and whether it may be used now; records the use (at most once a minute). */
export const checkApiKey =
  (deps: Pick<ApiKeyDeps, 'apiKeys' | 'clock'>) =>
  (token: string): ResultAsync<KeyCheck, StoreUnavailable> =>
    deps.apiKeys.findByHash(apiKeyHash(token)).andThen((key): ResultAsync<KeyCheck, StoreUnavailable> => {
      if (key === null) return okAsync({ kind: 'unknown' });
      const now = deps.clock.now();
      if (key.expires_at !== null && key.expires_at.getTime() <= now.getTime()) return okAsync({ kind: 'expired' });
      const stale = key.last_used_at === null || now.getTime() - key.last_used_at.getTime() >= LAST_USED_PRECISION_MS;
      return (stale ? deps.apiKeys.touch(key.id, now) : okAsync(undefined)).map(() => ({ kind: 'valid' as const, key }));
    });
