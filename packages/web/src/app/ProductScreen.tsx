/** The product screen as the app composes it: the products feature's page with the selling feature's panel in it. */
import { ProductPage } from '../features/products/components/ProductPage';
import { PublishPanel } from '../features/selling/components/PublishPanel';

export function ProductScreen() {
  return <ProductPage selling={(product) => <PublishPanel product={product} />} />;
}
