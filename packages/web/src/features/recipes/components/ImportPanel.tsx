/** Import from a web address: the page's schema.org recipe becomes a recipe, with what was left out said in words. */
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useImportRecipe } from '../api/recipes';

export function ImportPanel({ onClose }: { onClose: () => void }) {
  const [url, setUrl] = useState('');
  const importing = useImportRecipe();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    importing.mutate(url.trim());
  };
  const fields = fieldErrors(importing.error);
  const imported = importing.data;
  return (
    <section className="panel" aria-labelledby="import-title">
      <h2 id="import-title">Import a recipe from a web address</h2>
      <p className="muted">Paste the address of a recipe page. Larder reads its recipe card (most food blogs have one) and its main photo.</p>
      <form onSubmit={submit} className="inline-form">
        <Field label="Web address" error={fields['url']} className="inline-form__grow">
          {(control) => <input {...control} type="url" required placeholder="https://example.com/best-lemon-tart" value={url} onChange={(event) => setUrl(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={importing.isPending}>
          {importing.isPending ? 'Importing… (up to 10 s)' : 'Import'}
        </button>
        <button type="button" className="button button--quiet" onClick={onClose}>
          Close
        </button>
      </form>
      {importing.isError && fields['url'] === undefined ? <Notice tone="error">{describeError(importing.error)}</Notice> : null}
      {imported === undefined ? null : (
        <Notice tone={imported.import_warnings.length === 0 ? 'success' : 'warning'} title={`Imported “${imported.title}”`}>
          {imported.import_warnings.length === 0 ? (
            <p>Everything on the page came across.</p>
          ) : (
            <>
              <p>Some of the page was left out:</p>
              <ul>
                {imported.import_warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to="/recipes/$recipeId" params={{ recipeId: imported.id }}>
              Open “{imported.title}”
            </Link>
          </p>
        </Notice>
      )}
    </section>
  );
}
