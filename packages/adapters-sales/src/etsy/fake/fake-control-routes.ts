/**
 * The Etsy fake's hand controls for the demo (see `shared/fake-control.ts`): `POST /__fake/sales` with `listing_id`
 * (and `quantity`, `price_cents`) is a buyer paying for an active listing; `POST /__fake/refunds` with `receipt_id`
 * and `amount_cents` is the seller's refund; `POST /__fake/consent` with `answer=deny` (or `allow`) is what the owner
 * answers on the consent page from then on; `POST /__fake/revoke-tokens` is the owner removing Larder's access on
 * Etsy (every token issued so far stops working, so the connection needs reconnecting).
 */
import type { FastifyInstance } from 'fastify';
import { controlField, controlInteger, loopbackOnly } from '../../shared/fake-control.js';
import type { FakeSale, FakeSaleOptions } from './fake-receipts.js';

export interface ReceiptDesk {
  sell(listingId: number, options: FakeSaleOptions): FakeSale;
  refund(receiptId: number, amountCents: number): void;
  setConsent(answer: 'allow' | 'deny'): void;
  revokeTokens(): void;
}

export function installControlRoutes(app: FastifyInstance, desk: ReceiptDesk): void {
  const attempt = (work: () => unknown): { ok: true; value: unknown } | { ok: false; error: string } => {
    try {
      return { ok: true, value: work() };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };

  app.post('/__fake/sales', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    const quantity = controlInteger(request, 'quantity');
    const priceCents = controlInteger(request, 'price_cents');
    const sold = attempt(() =>
      desk.sell(Number(controlField(request, 'listing_id')), {
        ...(quantity === undefined ? {} : { quantity }),
        ...(priceCents === undefined ? {} : { priceCents }),
      }),
    );
    if (!sold.ok) return reply.code(400).send({ error: sold.error });
    const sale = sold.value as FakeSale;
    return reply.code(201).send({ receipt_id: sale.receiptId, transaction_id: sale.transactionId });
  });

  app.post('/__fake/refunds', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    const receiptId = Number(controlField(request, 'receipt_id'));
    const refunded = attempt(() => desk.refund(receiptId, controlInteger(request, 'amount_cents') ?? Number.NaN));
    return refunded.ok ? reply.send({ receipt_id: receiptId }) : reply.code(400).send({ error: refunded.error });
  });

  app.post('/__fake/consent', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    const answer = controlField(request, 'answer');
    if (answer !== 'allow' && answer !== 'deny') return reply.code(400).send({ error: 'answer is allow or deny' });
    desk.setConsent(answer);
    return reply.send({ consent: answer });
  });

  app.post('/__fake/revoke-tokens', async (request, reply) => {
    if (!(await loopbackOnly(request, reply))) return reply;
    desk.revokeTokens();
    return reply.send({ revoked: true });
  });
}
