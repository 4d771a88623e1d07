/** One product: its contents, cover, the real PDF in the page, downloads, a free sample made from it, archiving. */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import type { Product } from '../../../lib/api';
import { plural, PRODUCT_TYPES } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { useChangeProduct, useMakeLeadMagnet, useProduct } from '../api/products';
import { CoverPanel } from './CoverPanel';
import { DocumentPanel } from './DocumentPanel';
import { ProductContents } from './ProductContents';

const route = getRouteApi('/studio/products/$productId');
const STATUS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;

/** `selling`: what the app puts beside the contents about the product in the stores (another feature's panel). */
export function ProductPage({ selling }: { selling?: (product: Product) => ReactNode }) {
  const { productId } = route.useParams();
  const product = useProduct(productId);
  if (product.isPending) return <Loading label="Opening the product…" />;
  if (product.isError)
    return (
      <>
        <PageHeader title="This product cannot be opened" />
        <Notice tone="error">{describeError(product.error)}</Notice>
        <Link to="/products">Back to your products</Link>
      </>
    );
  return <ProductScreen key={product.data.id} product={product.data} onReload={async () => (await product.refetch()).data} selling={selling} />;
}

function ProductScreen({ product, onReload, selling }: { product: Product; onReload: () => Promise<Product | undefined>; selling: ((product: Product) => ReactNode) | undefined }) {
  const archive = useChangeProduct(product.id);
  // The heading first, the panels just after: drawn first alone, the product's name is on screen before the panels'
  // render (the order list, the stores, the cover, the PDF's place), which React then does in slices that let the
  // page answer in between, where one long task held it.
  const panels = useDeferredValue(true, false);
  return (
    <>
      <PageHeader
        title={product.title}
        lead={`${PRODUCT_TYPES[product.type]} · ${STATUS[product.status]} · ${plural(product.recipe_ids.length, 'recipe')}`}
        actions={
          product.status === 'archived' ? undefined : (
            <button
              type="button"
              className="button button--quiet"
              disabled={archive.isPending}
              onClick={() => {
                if (window.confirm(`Archive “${product.title}”? ${product.status === 'published' ? 'Its listings are taken down. ' : ''}It can no longer be published.`)) {
                  archive.mutate({ changes: { status: 'archived' }, version: product.version });
                }
              }}
            >
              Archive
            </button>
          )
        }
      />
      {archive.isError ? <Notice tone="error">{describeError(archive.error)}</Notice> : null}
      {product.source_product_id === null ? null : (
        <p>
          A free sample made from{' '}
          <Link to="/products/$productId" params={{ productId: product.source_product_id }}>
            its full product
          </Link>
          .{product.slug === null ? ' Publish it to give it a public page.' : null}
        </p>
      )}
      {panels ? (
        <div className="product-layout">
          <div className="stack">
            {selling?.(product)}
            <ProductContents product={product} onReload={onReload} />
            <div className="product-layout__pair">
              <CoverPanel product={product} />
              {product.type === 'ebook' || product.type === 'recipe_card_pack' ? <FreeSamplePanel product={product} /> : null}
            </div>
          </div>
          <div className="product-layout__preview">
            <DocumentPanel product={product} />
          </div>
        </div>
      ) : null}
    </>
  );
}

function FreeSamplePanel({ product }: { product: Product }) {
  const make = useMakeLeadMagnet(product.id);
  const navigate = useNavigate();
  const [count, setCount] = useState('5');
  return (
    <section className="panel" aria-labelledby="sample-title">
      <h2 id="sample-title">A free sample</h2>
      <p className="muted">
        Give a few recipes away for e-mail sign-ups. The sample takes this product’s recipes marked ready for free samples, in order.
      </p>
      <Field label="Recipes in the sample" hint="1 to 20.">
        {(control) => <input {...control} type="number" min={1} max={20} inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />}
      </Field>
      {make.isError ? <Notice tone="error">{describeError(make.error)}</Notice> : null}
      <button
        type="button"
        className="button"
        disabled={make.isPending}
        onClick={() =>
          make.mutate(/^\d+$/.test(count) ? { max_recipes: Number(count) } : {}, {
            onSuccess: (sample) => void navigate({ to: '/products/$productId', params: { productId: sample.id } }),
          })
        }
      >
        {make.isPending ? 'Making it…' : 'Make a free sample'}
      </button>
    </section>
  );
}
