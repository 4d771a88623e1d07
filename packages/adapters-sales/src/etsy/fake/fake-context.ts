/** What the Etsy fake's routes share: its state and settings, the auth guard, Etsy's error shape. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { admitted, type FakeAuthSettings } from './fake-oauth.js';
import type { FakeState, FakeStoredListing } from './fake-state.js';

export interface FakeContext {
  readonly state: FakeState;
  readonly auth: FakeAuthSettings;
  readonly requireImageToActivate: boolean;
  readonly maxFileBytes: number;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A route that first passes the API key check and, with a scope, the bearer token check. */
export const guarded =
  (context: FakeContext, scope: string | null, handler: Handler): Handler =>
  async (request, reply) => {
    if (!(await admitted(request, reply, context.state, context.auth, { scope }))) return reply;
    return handler(request, reply);
  };

/** Etsy's `ErrorSchema`. */
export const refuse = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ error });

/** The body of a form request (application/x-www-form-urlencoded), or null when it was sent otherwise. */
export const formOf = (request: FastifyRequest): URLSearchParams | null => (request.body instanceof URLSearchParams ? request.body : null);

/** A listing of the shop, by the `listing_id` path parameter; deleted ones are gone. */
export function listingOf(context: FakeContext, request: FastifyRequest): FakeStoredListing | undefined {
  const id = Number((request.params as Record<string, string | undefined>)['listing_id']);
  const listing = context.state.listings.get(id);
  return listing === undefined || listing.deleted ? undefined : listing;
}

export const notFound = (reply: FastifyReply, what = 'Listing') => refuse(reply, 404, `${what} not found.`);
