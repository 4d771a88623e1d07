/**
 * `PUT /api/auth/password`: a signed-in user changes their password. The current one is checked first; every browser
 * session of the user ends (a browser someone else signed in on is signed out within a second), and the browser that
 * made the change gets a new session cookie at once. API keys cannot change a password.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword, PASSWORD_LIMITS, type BrowserSessionRepository, type Clock, type IdGenerator, type PasswordHasher, type UserRepository } from '@larder/domain';
import { Type } from 'typebox';
import { sendDomainError } from '../http/reply.js';
import { sessionTokenOf } from '../http/session-cookie.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, problems, success } from '../schemas/responses.js';

export interface PasswordRouteDeps {
  readonly sessions: BrowserSessionRepository;
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export const PasswordChangeBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: PASSWORD_LIMITS.max, description: 'The password the user signs in with now.' }),
    new_password: Type.String({ minLength: PASSWORD_LIMITS.min, maxLength: PASSWORD_LIMITS.max, description: `${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters.` }),
  },
  { additionalProperties: false, examples: [{ current_password: 'correct horse battery', new_password: 'a longer kitchen phrase' }] },
);

const PasswordChangedSchema = Type.Object({
  user: Type.Object({ id: Type.String(), email: Type.String() }),
  ended_sessions: Type.Integer({ minimum: 0, description: 'Browser sessions of the user that were ended (this browser’s among them, replaced by a new one).' }),
});

export const passwordRoutes: FastifyPluginAsyncTypebox<PasswordRouteDeps> = async (app, deps) => {
  const change = changePassword(deps);
  const { sessions } = app.auth;

  app.put('/auth/password', {
    // Guessing the current password from a stolen session is limited as sign-in is, per client address.
    onRequest: [app.limiters.loginPerAddress],
    schema: {
      tags: ['auth'],
      operationId: 'changePassword',
      summary: 'Change your password',
      description:
        'Checks `current_password`, then keeps `new_password` (its slow salted hash) and ends every browser session of the user: other browsers are signed out ' +
        '(within a second on every instance). Made with a browser session, the answer sets a new `larder_session` cookie, so this browser stays signed in. ' +
        'Bearer tokens already issued stay valid until their own expiry (at most 7 days); API keys are not affected, and cannot call this (403).',
      body: PasswordChangeBody,
      response: {
        200: success(PasswordChangedSchema, 'Changed.', { ...AUTHENTICATED_HEADERS, 'Set-Cookie': { type: 'string', description: 'With a browser session: the new session’s cookie.' } }),
        ...problems([...AUTHENTICATED_PROBLEMS, 413, 415], {
          400: '`validation_failed`: `new_password` is shorter than 8 or longer than 1024 characters, or the body has another field.',
          401: '`invalid_credentials`: `current_password` is wrong (nothing changes); `unauthorized`: not signed in.',
          403: '`forbidden`: an API key, or a browser session from a page of another origin.',
        }),
      },
    },
  }, async (request, reply) => {
    const previous = request.browserSession === null ? undefined : sessionTokenOf(request.headers.cookie);
    const result = await change({ userId: request.userId, currentPassword: request.body.current_password, newPassword: request.body.new_password, keepBrowser: previous !== undefined });
    if (result.isErr()) return sendDomainError(reply, result.error);
    if (previous !== undefined) sessions.forget(previous);
    if (result.value.session !== null) reply.header('set-cookie', sessions.cookies.set(result.value.session.token));
    reply.header('cache-control', 'no-store');
    return reply.send({ user: result.value.user, ended_sessions: result.value.endedSessions });
  });
};
