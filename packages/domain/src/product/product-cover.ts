/**
 * A product's cover, uploaded: the same pipeline and rules as a recipe's photo (see `media/photo-change.ts`). A change
 * of cover is a change of the product (its version grows) but raises no event: nothing about its sale changed.
 */
import type { ResultAsync } from 'neverthrow';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import { removePhoto, setPhoto, type PhotoChangeDeps, type PhotoOwner } from '../media/photo-change.js';
import type { ProductError } from '../shared/errors.js';
import { reviseProduct, type Product } from './product.js';
import { getProduct, type ProductChangeCommand, type ProductDeps } from './product-use-cases.js';

export type ProductCoverDeps = Pick<ProductDeps, 'products' | 'clock'> & PhotoChangeDeps;

const productOwner = (deps: ProductCoverDeps): PhotoOwner<Product, ProductError> => ({
  what: 'product',
  load: (id) => getProduct(deps)(id),
  photoOf: (product) => product.cover,
  withPhoto: (product, cover, now) => reviseProduct(product, { cover }, now),
  write: (next, expectedVersion) => deps.products.update(next, expectedVersion),
});

export const setProductCover =
  (deps: ProductCoverDeps) =>
  (command: ProductChangeCommand & { readonly bytes: Uint8Array }): ResultAsync<Product, ProductError | ImageRejected | ImagesBusy> =>
    setPhoto(deps, productOwner(deps))(command);

export const removeProductCover =
  (deps: ProductCoverDeps) =>
  (command: ProductChangeCommand): ResultAsync<Product, ProductError> =>
    removePhoto(deps, productOwner(deps))(command);
