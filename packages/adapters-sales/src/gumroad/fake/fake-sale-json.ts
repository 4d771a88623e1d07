/**
 * The fake's sales in Gumroad's shapes: a sale as `Purchase#as_json(version: 2)` renders it for `GET /v2/sales`, and
 * the ping `Purchase#payload_for_ping_notification` builds (posted form-encoded, every value a string). Gumroad keeps
 * `price_cents` in USD and shows the buyer's currency beside it, so the fake converts at its own fixed rates.
 */
import { CURRENCIES } from './fake-json.js';
import type { FakeGumroadStore, StoredProduct, StoredSale } from './fake-store.js';

/** Units of a currency per US dollar, in thousandths: the fake's own fixed rates (1 for a currency not listed). */
const PER_USD_MILLI: Readonly<Record<string, number>> = { usd: 1000, eur: 900, gbp: 800, jpy: 150_000, cad: 1350, aud: 1500, chf: 900 };

export const digitsOf = (currency: string): number => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

const rounded = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));
const perUsd = (currency: string): number => PER_USD_MILLI[currency] ?? 1000;

/** `get_usd_cents`: minor units of `currency` as USD cents. */
export const usdCentsOf = (minor: number, currency: string): number => rounded(minor * 100 * 1000, perUsd(currency) * 10 ** digitsOf(currency));

/** `usd_cents_to_currency`: USD cents as minor units of `currency`. */
export const currencyMinorOf = (usdCents: number, currency: string): number =>
  rounded(usdCents * perUsd(currency) * 10 ** digitsOf(currency), 100 * 1000);

/** `Money#format(no_cents_if_whole: true)`, with or without the currency's symbol. The fake always writes `1,234.50`. */
export function formatMinor(minor: number, currency: string, symbol: boolean): string {
  const digits = digitsOf(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const cents = minor % 10 ** digits;
  const amount = `${whole.toLocaleString('en-US')}${cents === 0 ? '' : `.${String(cents).padStart(digits, '0')}`}`;
  return symbol ? `${CURRENCIES[currency]?.symbol ?? currency.toUpperCase()}${amount}` : amount;
}

/** The fake's fee: 10% and 50 cents, in USD cents (Gumroad's depends on the seller's plan). */
const feeOf = (sale: StoredSale): number => (sale.priceCents === 0 ? 0 : Math.round(sale.priceCents / 10) + 50);

export const isRefunded = (sale: StoredSale): boolean => sale.priceCents > 0 && sale.refundedCents >= sale.priceCents;

const timeAgo = (createdAt: number): string => {
  const minutes = Math.floor((Date.now() - createdAt / 1000) / 60_000);
  return minutes < 1 ? 'less than a minute ago' : `${minutes} minutes ago`;
};

const productOf = (store: FakeGumroadStore, sale: StoredSale): StoredProduct | undefined => store.products.find((p) => p.id === sale.productId);

export function saleJson(store: FakeGumroadStore, sale: StoredSale): Record<string, unknown> {
  const product = productOf(store, sale);
  const refundable = currencyMinorOf(sale.priceCents - sale.refundedCents, sale.currency);
  const createdAt = new Date(sale.createdAt / 1000);
  return {
    id: sale.id,
    email: sale.email,
    seller_id: store.seller.id,
    timestamp: timeAgo(sale.createdAt),
    daystamp: createdAt.toUTCString(),
    created_at: createdAt.toISOString(),
    product_name: product?.name ?? '',
    product_has_variants: false,
    price: sale.priceCents,
    gumroad_fee: feeOf(sale),
    is_bundle_purchase: false,
    is_bundle_product_purchase: false,
    formatted_display_price: formatMinor(sale.displayedCents, sale.currency, true),
    formatted_total_price: formatMinor(currencyMinorOf(sale.priceCents, sale.currency), sale.currency, true),
    currency_symbol: CURRENCIES[sale.currency]?.symbol ?? sale.currency.toUpperCase(),
    currency: sale.currency,
    amount_refundable_in_currency: formatMinor(refundable, sale.currency, false),
    product_id: sale.productId,
    product_permalink: product?.uniquePermalink ?? '',
    refunded: isRefunded(sale),
    partially_refunded: sale.refundedCents > 0 && !isRefunded(sale),
    chargedback: false,
    purchase_email: sale.email,
    paid: sale.priceCents !== 0,
    has_variants: false,
    variants_and_quantity: '',
    has_custom_fields: false,
    custom_fields: {},
    order_id: sale.orderNumber,
    is_product_physical: false,
    is_recurring_billing: false,
    can_contact: true,
    is_following: false,
    disputed: false,
    dispute_won: false,
    is_additional_contribution: false,
    discover_fee_charged: false,
    is_upgrade_purchase: false,
    is_more_like_this_recommended: false,
    is_gift_sender_purchase: false,
    is_gift_receiver_purchase: false,
    referrer: 'direct',
    paypal_refund_expired: false,
    card: { visual: '**** **** **** 4242', type: 'visa', bin: null, expiry_month: null, expiry_year: null },
    product_rating: null,
    quantity: 1,
  };
}

/** The ping's fields, as HTTParty encodes them (a nested `card`, nil as an empty value, booleans as words). */
export function pingFields(store: FakeGumroadStore, sale: StoredSale, resourceName: string): Record<string, string> {
  const product = productOf(store, sale);
  return {
    seller_id: store.seller.id,
    product_id: sale.productId,
    product_name: product?.name ?? '',
    permalink: product?.customPermalink ?? product?.uniquePermalink ?? '',
    product_permalink: product === undefined ? '' : store.shortUrl(product),
    short_product_id: product?.uniquePermalink ?? '',
    email: sale.email,
    price: String(sale.priceCents),
    gumroad_fee: String(feeOf(sale)),
    currency: product?.currency ?? sale.currency,
    quantity: '1',
    discover_fee_charged: 'false',
    can_contact: 'true',
    referrer: 'direct',
    'card[visual]': '**** **** **** 4242',
    'card[type]': 'visa',
    'card[bin]': '',
    'card[expiry_month]': '',
    'card[expiry_year]': '',
    order_number: String(sale.orderNumber),
    sale_id: sale.id,
    sale_timestamp: new Date(sale.createdAt / 1000).toISOString(),
    ip_country: 'United States',
    is_gift_receiver_purchase: 'false',
    refunded: String(isRefunded(sale)),
    resource_name: resourceName,
    disputed: 'false',
    dispute_won: 'false',
  };
}
