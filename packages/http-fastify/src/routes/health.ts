/** Liveness and readiness, for orchestrators and load balancers; no authentication, never cached. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendProblem, unavailable } from '../http/problem.js';
import { problems, UNREADABLE_REQUEST } from '../schemas/responses.js';

export interface HealthDeps {
  readonly readiness: () => Promise<boolean>;
}

const tags = ['operations'];

export const healthRoutes: FastifyPluginAsyncTypebox<HealthDeps> = async (app, deps) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get('/healthz', {
    schema: {
      tags,
      operationId: 'getHealth',
      summary: 'The process is up',
      security: [],
      response: { 200: Type.Object({ status: Type.Literal('ok') }, { description: 'Up.' }), ...UNREADABLE_REQUEST },
    },
  }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      tags,
      operationId: 'getReadiness',
      summary: 'The database is reachable',
      security: [],
      response: { 200: Type.Object({ status: Type.Literal('ready') }, { description: 'Ready to serve.' }), ...UNREADABLE_REQUEST, ...problems([503]) },
    },
  }, async (request, reply) => {
    let ready = false;
    try {
      ready = await deps.readiness();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
    }
    if (!ready) return sendProblem(reply, unavailable());
    return reply.send({ status: 'ready' as const });
  });
};
