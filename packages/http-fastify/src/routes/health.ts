/** Liveness and readiness, for orchestrators and load balancers; no authentication, never cached. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendProblem, unavailable } from '../http/problem.js';
import { problems } from '../schemas/responses.js';

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
    schema: { tags, summary: 'The process is up', security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }, { description: 'Up.' }) } },
  }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      tags,
      summary: 'The database is reachable',
      security: [],
      response: { 200: Type.Object({ status: Type.Literal('ready') }, { description: 'Ready to serve.' }), ...problems([503]) },
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
