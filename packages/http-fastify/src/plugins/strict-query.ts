/**
 * The contract's rule that an unknown query parameter is a 400, on every API route: one that declares its query
 * (`querystring` with `additionalProperties: false`) or declares none (then every parameter is unknown). Checked
 * before the body is read, so the answer does not depend on the body: Fastify validates the body before the query,
 * and a route whose body also fails would otherwise name the body alone. A route whose query schema admits other
 * parameters (the OAuth callback, which carries whatever the platform adds) is left to its schema, and so is a route
 * without a body whose query schema is closed (nothing can come before the query's validation there).
 */
import type { FastifyRequest } from 'fastify';
import { HttpProblem, problem } from '../http/problem.js';

interface QuerySchema {
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly additionalProperties?: unknown;
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

export async function refuseUnknownQueryParameters(request: FastifyRequest): Promise<void> {
  const routeSchema = request.routeOptions.schema as { querystring?: QuerySchema; body?: unknown } | undefined;
  const schema = routeSchema?.querystring;
  if (schema !== undefined && schema.additionalProperties !== false) return;
  // A route without a body whose query schema is closed: Fastify's own validation names every problem of the query
  // at once (an unknown parameter beside a malformed page number), which this check alone would not.
  if (schema !== undefined && routeSchema?.body === undefined) return;
  const query = request.query;
  if (typeof query !== 'object' || query === null) return;
  const known = schema?.properties ?? {};
  const unknown = Object.keys(query).filter((name) => !Object.hasOwn(known, name));
  if (unknown.length === 0) return;
  throw new HttpProblem(
    problem(400, 'validation_failed', 'The request has invalid fields; see errors.', {
      errors: unknown.map((name) => ({ in: 'query', pointer: `/${escape(name)}`, message: 'is not a known query parameter' })),
    }),
  );
}
