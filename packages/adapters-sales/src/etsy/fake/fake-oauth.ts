/**
 * The fake's side of Etsy's OAuth 2.0 with PKCE: a consent page that answers at once for the shop's owner (302 to
 * `redirect_uri` with `code` and `state`, or with `error=access_denied` when the owner is set to deny), the token endpoint (authorization_code grant checked against the S256 challenge, refresh_token
 * grant answering a new refresh token each time), and the checks every API call passes: `x-api-key` as
 * `keystring:shared_secret`, then for scoped operations a live bearer token with the scope, for this shop.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenExpiresNow, type FakeFaults, type FaultCounts } from '../../shared/fake-faults.js';
import type { EtsyTokenResponse } from '../etsy-types.js';
import { tokenFor, type FakeState } from './fake-state.js';

export const ACCESS_TOKEN_MS = 3600 * 1000;
export const REFRESH_TOKEN_MS = 90 * 24 * 3600 * 1000;
const CODE_MS = 10 * 60 * 1000;
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface FakeAuthSettings {
  readonly apiKey: string;
  readonly sharedSecret: string;
  readonly now: () => number;
  readonly faults: FakeFaults;
  readonly counts: FaultCounts;
}

/** Tokens for the shop's owner, as the token endpoint would answer them. */
export function issueTokens(state: FakeState, scopes: readonly string[], now: number): EtsyTokenResponse {
  const access = tokenFor(state.shop.userId);
  const refresh = tokenFor(state.shop.userId);
  state.accessTokens.set(access, { scopes, expiresAt: now + ACCESS_TOKEN_MS, revoked: false });
  state.refreshTokens.set(refresh, { scopes, expiresAt: now + REFRESH_TOKEN_MS, revoked: false });
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_MS / 1000, refresh_token: refresh };
}

const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

export function installOAuthRoutes(app: FastifyInstance, state: FakeState, settings: FakeAuthSettings): void {
  app.get('/oauth/connect', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const redirect = query['redirect_uri'];
    let target: URL;
    try {
      target = new URL(redirect ?? '');
    } catch {
      return reply.code(400).type('text/html').send('<p>An error occurred: the redirect URL is missing or not a URL.</p>');
    }
    if (query['client_id'] !== settings.apiKey) return reply.code(400).type('text/html').send('<p>An error occurred: unknown client_id.</p>');
    const challenge = query['code_challenge'] ?? '';
    const refusal =
      query['response_type'] !== 'code' ? 'unsupported_response_type'
      : query['code_challenge_method'] !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge) ? 'invalid_request'
      : (query['scope'] ?? '').trim() === '' ? 'invalid_scope'
      : null;
    if (refusal !== null) target.searchParams.set('error', refusal);
    else if (state.consent === 'deny') {
      // RFC 6749 §4.1.2.1: the resource owner denied the request.
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request.');
    } else {
      const code = randomBytes(24).toString('base64url');
      const scopes = (query['scope'] ?? '').split(/\s+/).filter((scope) => scope !== '');
      state.codes.set(code, { challenge, redirectUri: target.toString(), scopes, expiresAt: settings.now() + CODE_MS, used: false });
      target.searchParams.set('code', code);
    }
    if (query['state'] !== undefined) target.searchParams.set('state', query['state']);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/v3/public/oauth/token', async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : null;
    if (form === null) return oauthError(reply, 400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
    if (form.get('client_id') !== settings.apiKey) return oauthError(reply, 401, 'invalid_client', 'client_id is unknown');
    const now = settings.now();
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = state.codes.get(form.get('code') ?? '');
      if (code === undefined || code.used || code.expiresAt <= now) return oauthError(reply, 400, 'invalid_grant', 'code is invalid or expired');
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match');
      const verifier = form.get('code_verifier') ?? '';
      const proof = createHash('sha256').update(verifier).digest('base64url');
      if (!VERIFIER.test(verifier) || proof !== code.challenge) return oauthError(reply, 400, 'invalid_grant', 'code_verifier is invalid');
      return reply.send(issueTokens(state, code.scopes, now));
    }
    if (grant === 'refresh_token') {
      const refresh = state.refreshTokens.get(form.get('refresh_token') ?? '');
      if (refresh === undefined || refresh.revoked) return oauthError(reply, 400, 'invalid_grant', 'refresh_token is revoked');
      if (refresh.expiresAt <= now) return oauthError(reply, 400, 'invalid_grant', 'refresh_token is expired');
      return reply.send(issueTokens(state, refresh.scopes, now));
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${grant ?? '(none)'} is not supported`);
  });
}

/** What a route needs: only the API key (`null`), or a bearer token with this scope. */
export interface RouteAuth {
  readonly scope: string | null;
}

/** Checks `x-api-key` and, for scoped routes, the bearer token; answers the refusal itself and says false. */
export async function admitted(request: FastifyRequest, reply: FastifyReply, state: FakeState, settings: FakeAuthSettings, auth: RouteAuth): Promise<boolean> {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') {
    await reply.code(401).send({ error: 'Missing x-api-key header.' });
    return false;
  }
  if (key === settings.apiKey) {
    await reply.code(403).send({ error: 'Shared secret is required in x-api-key header.' });
    return false;
  }
  if (key !== `${settings.apiKey}:${settings.sharedSecret}`) {
    await reply.code(403).send({ error: "Invalid API key: should be in the format 'keystring:shared_secret'." });
    return false;
  }
  const header = request.headers.authorization ?? '';
  // An operation that needs no token still refuses one that does not work.
  if (auth.scope === null && header === '') return true;
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const record = state.accessTokens.get(token);
  const refuse = async (description: string) => {
    await reply.code(401).send({ error: 'invalid_token', error_description: description });
    return false;
  };
  if (record === undefined) return refuse(token === '' ? 'an OAuth token is required' : 'access token is invalid');
  if (record.revoked) return refuse('access token is revoked');
  if (record.expiresAt <= settings.now()) return refuse('access token is expired');
  state.authenticatedRequests += 1;
  if (tokenExpiresNow(settings.faults, settings.counts, state.authenticatedRequests)) {
    record.expiresAt = settings.now();
    return refuse('access token is expired');
  }
  if (auth.scope === null) return true;
  if (!record.scopes.includes(auth.scope)) {
    await reply.code(403).send({ error: `insufficient_scope: this operation needs the ${auth.scope} scope` });
    return false;
  }
  const shopId = (request.params as Record<string, string | undefined>)['shop_id'];
  if (shopId !== undefined && Number(shopId) !== state.shop.shopId) {
    await reply.code(403).send({ error: 'The shop does not belong to the authenticated user.' });
    return false;
  }
  return true;
}
