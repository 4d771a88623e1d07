/** `/api/api-keys`: keys for scripts and apps, shown once, kept as a digest, scoped, expiring, revocable. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_SCOPES, createApiKey, listApiKeys, revokeApiKey, type ApiKeyDeps } from '@larder/domain';
import { Type } from 'typebox';
import { sendDomainError } from '../http/reply.js';
import { IdParams, refTo } from '../schemas/common.js';
import { ApiKeyCreateBody, ApiKeySchema, NewApiKeySchema } from '../schemas/api-key.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, LOCATION, problems, success } from '../schemas/responses.js';

const tags = ['api-keys'];
const ONLY_LOGIN = 'Needs a login token: API keys never manage keys (403 `forbidden`).';

export const apiKeyRoutes: FastifyPluginAsyncTypebox<ApiKeyDeps> = async (app, deps) => {
  const create = createApiKey(deps);
  const list = listApiKeys(deps);
  const revoke = revokeApiKey(deps);

  app.post('/api-keys', {
    schema: {
      tags,
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description:
        `Answers the key itself (\`lk_...\`), here and never again; the service keeps only its SHA-256 digest. Scopes: ${API_KEY_SCOPES.map((scope) => `\`${scope}\``).join(', ')} ` +
        '(read scopes allow GET, write scopes the changes; `webhooks:write` covers reading webhooks too). Each key has its own rate limit count. At most 50 keys per user (422 `rule_violation`). ' +
        ONLY_LOGIN,
      body: ApiKeyCreateBody,
      response: {
        201: success(NewApiKeySchema, 'The new key, with the key itself.', { ...AUTHENTICATED_HEADERS, ...LOCATION }),
        ...problems([...AUTHENTICATED_PROBLEMS, 413, 415, 422], { 422: '`rule_violation`: you hold 50 keys already; revoke one first.' }),
      },
    },
  }, async (request, reply) => {
    const result = await create(request.userId, request.body);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.code(201).header('location', `/api/api-keys/${encodeURIComponent(result.value.id)}`).send(result.value);
  });

  app.get('/api-keys', {
    schema: {
      tags,
      operationId: 'listApiKeys',
      summary: 'List your API keys',
      description: `Newest first, without the keys themselves. ${ONLY_LOGIN}`,
      response: { 200: success(Type.Object({ data: Type.Array(refTo(ApiKeySchema)) }), 'Your keys.', AUTHENTICATED_HEADERS), ...problems(AUTHENTICATED_PROBLEMS) },
    },
  }, async (request, reply) => {
    const result = await list(request.userId);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send({ data: result.value });
  });

  app.delete('/api-keys/:id', {
    schema: {
      tags,
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: `It stops working at once. 200 with the key as it was. ${ONLY_LOGIN}`,
      params: IdParams,
      response: { 200: success(refTo(ApiKeySchema), 'The revoked key.', AUTHENTICATED_HEADERS), ...problems([...AUTHENTICATED_PROBLEMS, 404]) },
    },
  }, async (request, reply) => {
    const result = await revoke(request.userId, request.params.id);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send(result.value);
  });
};
