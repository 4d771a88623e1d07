/** The product's cover: the uploaded one, or the one Larder draws from its title and recipes' photos. */
import { useId } from 'react';
import { ImageFileButton, useUploadPreview } from '../../../components/ImageFileButton';
import { Notice } from '../../../components/Notice';
import { Photo } from '../../../components/Photo';
import type { Product } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { useRemoveCover, useUploadCover } from '../api/products';

export function CoverPanel({ product }: { product: Product }) {
  const titleId = useId();
  const upload = useUploadCover(product.id);
  const remove = useRemoveCover(product.id);
  const { preview, choose } = useUploadPreview((file, settled) => upload.mutate(file, { onSettled: settled }));
  const uploaded = product.cover !== null && !product.cover.generated;
  return (
    <section className="panel" aria-labelledby={`${titleId}-title`}>
      <h2 id={`${titleId}-title`}>Cover</h2>
      <div className="cover-frame">
        {preview !== null ? (
          <img src={preview} alt="The chosen cover, uploading" />
        ) : product.cover === null ? (
          <p className="muted">The cover is being drawn; it shows here in a moment.</p>
        ) : (
          <Photo photo={product.cover} alt={`Cover of ${product.title}`} sizes="(max-width: 900px) 100vw, 360px" eager />
        )}
      </div>
      <p className="muted small">{uploaded ? 'Your own cover.' : 'Drawn by Larder from the title and your recipes’ photos. Upload your own to replace it.'}</p>
      {upload.isPending ? (
        <p role="status" className="loading">
          <span className="loading__bar" aria-hidden="true" />
          Uploading the cover…
        </p>
      ) : null}
      {upload.isError ? <Notice tone="error">{describeError(upload.error)}</Notice> : null}
      {remove.isError ? <Notice tone="error">{describeError(remove.error)}</Notice> : null}
      <div className="photo-panel__actions">
        <ImageFileButton label={uploaded ? 'Replace the cover' : 'Upload a cover'} onFile={choose} />
        {uploaded ? (
          <button type="button" className="button button--quiet" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Use the drawn cover
          </button>
        ) : null}
      </div>
    </section>
  );
}
