/**
 * Sales and refunds made on the fake by a test or by hand (a buyer's checkout and the seller's refund button, which
 * the API does not reach), and the pings each one owes its subscribers. A refund follows `Purchase#refund!`: an
 * amount in the sale's currency, at most what is left; all that is left makes it `refunded`, less `partially_refunded`.
 */
import { randomInt } from 'node:crypto';
import type { Ping } from './fake-pings.js';
import { currencyMinorOf, pingFields, usdCentsOf } from './fake-sale-json.js';
import { externalId, isPublished, type FakeGumroadStore, type StoredSale } from './fake-store.js';

export interface FakeSaleOptions {
  /** What the buyer paid, in the currency's minor unit; default the product's price. */
  readonly priceCents?: number;
  /** Lower- or upper-case; default the product's currency. */
  readonly currency?: string;
  readonly email?: string;
}

/** A resource subscription as the fake holds it. */
export interface FakeResourceSubscription {
  readonly id: string;
  readonly resourceName: string;
  readonly postUrl: string;
}

/** A ping to every live subscription of `resourceName`, about `sale`. */
export const pingsFor = (store: FakeGumroadStore, sale: StoredSale, resourceName: 'sale' | 'refund'): Ping[] =>
  store.subscriptions
    .filter((subscription) => !subscription.deleted && subscription.resourceName === resourceName)
    .map((subscription) => ({ url: subscription.postUrl, resourceName, fields: pingFields(store, sale, resourceName) }));

/** Records a purchase of a published product; throws (a test's mistake) when the product cannot be bought. */
export function recordSale(store: FakeGumroadStore, productId: string, options: FakeSaleOptions = {}): StoredSale {
  const product = store.product(productId);
  if (product === undefined) throw new Error(`the fake has no product ${productId}`);
  if (!isPublished(product)) throw new Error(`product ${productId} is not published: "This product is not currently for sale."`);
  const currency = (options.currency ?? product.currency).toLowerCase();
  const displayedCents = options.priceCents ?? product.priceCents;
  if (!Number.isSafeInteger(displayedCents) || displayedCents < 0) throw new Error('priceCents must be a whole number of minor units, 0 or more');
  const sale: StoredSale = {
    id: externalId(),
    orderNumber: randomInt(100_000_000, 999_999_999),
    productId: product.id,
    createdAt: store.now(),
    email: options.email ?? `buyer${store.sales.length + 1}@example.com`,
    currency,
    displayedCents,
    priceCents: usdCentsOf(displayedCents, currency),
    refundedCents: 0,
  };
  store.sales.push(sale);
  return sale;
}

/** Refunds `amountCents` (in the sale's currency; default all that is left); throws what Gumroad would refuse. */
export function recordRefund(store: FakeGumroadStore, saleId: string, amountCents?: number): StoredSale {
  const sale = store.sales.find((candidate) => candidate.id === saleId);
  if (sale === undefined) throw new Error(`the fake has no sale ${saleId}`);
  const leftUsd = sale.priceCents - sale.refundedCents;
  if (leftUsd <= 0) throw new Error('Purchase is already refunded.');
  if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0)) throw new Error('amountCents must be a positive whole number');
  const left = currencyMinorOf(leftUsd, sale.currency);
  if (amountCents !== undefined && amountCents > left) throw new Error('Refund amount cannot be greater than the purchase price.');
  // The whole rest, or an amount equal to it, refunds the sale in full (`refund!` short-circuits to `refund_and_save!`).
  sale.refundedCents += amountCents === undefined || amountCents === left ? leftUsd : Math.min(leftUsd, usdCentsOf(amountCents, sale.currency));
  return sale;
}
