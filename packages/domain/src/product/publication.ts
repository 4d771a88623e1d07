/** Publishing a product to sales platforms: the body and the rules on status, recipes and price. */
import { err, ok, type Result } from 'neverthrow';
import {
  invalidState,
  ruleViolation,
  validationFailed,
  type InvalidState,
  type RuleViolation,
  type ValidationFailed,
} from '../shared/errors.js';
import { type Issues, pointerTo, readList, readNumber, readObject, readText, rejectDuplicates, rejectExtraKeys } from '../shared/validation.js';
import { isCurrencyCode } from './currencies.js';
import { withArticle } from '../shared/article.js';
import { productTypeWords, type Product, type Sales } from './product.js';

export const MAX_PRICE_CENTS = 100_000_000;
export const DEFAULT_SALES_PLATFORMS = ['etsy', 'gumroad'] as const;

/** `{ platforms, price_cents, currency }` checked against the configured platform identifiers. */
export function parseSales(input: unknown, allowedPlatforms: readonly string[]): Result<Sales, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  rejectExtraKeys(body, new Set(['platforms', 'price_cents', 'currency']), new Set(), '', issues);
  for (const field of ['platforms', 'price_cents', 'currency']) {
    if (!(field in body)) issues.push({ pointer: pointerTo('', field), message: 'is required' });
  }
  // None is allowed here: a lead magnet may be given away on its own page only. Other types need one (applyPublication).
  const platforms = readList(body.platforms, '/platforms', issues, { min: 0, max: allowedPlatforms.length }, (item, at) => {
    const platform = readText(item, at, issues, { min: 1, max: 60 });
    if (platform !== undefined && !allowedPlatforms.includes(platform)) {
      issues.push({ pointer: at, message: `must be one of ${allowedPlatforms.join(', ')}` });
      return undefined;
    }
    return platform;
  });
  if (platforms !== undefined) rejectDuplicates(platforms, '/platforms', issues, (platform) => platform, 'platform');
  const priceCents = readNumber(body.price_cents, '/price_cents', issues, { min: 0, max: MAX_PRICE_CENTS, integer: true });
  const currency = readText(body.currency, '/currency', issues, { min: 3, max: 3 });
  if (currency !== undefined && !isCurrencyCode(currency)) issues.push({ pointer: '/currency', message: 'must be an ISO 4217 currency code' });
  if (issues.length > 0 || platforms === undefined || priceCents === undefined || currency === undefined) {
    return err(validationFailed(issues));
  }
  return ok({ platforms, price_cents: priceCents, currency: currency.toUpperCase() });
}

/**
 * The product as published with `sales`. Publishing a published product replaces its sales settings;
 * `published_at` keeps the first publication.
 */
export function applyPublication(product: Product, sales: Sales, now: Date): Result<Product, InvalidState | RuleViolation | ValidationFailed> {
  if (product.type !== 'lead_magnet' && sales.platforms.length === 0) {
    return err(validationFailed([{ pointer: '/platforms', message: 'must list at least one platform (only a lead magnet may be published to its own page alone)' }]));
  }
  if (product.status === 'archived') return err(invalidState('an archived product cannot be published; set its status to draft first'));
  if (product.recipe_ids.length === 0) return err(ruleViolation('a product without recipes cannot be published'));
  if (product.type === 'lead_magnet' && sales.price_cents !== 0) {
    return err(ruleViolation('a lead magnet is free: price_cents must be 0'));
  }
  if (product.type !== 'lead_magnet' && sales.price_cents === 0) {
    return err(ruleViolation(`${withArticle(productTypeWords(product.type))} must cost more than 0`));
  }
  const published: Product = {
    ...product,
    status: 'published',
    sales,
    published_at: product.published_at ?? now,
    updated_at: now,
    version: product.version + 1,
  };
  return ok(published);
}
