/**
 * The library: search as you type (the API forgives a typo in words of five letters or more), filters, photo
 * thumbnails, archive with undo and restore, and pages of 24, so that it stays light at 10,000 recipes.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { plural } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { useArchiveRecipe, useRecipePage, useRestoreRecipe } from '../api/recipes';
import type { LibrarySearch } from '../library-search';
import { ImportPanel } from './ImportPanel';
import { RecipeCard } from './RecipeCard';

const route = getRouteApi('/studio/recipes');

const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'dessert', 'snack', 'side', 'drink'];
const DIETS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'nut-free', 'low-carb'];

export function LibraryPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/recipes' });
  const [words, setWords] = useState(search.q ?? '');
  const settledWords = useDebouncedValue(words, 250);
  const [importing, setImporting] = useState(false);
  const [archived, setArchived] = useState<{ id: string; title: string } | null>(null);
  // On a phone the filters fold away behind one button; on wider screens they are always out.
  const [filtersOpen, setFiltersOpen] = useState(false);

  const update = (changes: Partial<LibrarySearch>) =>
    void navigate({ search: (previous: LibrarySearch) => clean({ ...previous, ...changes, page: changes.page }), replace: true });

  useEffect(() => {
    if ((search.q ?? '') !== settledWords.trim()) update({ q: settledWords.trim() || undefined });
    // Only the settled words move the URL (one history entry replaced, not one per key).
  }, [settledWords]);

  const results = useRecipePage(search);
  const archive = useArchiveRecipe();
  const restore = useRestoreRecipe();
  const filtered = search.tag !== undefined || search.cuisine !== undefined || search.meal_type !== undefined || search.status !== undefined;

  return (
    <>
      <PageHeader
        title="Recipes"
        lead={results.data === undefined ? 'Your library' : `${plural(results.data.total, 'recipe')}${filtered || search.q !== undefined ? ' found' : ' in your library'}`}
        actions={
          <>
            <button type="button" className="button" aria-expanded={importing} onClick={() => setImporting(!importing)}>
              Import from a web address
            </button>
            <Link to="/recipes/new" className="button button--primary">
              New recipe
            </Link>
          </>
        }
      />
      {importing ? <ImportPanel onClose={() => setImporting(false)} /> : null}

      <div role="search" className="library-tools" aria-label="Find recipes">
        <Field label="Search" hint="Titles, ingredients, descriptions and notes. A small typo is forgiven." className="library-tools__search">
          {(control) => <input {...control} type="search" value={words} placeholder="harissa, lemon tart…" onChange={(event) => setWords(event.target.value)} />}
        </Field>
        <button type="button" className="button library-tools__toggle" aria-expanded={filtersOpen} aria-controls="library-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
          Filters{filtered ? ' (on)' : ''}
        </button>
        <div id="library-filters" className={`library-tools__filters${filtersOpen ? ' is-open' : ''}`}>
        <Field label="Diet">
          {(control) => (
            <>
              <input {...control} list="diet-suggestions" value={search.tag ?? ''} onChange={(event) => update({ tag: event.target.value || undefined })} />
              <datalist id="diet-suggestions">
                {DIETS.map((diet) => (
                  <option key={diet} value={diet} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Cuisine">{(control) => <input {...control} value={search.cuisine ?? ''} onChange={(event) => update({ cuisine: event.target.value || undefined })} />}</Field>
        <Field label="Meal">
          {(control) => (
            <select {...control} value={search.meal_type ?? ''} onChange={(event) => update({ meal_type: event.target.value || undefined })}>
              <option value="">Any meal</option>
              {MEAL_TYPES.map((meal) => (
                <option key={meal} value={meal}>
                  {meal[0]?.toUpperCase()}
                  {meal.slice(1)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <select {...control} value={search.status ?? ''} onChange={(event) => update({ status: (event.target.value || undefined) as LibrarySearch['status'] })}>
              <option value="">Not archived</option>
              <option value="active">Active</option>
              <option value="draft">Drafts</option>
              <option value="archived">Archived</option>
            </select>
          )}
        </Field>
        <Field label="Order">
          {(control) => (
            <select {...control} value={search.sort ?? ''} onChange={(event) => update({ sort: (event.target.value || undefined) as LibrarySearch['sort'] })}>
              <option value="">{search.q === undefined ? 'Newest first' : 'Best match'}</option>
              <option value="updated_at">Recently changed</option>
              <option value="title">Title, A to Z</option>
              <option value="engagement_score">Most loved</option>
            </select>
          )}
        </Field>
        </div>
      </div>

      {archived === null ? null : (
        <Notice tone="info">
          “{archived.title}” is archived: it leaves the library, and products that have it keep it.{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => restore.mutate(archived.id, { onSuccess: () => setArchived(null) })}
            disabled={restore.isPending}
          >
            Undo
          </button>
        </Notice>
      )}
      {archive.isError ? <Notice tone="error">{describeError(archive.error)}</Notice> : null}
      {restore.isError ? <Notice tone="error">{describeError(restore.error)}</Notice> : null}

      <div aria-live="polite" className="visually-hidden">
        {results.data === undefined ? '' : `${plural(results.data.total, 'recipe')} found`}
      </div>
      {results.isPending ? <Loading label="Finding your recipes…" /> : null}
      {results.isError ? <Notice tone="error">{describeError(results.error)}</Notice> : null}
      {results.data?.fuzzy === true ? (
        <p className="library-fuzzy">Some of these are close matches: a word of your search was taken within one typo.</p>
      ) : null}
      {results.data !== undefined && results.data.recipes.length === 0 ? (
        <div className="empty">
          <p className="empty__title">{search.q !== undefined || filtered ? 'No recipe matches.' : 'Your library is empty.'}</p>
          <p>{search.q !== undefined || filtered ? 'Try fewer words or clear a filter.' : 'Write your first recipe, or import one from a web address.'}</p>
        </div>
      ) : null}
      {results.data === undefined ? null : (
        <ul className={`recipe-grid${results.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={results.isFetching}>
          {results.data.recipes.map((recipe, index) => (
            <RecipeCard
              key={recipe.id}
              recipe={recipe}
              eager={index < 4}
              busy={(archive.isPending && archive.variables === recipe.id) || (restore.isPending && restore.variables === recipe.id)}
              onArchive={() => archive.mutate(recipe.id, { onSuccess: () => setArchived({ id: recipe.id, title: recipe.title }) })}
              onRestore={() => restore.mutate(recipe.id)}
            />
          ))}
        </ul>
      )}
      {results.data === undefined ? null : (
        <Pager page={search.page ?? 1} totalPages={results.data.totalPages} onPage={(page) => update({ page })} label="Pages of recipes" />
      )}
    </>
  );
}

function clean(search: LibrarySearch): LibrarySearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '' && value !== 1));
}
