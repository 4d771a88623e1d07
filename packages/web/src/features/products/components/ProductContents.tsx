/** A product's title, description and recipes (or days), saved against the version opened (412 said in words). */
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { ApiProblem, type Product, type Recipe } from '../../../lib/api';
import { describeError, fieldErrors, messageFor } from '../../../lib/problem';
import { useChangeProduct, useRecipesByIds, type MealPlanDay, type ProductChanges } from '../api/products';
import { MealPlanDays } from './MealPlanDays';
import { RecipeOrder } from './RecipeOrder';
import { RecipePicker } from './RecipePicker';

export function ProductContents({ product, onReload }: { product: Product; onReload: () => Promise<Product | undefined> }) {
  const [base, setBase] = useState(product);
  const [title, setTitle] = useState(product.title);
  const [description, setDescription] = useState(product.description ?? '');
  const [ids, setIds] = useState(product.recipe_ids);
  const [days, setDays] = useState<MealPlanDay[]>(product.days ?? []);
  const [added, setAdded] = useState<Recipe[]>([]);
  // The picker searches the library only once it is opened: most visits to a product never add a recipe.
  const [picking, setPicking] = useState(false);
  const known = useRecipesByIds(base.recipe_ids);
  for (const recipe of added) known.set(recipe.id, recipe);
  const change = useChangeProduct(product.id);
  const errors = fieldErrors(change.error);
  const lead = product.type === 'lead_magnet';

  const changes: ProductChanges = {
    ...(title !== base.title ? { title } : {}),
    ...(description !== (base.description ?? '') ? { description: description.trim() === '' ? null : description } : {}),
    ...(product.type !== 'meal_plan' && JSON.stringify(ids) !== JSON.stringify(base.recipe_ids) ? { recipe_ids: ids } : {}),
    ...(product.type === 'meal_plan' && JSON.stringify(days) !== JSON.stringify(base.days ?? []) ? { days } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const conflict = change.error instanceof ApiProblem && change.error.code === 'precondition_failed';

  const reset = (to: Product) => {
    setBase(to);
    setTitle(to.title);
    setDescription(to.description ?? '');
    setIds(to.recipe_ids);
    setDays(to.days ?? []);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) change.mutate({ changes, version: base.version }, { onSuccess: reset });
  };
  const pool = [...new Set([...ids, ...(days.flatMap((day) => day.meals.map((meal) => meal.recipe_id)))])].flatMap((id) => {
    const recipe = known.get(id);
    return recipe === undefined ? [] : [recipe];
  });

  return (
    <form onSubmit={submit} noValidate className="stack">
      {conflict ? (
        <Notice tone="warning" title="Someone else changed this product since you opened it">
          <p>Nothing was saved and nothing of theirs was overwritten. Load their version to carry on from it.</p>
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              void onReload().then((theirs) => {
                if (theirs === undefined) return;
                change.reset();
                reset(theirs);
              })
            }
          >
            Load their version
          </button>
        </Notice>
      ) : change.isError ? (
        <Notice tone="error">{Object.keys(errors).length > 0 ? 'Some fields need a look: see the messages under them.' : describeError(change.error)}</Notice>
      ) : change.isSuccess && !dirty ? (
        <Notice tone="success">Saved.</Notice>
      ) : null}
      <section className="panel" aria-labelledby="about-title">
        <h2 id="about-title">About it</h2>
        <Field label="Title" error={messageFor(errors, 'title')}>
          {(control) => <input {...control} name="title" value={title} onChange={(event) => setTitle(event.target.value)} />}
        </Field>
        <Field label="Description" error={messageFor(errors, 'description')}>
          {(control) => <textarea {...control} name="description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </Field>
      </section>
      <section className="panel" aria-labelledby="recipes-title">
        <h2 id="recipes-title">{product.type === 'meal_plan' ? 'Days and meals' : 'Recipes, in order'}</h2>
        {messageFor(errors, 'recipe_ids') === undefined ? null : <p className="field__error">{messageFor(errors, 'recipe_ids')}</p>}
        {product.type === 'meal_plan' ? (
          <MealPlanDays days={days} pool={pool} onChange={setDays} />
        ) : (
          <RecipeOrder ids={ids} recipes={known} onChange={setIds} />
        )}
        {lead ? null : (
          <details className="more" onToggle={(event) => setPicking(event.currentTarget.open)}>
            <summary>Add recipes from your library</summary>
            {picking ? (
              <RecipePicker
                chosen={product.type === 'meal_plan' ? pool.map((recipe) => recipe.id) : ids}
                onAdd={(recipe) => {
                  setAdded([...added, recipe]);
                  if (product.type === 'meal_plan') setDays(days.length === 0 ? [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: recipe.id }] }] : days.map((day, at) => (at === days.length - 1 ? { ...day, meals: [...day.meals, { meal_type: 'dinner', recipe_id: recipe.id }] } : day)));
                  else setIds([...ids, recipe.id]);
                }}
              />
            ) : null}
          </details>
        )}
      </section>
      <div className="form-foot">
        {dirty ? <span className="muted">Unsaved changes</span> : null}
        <button type="submit" className="button button--primary" disabled={!dirty || change.isPending}>
          {change.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
