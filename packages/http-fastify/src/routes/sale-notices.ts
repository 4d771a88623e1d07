/**
 * `POST /hooks/{platform}/{secret}`: where a platform posts sale notices (Gumroad's resource subscriptions `sale` and
 * `refund`, form-encoded, unsigned). The secret in the address names the connection; the notice is queued and counts
 * only once the platform's API confirms the sale. 200 only after it is safely queued, so that a database that cannot
 * be reached (503) makes the platform send it again.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptSaleNotice, type SaleNoticeDeps } from '@larder/domain';
import { Type } from 'typebox';
import { sendDomainError } from '../http/reply.js';
import { problems } from '../schemas/responses.js';

/** Gumroad's notices are a few hundred bytes; refuse anything far larger before reading it. */
const NOTICE_LIMIT_BYTES = 64 * 1024;

const NoticeParams = Type.Object(
  {
    platform: Type.String({ minLength: 1, maxLength: 60, description: 'The platform that posts: `gumroad`.' }),
    secret: Type.String({ minLength: 1, maxLength: 200, description: 'The connection’s notice secret, set when the account was connected. Never logged.' }),
  },
  { additionalProperties: false },
);

export const saleNoticeRoutes: FastifyPluginAsyncTypebox<SaleNoticeDeps> = async (app, deps) => {
  const accept = acceptSaleNotice(deps);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: NOTICE_LIMIT_BYTES }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) fields[key] ??= value;
    done(null, fields);
  });

  app.post('/hooks/:platform/:secret', {
    schema: {
      tags: ['sales'],
      operationId: 'receiveSaleNotice',
      summary: 'Receive a sale notice from a platform',
      security: [],
      description:
        'Called by the platform (Gumroad pings), not by API users: a form-encoded body (`application/x-www-form-urlencoded`) naming a `sale_id`. ' +
        'Nothing in it is trusted: the sale is looked up through the platform’s API before it counts, and a notice the platform does not confirm counts nothing. ' +
        '200 once the notice is queued; 404 for an address no connection has; 503 when it cannot be queued (the platform sends it again).',
      params: NoticeParams,
      response: {
        200: { description: 'Queued for confirmation.', content: { 'application/json': { schema: Type.Object({ received: Type.Boolean() }) } } },
        ...problems([400, 404, 413, 415, 500, 503], { 400: '`validation_failed`: the notice names no `sale_id`.' }),
      },
    },
  }, async (request, reply) => {
    const body: unknown = request.body;
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const strings = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const result = await accept({ platform: request.params.platform, secret: request.params.secret, fields: strings });
    if (result.isErr()) return sendDomainError(reply, result.error, 'body');
    return reply.send({ received: true });
  });
};
