/** `/api/sales` (a page in JSON, or every sale the filters keep as CSV) and `/api/reports/revenue`: what sold, as the platforms reported it. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { revenueTally, saleView, validationFailed, type SaleFilter, type SaleRepository, type ValidationFailed } from '@larder/domain';
import { err, ok, type Result } from 'neverthrow';
import { csvField, wantsCsv } from '../http/csv.js';
import { pageRequestFrom } from '../http/pagination.js';
import { sendDomainError, sendPage } from '../http/reply.js';
import { ListOf, refTo } from '../schemas/common.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, LINK, problems, success } from '../schemas/responses.js';
import { RevenueQuery, RevenueReportSchema, SaleListQuery, SaleSchema } from '../schemas/sale.js';

/** The CLI's columns (`larder sales export`), in its order. */
const CSV_COLUMNS = ['id', 'product_id', 'platform', 'remote_id', 'amount_cents', 'currency', 'refunded_cents', 'sold_at'] as const;

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

/** A CSV row's `sold_at` (its last field, an ISO 8601 time, which sorts as text). */
const soldAt = (row: string): string => row.slice(row.lastIndexOf(',') + 1);

export const saleRoutes: FastifyPluginAsyncTypebox<{ sales: SaleRepository }> = async (app, deps) => {
  app.get('/sales', {
    schema: {
      tags,
      operationId: 'listSales',
      summary: 'List your sales',
      description:
        'Sales on your connected platforms: Gumroad through its sale notices (each confirmed through its API before it counts), Etsy through its receipts, polled. ' +
        'The same sale reported twice is one sale; a refund changes `refunded_cents`. A sale whose listing is not one of ours is kept with `product_id` null. ' +
        `With \`Accept: text/csv\`: every sale the filters keep (\`page\` and \`per_page\` do not apply), newest first, as CSV with a header row (${CSV_COLUMNS.join(', ')}; amounts in the currency's minor unit), as an attachment.`,
      querystring: SaleListQuery,
      response: {
        200: {
          description: 'A page of your sales, newest first (JSON), or all of them (`text/csv`).',
          headers: { ...AUTHENTICATED_HEADERS, ...LINK, 'Content-Disposition': { type: 'string', description: 'CSV only: `attachment; filename="sales.csv"`.' } },
          content: {
            'application/json': { schema: ListOf(refTo(SaleSchema), 'A page of sales.') },
            'text/csv': { schema: { type: 'string', description: 'Every sale the filters keep, one row each after the header row.' } },
          },
        },
        ...problems(AUTHENTICATED_PROBLEMS, { 400: '`validation_failed`: a filter is malformed, or `to` is before `from`.' }),
      },
    },
  }, async (request, reply) => {
    const { product_id: productId, platform } = request.query;
    const range = timeRange(request.query);
    if (range.isErr()) return sendDomainError(reply, range.error, 'query');
    const filter: SaleFilter = { userId: request.userId, ...range.value, ...(productId === undefined ? {} : { productId }), ...(platform === undefined ? {} : { platform }) };
    if (wantsCsv(request.headers.accept)) {
      const rows: string[] = [];
      const done = await deps.sales.each(filter, (batch) => {
        for (const sale of batch) {
          const view = saleView(sale);
          rows.push(CSV_COLUMNS.map((column) => csvField(view[column])).join(',') + '\r\n');
        }
      });
      if (done.isErr()) return sendDomainError(reply, done.error);
      // Newest first, as the JSON pages are (each() walks in the store's own order).
      const header = CSV_COLUMNS.join(',') + '\r\n';
      const body = rows.sort((a, b) => soldAt(b).localeCompare(soldAt(a)));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="sales.csv"').send(header + body.join(''));
    }
    const listed = await deps.sales.list(filter, pageRequestFrom(request.query));
    if (listed.isErr()) return sendDomainError(reply, listed.error);
    return sendPage(request, reply, { ...listed.value, items: listed.value.items.map(saleView) });
  });

  app.get('/reports/revenue', {
    schema: {
      tags,
      operationId: 'getRevenueReport',
      summary: 'Your revenue, per product, platform or day, per currency',
      description:
        'One row per group and currency: sales, gross, refunded and net amounts in the currency’s minor unit. Currencies are never added together. ' +
        '`product_id` and `platform` keep only those sales, as they do for GET /api/sales.',
      querystring: RevenueQuery,
      response: {
        200: success(RevenueReportSchema, 'The report.', AUTHENTICATED_HEADERS),
        ...problems(AUTHENTICATED_PROBLEMS, { 400: '`validation_failed`: a parameter is malformed, or `to` is before `from`.' }),
      },
    },
  }, async (request, reply) => {
    const range = timeRange(request.query);
    if (range.isErr()) return sendDomainError(reply, range.error, 'query');
    const { product_id: productId, platform } = request.query;
    const tally = revenueTally(request.query.group_by ?? 'product');
    const filter: SaleFilter = { userId: request.userId, ...range.value, ...(productId === undefined ? {} : { productId }), ...(platform === undefined ? {} : { platform }) };
    const added = await deps.sales.each(filter, (batch) => tally.add(batch));
    if (added.isErr()) return sendDomainError(reply, added.error);
    return reply.send({ data: tally.rows() });
  });
};
