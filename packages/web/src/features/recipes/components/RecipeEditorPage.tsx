/**
 * Writing and editing a recipe. A save sends only the fields changed, against the version the person opened (If-Match):
 * when someone else saved in between, the 412 is said in words with a choice to load their version; nothing is
 * overwritten. Leaving with unsaved changes asks first.
 */
import { getRouteApi, Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { ApiProblem, type Recipe } from '../../../lib/api';
import { date } from '../../../lib/format';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useArchiveRecipe, useCreateRecipe, useRecipe, useRestoreRecipe, useSaveRecipe } from '../api/recipes';
import { changedFields, EMPTY_FORM, toBody, toForm, type RecipeForm } from '../recipe-form';
import { PhotoPanel } from './PhotoPanel';
import { ReaderView } from './ReaderView';
import { RecipeFields } from './RecipeForm';

const route = getRouteApi('/studio/recipes/$recipeId');

export function NewRecipePage() {
  const create = useCreateRecipe();
  const navigate = useNavigate();
  const [form, setForm] = useState<RecipeForm>(EMPTY_FORM);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(toBody(form)).filter(([, value]) => value !== null));
    create.mutate(body, { onSuccess: (recipe) => void navigate({ to: '/recipes/$recipeId', params: { recipeId: recipe.id } }) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title="New recipe"
        lead="Add a photo once it is saved."
        actions={
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save recipe'}
          </button>
        }
      />
      {create.isError ? <Notice tone="error">{fieldErrors(create.error)['title'] === undefined ? describeError(create.error) : 'Some fields need a look: see the messages under them.'}</Notice> : null}
      <RecipeFields form={form} setForm={setForm} errors={fieldErrors(create.error)} />
    </form>
  );
}

export function RecipeEditorPage() {
  const { recipeId } = route.useParams();
  const recipe = useRecipe(recipeId);
  if (recipe.isPending) return <Loading label="Opening the recipe…" />;
  if (recipe.isError)
    return (
      <>
        <PageHeader title="This recipe cannot be opened" />
        <Notice tone="error">{describeError(recipe.error)}</Notice>
        <Link to="/recipes">Back to your recipes</Link>
      </>
    );
  return <Editor key={recipe.data.id} recipe={recipe.data} onReload={async () => (await recipe.refetch()).data} />;
}

/** The fields a person edits, status aside (archiving and restoring move it). */
const sameFields = (one: RecipeForm, other: RecipeForm) => JSON.stringify({ ...one, status: '' }) === JSON.stringify({ ...other, status: '' });

function Editor({ recipe, onReload }: { recipe: Recipe; onReload: () => Promise<Recipe | undefined> }) {
  // The version the form was filled from: the save's If-Match, and what "changed" is measured against.
  const [base, setBase] = useState(recipe);
  const initial = useMemo(() => toForm(base), [base]);
  const [form, setForm] = useState(initial);
  const save = useSaveRecipe(recipe.id);
  const archive = useArchiveRecipe();
  const restore = useRestoreRecipe();
  const changes = changedFields(form, initial);
  const dirty = Object.keys(changes).length > 0;
  const conflict = save.error instanceof ApiProblem && save.error.code === 'precondition_failed';

  // A change made here that is not the form's (a photo, archiving) gives a new version: the next save builds on it,
  // with the form's edits kept, as long as nothing the form shows changed meanwhile (someone else's edit): then the
  // old version stays the base, and the save's 412 says so and offers theirs. A change made elsewhere is taken at once
  // only while the form has no edits.
  const ownChange = (changed: Recipe) =>
    setBase((previous) => (sameFields(toForm(changed), toForm(previous)) ? changed : previous));
  useEffect(() => {
    if (!dirty && recipe.version !== base.version) {
      setBase(recipe);
      setForm(toForm(recipe));
    }
  }, [recipe, base.version, dirty]);

  useBlocker({ shouldBlockFn: () => dirty && !save.isPending && !window.confirm('Leave without saving your changes?'), enableBeforeUnload: () => dirty });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    save.mutate(
      { changes, version: base.version },
      {
        onSuccess: (saved) => {
          setBase(saved);
          setForm(toForm(saved));
        },
      },
    );
  };

  const reloadTheirs = async () => {
    const theirs = await onReload();
    if (theirs === undefined) return;
    save.reset();
    setBase(theirs);
    setForm(toForm(theirs));
  };

  return (
    <>
      <PageHeader
        title={base.title}
        lead={
          <>
            {base.status === 'archived' ? 'Archived · ' : base.status === 'draft' ? 'Draft · ' : ''}
            {dirty ? 'Unsaved changes' : `Saved ${date(base.updated_at)}`}
          </>
        }
        actions={
          <>
            {base.status === 'archived' ? (
              <button type="button" className="button" disabled={restore.isPending} onClick={() => restore.mutate(base.id, { onSuccess: ownChange })}>
                Restore
              </button>
            ) : (
              <button type="button" className="button button--quiet" disabled={archive.isPending || dirty} onClick={() => archive.mutate(base.id, { onSuccess: ownChange })}>
                Archive
              </button>
            )}
            <button type="submit" form="recipe-form" className="button button--primary" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save changes'}
            </button>
          </>
        }
      />
      {conflict ? (
        <Notice tone="warning" title="Someone else changed this recipe since you opened it">
          <p>Nothing was saved, and nothing of theirs was overwritten. Load their version to carry on from it (your unsaved edits here will be set aside), or copy what you need first.</p>
          <button type="button" className="button button--small" onClick={() => void reloadTheirs()}>
            Load their version
          </button>
        </Notice>
      ) : save.isError ? (
        <Notice tone="error">{Object.keys(fieldErrors(save.error)).length > 0 ? 'Some fields need a look: see the messages under them.' : describeError(save.error)}</Notice>
      ) : save.isSuccess && !dirty ? (
        <Notice tone="success">Saved.</Notice>
      ) : null}
      {archive.isError ? <Notice tone="error">{describeError(archive.error)}</Notice> : null}
      {base.status === 'archived' ? <Notice tone="info">This recipe is archived: it is out of the library and cannot be added to new products. Products that have it keep it.</Notice> : null}
      <div className="editor-layout">
        <form id="recipe-form" onSubmit={submit} noValidate>
          <RecipeFields form={form} setForm={setForm} errors={fieldErrors(save.error)} />
          <div className="form-foot">
            <button type="submit" className="button button--primary" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </form>
        <aside className="stack editor-layout__side" aria-label="Photo and reader view">
          <PhotoPanel recipe={recipe} onChanged={ownChange} />
          <ReaderView recipe={recipe} />
        </aside>
      </div>
    </>
  );
}
