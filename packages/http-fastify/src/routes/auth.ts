/** `POST /api/auth/login`: e-mail and password for a token. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { makeAuthenticate, type PasswordHasher, type UserRepository } from '@larder/domain';
import { sendDomainError } from '../http/reply.js';
import { LoginBody, TokenSchema } from '../schemas/auth.js';
import { problems, success } from '../schemas/responses.js';

export interface AuthRouteDeps {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
}

const LOGIN_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Login attempts allowed per window (per e-mail and per client address).' },
  'RateLimit-Remaining': { type: 'integer', description: 'Attempts left for this e-mail in the window.' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the window resets.' },
};

export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  // One instance: it hashes its decoy password once, on the first login for an unknown e-mail.
  const authenticate = makeAuthenticate(deps);

  app.post('/auth/login', {
    onRequest: [app.limiters.loginPerAddress],
    preHandler: [app.limiters.loginPerEmail],
    schema: {
      tags: ['auth'],
      operationId: 'login',
      summary: 'Log in',
      description: 'An unknown e-mail and a wrong password get the same answer in comparable time. Limited per e-mail and per client address.',
      security: [],
      body: LoginBody,
      response: {
        200: success(TokenSchema, 'A token valid 7 days; `expires_at` is its `exp`.', LOGIN_HEADERS),
        ...problems([400, 401, 413, 415, 429, 500, 503], {
          401: '`invalid_credentials`: an unknown e-mail or a wrong password (one answer for both).',
          429: '`rate_limited`: too many attempts for this e-mail or from this address. Carries `Retry-After` (seconds).',
        }),
      },
    },
  }, async (request, reply) => {
    const result = await authenticate(request.body);
    if (result.isErr()) return sendDomainError(reply, result.error);
    const issued = app.auth.issue(result.value.id);
    return reply.send({ token: issued.token, expires_at: issued.expiresAt });
  });
};
