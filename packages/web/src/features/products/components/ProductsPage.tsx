/** Products: each with its cover, kind and status; making a new one starts from its kind. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { Photo } from '../../../components/Photo';
import { plural, PRODUCT_TYPES } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { useProducts } from '../api/products';

const STATUS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;

export function ProductsPage() {
  const [page, setPage] = useState(1);
  const products = useProducts(page);
  return (
    <>
      <PageHeader
        title="Products"
        lead="Ebooks, recipe card packs and meal plans made from your recipes, and the free samples that grow your list."
        actions={
          <>
            <Link to="/products/new" search={{ type: 'ebook' }} className="button button--primary">
              New ebook
            </Link>
            <Link to="/products/new" search={{ type: 'recipe_card_pack' }} className="button">
              New card pack
            </Link>
            <Link to="/products/new" search={{ type: 'meal_plan' }} className="button">
              New meal plan
            </Link>
          </>
        }
      />
      {products.isPending ? <Loading label="Opening your products…" /> : null}
      {products.isError ? <Notice tone="error">{describeError(products.error)}</Notice> : null}
      {products.data !== undefined && products.data.data.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No products yet.</p>
          <p>Pick a few recipes and make an ebook: it takes a minute.</p>
        </div>
      ) : null}
      <ul className="product-grid">
        {products.data?.data.map((product) => (
          <li key={product.id} className="product-card">
            <div className="product-card__cover">
              {product.cover === null ? <div className="product-card__placeholder" aria-hidden="true" /> : <Photo photo={product.cover} alt="" sizes="(max-width: 600px) 100vw, 320px" />}
            </div>
            <div className="product-card__body">
              <p className="eyebrow">
                {PRODUCT_TYPES[product.type]} · {STATUS[product.status]}
              </p>
              <h2 className="product-card__title">
                <Link to="/products/$productId" params={{ productId: product.id }}>
                  {product.title}
                </Link>
              </h2>
              <p className="muted">{plural(product.recipe_ids.length, 'recipe')}</p>
            </div>
          </li>
        ))}
      </ul>
      {products.data === undefined ? null : <Pager page={page} totalPages={products.data.pagination.total_pages} onPage={setPage} label="Pages of products" />}
    </>
  );
}
