/**
 * The Gumroad fake's hand controls for the demo (see `shared/fake-control.ts`): `POST /__fake/sales` with
 * `product_id` (and `price_cents`, `currency`, `email`) is a buyer's purchase, pinged to the `sale` subscribers;
 * `POST /__fake/refunds` with `sale_id` (and `amount_cents`, default all that is left) is the seller's refund.
 */
import type { FastifyInstance } from 'fastify';
import { controlField, controlInteger, loopbackOnly } from '../../shared/fake-control.js';
import type { FakeSaleOptions } from './fake-sales.js';

export interface SalesDesk {
  sell(productId: string, options: FakeSaleOptions): string;
  refund(saleId: string, amountCents?: number): void;
}

export function controlRoutes(app: FastifyInstance, desk: SalesDesk): void {
  app.post('/__fake/sales', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    const priceCents = controlInteger(request, 'price_cents');
    const currency = controlField(request, 'currency');
    const email = controlField(request, 'email');
    try {
      const saleId = desk.sell(controlField(request, 'product_id') ?? '', {
        ...(priceCents === undefined ? {} : { priceCents }),
        ...(currency === null ? {} : { currency }),
        ...(email === null ? {} : { email }),
      });
      return reply.code(201).send({ sale_id: saleId });
    } catch (error) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
    }
  });

  app.post('/__fake/refunds', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    const saleId = controlField(request, 'sale_id') ?? '';
    try {
      desk.refund(saleId, controlInteger(request, 'amount_cents'));
      return reply.send({ sale_id: saleId });
    } catch (error) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
