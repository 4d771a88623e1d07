/**
 * The creator's side of lead magnets: `GET /api/products/{id}/subscribers` (a page in JSON, or every subscriber as
 * CSV with `Accept: text/csv`) and `DELETE /api/subscribers/{id}` (erasure).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eachSubscriber, eraseSubscriber, listSubscribers, subscriberView, type Subscriber, type SubscriberAdminDeps, type SubscriberView } from '@larder/domain';
import { csvField, wantsCsv } from '../http/csv.js';
import { pageRequestFrom } from '../http/pagination.js';
import { sendDomainError, sendPage } from '../http/reply.js';
import { IdParams, ListOf, refTo } from '../schemas/common.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, LINK, problems, success } from '../schemas/responses.js';
import { SubscriberListQuery, SubscriberSchema } from '../schemas/subscriber.js';

const tags = ['subscribers'];

const CSV_COLUMNS = ['id', 'email', 'status', 'consent_at', 'consent_text', 'confirmed_at', 'unsubscribed_at', 'downloads', 'last_download_at', 'created_at'] as const;

const csvRow = (view: SubscriberView): string => CSV_COLUMNS.map((column) => csvField(view[column])).join(',') + '\r\n';


export const subscriberRoutes: FastifyPluginAsyncTypebox<SubscriberAdminDeps> = async (app, deps) => {
  const list = listSubscribers(deps);
  const each = eachSubscriber(deps);
  const erase = eraseSubscriber(deps);

  app.get('/products/:id/subscribers', {
    schema: {
      tags,
      operationId: 'listSubscribers',
      summary: 'List a lead magnet’s subscribers (JSON or CSV)',
      description:
        'Everyone who asked for the lead magnet on its page, newest first, with their status, consent and download count. ' +
        `With \`Accept: text/csv\`: every subscriber (the \`status\` filter applies, \`page\` and \`per_page\` do not) as CSV with a header row (${CSV_COLUMNS.join(', ')}), ` +
        'as an attachment; a field a spreadsheet would read as a formula starts with `\'`. A product that is not a lead magnet has none; an unknown product is a 404.',
      params: IdParams,
      querystring: SubscriberListQuery,
      response: {
        200: {
          description: 'A page of subscribers (JSON), or all of them (`text/csv`).',
          headers: { ...AUTHENTICATED_HEADERS, ...LINK, 'Content-Disposition': { type: 'string', description: 'CSV only: `attachment; filename="subscribers-<product id>.csv"`.' } },
          content: {
            'application/json': { schema: ListOf(refTo(SubscriberSchema), 'A page of subscribers.') },
            'text/csv': { schema: { type: 'string', description: 'Every subscriber, one row each after the header row.' } },
          },
        },
        ...problems([...AUTHENTICATED_PROBLEMS, 404]),
      },
    },
  }, async (request, reply) => {
    const query = { productId: request.params.id, status: request.query.status };
    if (wantsCsv(request.headers.accept)) {
      const rows: string[] = [CSV_COLUMNS.join(',') + '\r\n'];
      const done = await each(query, (batch: readonly Subscriber[]) => void rows.push(...batch.map((subscriber) => csvRow(subscriberView(subscriber)))));
      if (done.isErr()) return sendDomainError(reply, done.error);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${request.params.id.replace(/[^A-Za-z0-9_-]/g, '')}.csv"`)
        .send(rows.join(''));
    }
    const listed = await list(query, pageRequestFrom(request.query));
    if (listed.isErr()) return sendDomainError(reply, listed.error, 'query');
    return sendPage(request, reply, { ...listed.value, items: listed.value.items.map(subscriberView) });
  });

  app.delete('/subscribers/:id', {
    schema: {
      tags,
      operationId: 'eraseSubscriber',
      summary: 'Erase a subscriber',
      description:
        'Removes the subscriber for good: address, consent and links. E-mails still queued for them are dropped, and their links stop working (404). ' +
        'Answers 200 with the subscriber as it was, the last time it is shown; a second DELETE is a 404.',
      params: IdParams,
      response: { 200: success(refTo(SubscriberSchema), 'The subscriber as it was before erasure.', AUTHENTICATED_HEADERS), ...problems([...AUTHENTICATED_PROBLEMS, 404]) },
    },
  }, async (request, reply) => {
    const erased = await erase(request.params.id);
    if (erased.isErr()) return sendDomainError(reply, erased.error);
    return reply.send(subscriberView(erased.value));
  });
};
