/** The recipe's photo: a preview of the chosen file at once, then the stored renditions; replace or remove. */
import { useId } from 'react';
import { ImageFileButton, useUploadPreview } from '../../../components/ImageFileButton';
import { Notice } from '../../../components/Notice';
import { Photo } from '../../../components/Photo';
import type { Recipe } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { useRemovePhoto, useUploadPhoto } from '../api/recipes';

/** `onChanged`: the recipe after a change made here (a new version, which the editor's next save builds on). */
export function PhotoPanel({ recipe, onChanged }: { recipe: Recipe; onChanged: (recipe: Recipe) => void }) {
  const titleId = useId();
  const upload = useUploadPhoto(recipe.id);
  const remove = useRemovePhoto(recipe.id);
  const { preview, choose } = useUploadPreview((file, settled) => upload.mutate(file, { onSuccess: onChanged, onSettled: settled }));

  return (
    <section className="panel photo-panel" aria-labelledby={`${titleId}-title`}>
      <h2 id={`${titleId}-title`}>Photo</h2>
      <div className="photo-panel__frame">
        {preview !== null ? (
          <img src={preview} alt="The chosen photo, uploading" className="photo-panel__preview" />
        ) : recipe.photo === null ? (
          <p className="photo-panel__none">No photo yet. A good one sells the recipe.</p>
        ) : (
          <Photo photo={recipe.photo} alt={`Photo of ${recipe.title}`} sizes="(max-width: 900px) 100vw, 360px" eager />
        )}
      </div>
      {upload.isPending ? (
        <p role="status" className="loading">
          <span className="loading__bar" aria-hidden="true" />
          Uploading and preparing sizes…
        </p>
      ) : null}
      {upload.isError ? <Notice tone="error">{describeError(upload.error)}</Notice> : null}
      {remove.isError ? <Notice tone="error">{describeError(remove.error)}</Notice> : null}
      <div className="photo-panel__actions">
        <ImageFileButton label={recipe.photo === null ? 'Choose a photo' : 'Replace the photo'} onFile={choose} />
        {recipe.photo === null ? null : (
          <button
            type="button"
            className="button button--quiet"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Remove the photo of “${recipe.title}”?`)) remove.mutate(undefined, { onSuccess: onChanged });
            }}
          >
            Remove
          </button>
        )}
      </div>
      <p className="muted small">JPEG, PNG, WebP or AVIF, up to 20 MB. Location and camera details are removed.</p>
    </section>
  );
}
