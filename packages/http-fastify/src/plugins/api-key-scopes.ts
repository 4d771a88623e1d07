/**
 * What an API key may do: each `/api` operation needs one scope, read from its method and route; a key without it is
 * refused with 403 `forbidden`. Keys never manage keys, platform connections or the creator's profile, and an
 * operation this table does not know is refused too (a new route is closed to keys until it is given a scope here).
 */
import type { ApiKeyScope } from '@larder/domain';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpProblem, problem } from '../http/problem.js';

const READS = new Set(['GET', 'HEAD']);

/** The scope an operation needs (`null`: no key may call it). */
export function requiredScope(method: string, route: string): ApiKeyScope | null {
  // Reading lines as a recipe would store them changes nothing, though it is a POST (the lines are its body).
  const read = READS.has(method.toUpperCase()) || route === '/api/recipes/parse-ingredients';
  const area = /^\/api\/([^/]+)/.exec(route)?.[1] ?? '';
  switch (area) {
    case 'recipes':
      return read ? 'recipes:read' : 'recipes:write';
    case 'products':
    case 'subscribers':
      return read ? 'products:read' : 'products:write';
    case 'sales':
    case 'reports':
      return read ? 'sales:read' : null;
    case 'webhooks':
      return 'webhooks:write';
    default:
      // api-keys, connections, profile (it holds the creator's postal address, and no scope names it), and whatever
      // comes later until it is given a scope.
      return null;
  }
}

/** onRequest hook, after authentication: a request with an API key must hold the operation's scope. */
export function enforceKeyScopes(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const key = request.apiKey;
  if (key === null) {
    done();
    return;
  }
  const needed = requiredScope(request.method, request.routeOptions.url ?? request.url);
  if (needed !== null && key.scopes.includes(needed)) {
    done();
    return;
  }
  const detail =
    needed === null
      ? 'API keys cannot do this (keys never manage keys or platform connections); use a login token.'
      : `This API key may not do this: it needs the scope ${needed} (it has ${key.scopes.join(', ')}).`;
  done(new HttpProblem(problem(403, 'forbidden', detail)));
}
