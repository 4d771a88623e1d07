/**
 * `/api/connections`: a user's accounts on the sales platforms. Gumroad takes a pasted access token; Etsy sends the
 * creator to its consent page (OAuth 2.0 with PKCE) and back to the callback, which needs no bearer token: the
 * one-time state authenticates it. Credentials are sealed before they are kept and never appear in a response.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { beginAuthorization, completeAuthorization, connectWithToken, disconnect, listConnections, type ConnectionDeps } from '@larder/domain';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { qualityOf } from '../http/static-files.js';
import { sendDomainError } from '../http/reply.js';
import { refTo } from '../schemas/common.js';
import { ConnectionSchema, OAuthCallbackQuery, PlatformParams, TokenConnectBody } from '../schemas/listing.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, problems, success } from '../schemas/responses.js';

const tags = ['connections'];
const Connection = (description: string) => success(refTo(ConnectionSchema), description, AUTHENTICATED_HEADERS);

export const connectionRoutes: FastifyPluginAsyncTypebox<ConnectionDeps> = async (app, deps) => {
  const list = listConnections(deps);
  const connect = connectWithToken(deps);
  const authorize = beginAuthorization(deps);
  const remove = disconnect(deps);

  app.get('/connections', {
    schema: {
      tags,
      operationId: 'listConnections',
      summary: 'List your platform connections',
      description: 'One item per configured platform (`SALES_PLATFORMS`), connected or not. Credentials never appear.',
      response: {
        200: success(Type.Object({ data: Type.Array(refTo(ConnectionSchema)) }), 'Your connections.', AUTHENTICATED_HEADERS),
        ...problems(AUTHENTICATED_PROBLEMS),
      },
    },
  }, async (request, reply) => {
    const result = await list(request.userId);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send({ data: result.value });
  });

  app.put('/connections/:platform', {
    schema: {
      tags,
      operationId: 'connectPlatform',
      summary: 'Connect a platform with an access token (Gumroad)',
      description:
        'The token is checked against the platform before it is kept (422 `connection_failed` when the platform refuses it; 503 when it cannot be reached). ' +
        'It replaces an earlier connection. A platform connected through its consent page (Etsy) answers 422: use POST .../authorize.',
      params: PlatformParams,
      body: TokenConnectBody,
      response: { 200: Connection('The connection, now connected.'), ...problems([...AUTHENTICATED_PROBLEMS, 404, 413, 415, 422], { 422: '`connection_failed`: the platform refused the token.' }) },
    },
  }, async (request, reply) => {
    const result = await connect({ userId: request.userId, platform: request.params.platform, body: request.body });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send(result.value);
  });

  app.post('/connections/:platform/authorize', {
    schema: {
      tags,
      operationId: 'authorizePlatform',
      summary: 'Start connecting a platform through its consent page (Etsy)',
      description:
        'Answers the platform\'s consent page address (OAuth 2.0 authorization code with PKCE S256). Its `state` is bound to you, valid 10 minutes and usable once; ' +
        'the platform sends the creator back to GET /api/connections/{platform}/callback.',
      params: PlatformParams,
      response: {
        200: success(Type.Object({ authorize_url: Type.String() }), 'Open this address in a browser.', AUTHENTICATED_HEADERS),
        ...problems([...AUTHENTICATED_PROBLEMS, 404, 422], { 422: '`connection_failed`: the platform is connected with an access token instead.' }),
      },
    },
  }, async (request, reply) => {
    const result = await authorize({ userId: request.userId, platform: request.params.platform });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send(result.value);
  });

  app.delete('/connections/:platform', {
    schema: {
      tags,
      operationId: 'disconnectPlatform',
      summary: 'Disconnect a platform',
      description: 'Forgets the credentials. Listings already live stay on the platform; new work for them fails as `not_connected` until you connect again.',
      params: PlatformParams,
      response: { 200: Connection('The connection, now not_connected.'), ...problems([...AUTHENTICATED_PROBLEMS, 404]) },
    },
  }, async (request, reply) => {
    const result = await remove({ userId: request.userId, platform: request.params.platform });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.send(result.value);
  });
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

const page = (title: string, message: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
  '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}h1{font-size:1.5rem}</style></head>' +
  `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;

/**
 * A person's browser coming back from the consent page (its navigation asks for `text/html` first), not a script: a
 * script asks for JSON, or anything (`*\/*`), and gets the problem.
 */
const wantsPage = (accept: string | undefined): boolean => {
  const html = qualityOf(accept, 'text/html');
  return html > 0 && html >= qualityOf(accept, 'application/json') && html >= qualityOf(accept, 'application/problem+json');
};

/** A way back that connected nothing, in words, for the short page (the studio has its own words for each reason). */
const NOT_CONNECTED = {
  denied: 'You did not allow Larder on the consent page, so nothing was connected. To connect, start again and allow access.',
  expired: 'This way back has expired or was already used (it lasts 10 minutes and works once). Nothing was connected: start again.',
  refused: 'The platform refused to connect. Nothing was connected: start again.',
  unreachable: 'The platform could not be reached to finish connecting. Nothing was connected: try again in a minute.',
} as const;

/** The short page for a browser, with the status the problem would have had (the route's typed reply knows only its pages' codes). */
const sendNotConnected = (reply: FastifyReply, status: 400 | 503, message: string): FastifyReply =>
  reply.code(status).type('text/html; charset=utf-8').send(page('Not connected', message));

export interface CallbackOptions {
  /**
   * The studio's connections screen (`PUBLIC_URL/selling`) when the service serves the studio: the creator lands
   * there, with the platform and the account's name in the address, instead of on the short page.
   */
  readonly studioConnectionsUrl?: string;
}

/** `GET /api/connections/{platform}/callback`: where the platform's consent page sends the creator back. No bearer token. */
export const connectionCallbackRoutes: FastifyPluginAsyncTypebox<ConnectionDeps & CallbackOptions> = async (app, deps) => {
  const complete = completeAuthorization(deps);
  app.get('/connections/:platform/callback', {
    schema: {
      tags,
      operationId: 'finishPlatformConnection',
      summary: 'Finish connecting a platform (the consent page redirects here)',
      description:
        'Needs no bearer token: the one-time `state` authenticates it. Exchanges the code, looks up the account (Etsy: the shop and its currency) and answers a short HTML page; ' +
        'when the service serves the studio, a 303 to the studio\'s connections screen instead (`/selling?connected={platform}&account={account name}`). ' +
        'A way back that connects nothing (the creator refused on the consent page, a bad, expired or reused state, the platform refusing the code, the platform unreachable) ' +
        'is answered by what the request asks for: a script (`Accept` naming JSON, or `*/*`, or none) gets the problem, 400 `oauth_failed` (503 `unavailable` when the ' +
        'platform cannot be reached); a browser (`Accept` preferring `text/html`, as a page navigation does) is sent back to the studio\'s connections screen with the ' +
        'reason, a 303 to `/selling?failed={platform}&reason=denied|expired|refused|unreachable` (`denied`: the creator did not allow access; `expired`: the state is unknown, ' +
        'expired or used; `refused`: the platform refused the request or its code), or, the studio not served, a short HTML page with the same status as the problem.',
      params: PlatformParams,
      querystring: OAuthCallbackQuery,
      response: {
        200: { description: 'A page saying the account is connected (the studio not served).', content: { 'text/html': { schema: Type.String() } } },
        303: {
          description:
            'A browser, the studio served: to its connections screen, which says the account is connected (`?connected=`), or why nothing was connected (`?failed=&reason=`).',
          headers: {
            Location: { type: 'string', description: '`PUBLIC_URL/selling?connected={platform}&account={account name}` or `PUBLIC_URL/selling?failed={platform}&reason={reason}`' },
          },
        },
        ...problems([400, 404, 429, 500, 503], {
          400: '`oauth_failed`: the creator refused, the state is unknown, expired or used, or the platform refused the code. A browser with the studio not served gets a short HTML page instead.',
        }),
      },
    },
  }, async (request, reply) => {
    const { code, state, error } = request.query;
    const result = await complete({ platform: request.params.platform, code, state, error });
    reply.header('cache-control', 'no-store').header('vary', 'Accept');
    if (result.isErr()) {
      const failure = result.error;
      const reason = failure.type === 'OAuthFailed' ? failure.reason : failure.type === 'PlatformUnreachable' ? 'unreachable' : undefined;
      if (reason === undefined || !wantsPage(request.headers.accept)) return sendDomainError(reply, failure);
      if (deps.studioConnectionsUrl !== undefined) {
        const target = new URL(deps.studioConnectionsUrl);
        target.searchParams.set('failed', request.params.platform);
        target.searchParams.set('reason', reason);
        return reply.redirect(target.toString(), 303);
      }
      return sendNotConnected(reply, reason === 'unreachable' ? 503 : 400, NOT_CONNECTED[reason]);
    }
    const name = result.value.account_name ?? 'your account';
    if (deps.studioConnectionsUrl !== undefined) {
      const target = new URL(deps.studioConnectionsUrl);
      target.searchParams.set('connected', result.value.platform);
      if (result.value.account_name !== null) target.searchParams.set('account', result.value.account_name);
      return reply.redirect(target.toString(), 303);
    }
    return reply.type('text/html; charset=utf-8').send(page('Connected', `${name} is connected to Larder. You can close this page.`));
  });
};
