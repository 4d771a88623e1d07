/** `/api/sales` and `/api/reports/revenue`: what sold on the platforms, as they reported it. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { revenueTally, saleView, validationFailed, type SaleFilter, type SaleRepository, type ValidationFailed } from '@larder/domain';
import { err, ok, type Result } from 'neverthrow';
import { pageRequestFrom } from '../http/pagination.js';
import { sendDomainError, sendPage } from '../http/reply.js';
import { ListOf, refTo } from '../schemas/common.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, LINK, problems, success } from '../schemas/responses.js';
import { RevenueQuery, RevenueReportSchema, SaleListQuery, SaleSchema } from '../schemas/sale.js';

const tags = ['sales'];

interface RangeQuery {
  readonly from?: string;
  readonly to?: string;
}

/** The time range of a query, as dates; `to` before `from` is a 400 naming `to`. */
function timeRange(query: RangeQuery): Result<Pick<SaleFilter, 'from' | 'to'>, ValidationFailed> {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from !== undefined && to !== undefined && to.getTime() < from.getTime()) return err(validationFailed([{ pointer: '/to', message: 'must not be before from' }]));
  return ok({ ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
}

export const saleRoutes: FastifyPluginAsyncTypebox<{ sales: SaleRepository }> = async (app, deps) => {
  app.get('/sales', {
    schema: {
      tags,
      operationId: 'listSales',
      summary: 'List your sales',
      description:
        'Sales on your connected platforms: Gumroad through its sale notices (each confirmed through its API before it counts), Etsy through its receipts, polled. ' +
        'The same sale reported twice is one sale; a refund changes `refunded_cents`. A sale whose listing is not one of ours is kept with `product_id` null.',
      querystring: SaleListQuery,
      response: {
        200: success(ListOf(refTo(SaleSchema), 'A page of sales.'), 'A page of your sales, newest first.', { ...AUTHENTICATED_HEADERS, ...LINK }),
        ...problems(AUTHENTICATED_PROBLEMS, { 400: '`validation_failed`: a filter is malformed, or `to` is before `from`.' }),
      },
    },
  }, async (request, reply) => {
    const { product_id: productId, platform } = request.query;
    const range = timeRange(request.query);
    if (range.isErr()) return sendDomainError(reply, range.error, 'query');
    const filter: SaleFilter = { userId: request.userId, ...range.value, ...(productId === undefined ? {} : { productId }), ...(platform === undefined ? {} : { platform }) };
    const listed = await deps.sales.list(filter, pageRequestFrom(request.query));
    if (listed.isErr()) return sendDomainError(reply, listed.error);
    return sendPage(request, reply, { ...listed.value, items: listed.value.items.map(saleView) });
  });

  app.get('/reports/revenue', {
    schema: {
      tags,
      operationId: 'getRevenueReport',
      summary: 'Your revenue, per product, platform or day, per currency',
      description: 'One row per group and currency: sales, gross, refunded and net amounts in the currency’s minor unit. Currencies are never added together.',
      querystring: RevenueQuery,
      response: {
        200: success(RevenueReportSchema, 'The report.', AUTHENTICATED_HEADERS),
        ...problems(AUTHENTICATED_PROBLEMS, { 400: '`validation_failed`: a parameter is malformed, or `to` is before `from`.' }),
      },
    },
  }, async (request, reply) => {
    const range = timeRange(request.query);
    if (range.isErr()) return sendDomainError(reply, range.error, 'query');
    const tally = revenueTally(request.query.group_by ?? 'product');
    const added = await deps.sales.each({ userId: request.userId, ...range.value }, (batch) => tally.add(batch));
    if (added.isErr()) return sendDomainError(reply, added.error);
    return reply.send({ data: tally.rows() });
  });
};
