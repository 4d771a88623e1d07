import { err, ok, type Result } from 'neverthrow';
import { invalidState, type InvalidState } from '../shared/errors.js';
import type { Product, ProductStatus } from './product.js';

/**
 * Status changes a PATCH may make: `draft` (unpublish, or restore an archived product) and `archived`.
 * `published` is reached only by publishing. An archived product accepts no other change until it is restored.
 */
export function checkProductChange(product: Product, status: ProductStatus | undefined, changesContent: boolean): Result<void, InvalidState> {
  if (status === 'published' && product.status !== 'published') {
    return err(invalidState('a product is published only through POST /api/products/{id}/publish'));
  }
  const after = status ?? product.status;
  if (after === 'archived' && changesContent) {
    return err(invalidState(product.status === 'archived' ? 'an archived product cannot be changed; set its status to draft first' : 'a product cannot be changed and archived at once'));
  }
  return ok(undefined);
}
