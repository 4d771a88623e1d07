/** A new ebook, recipe card pack or meal plan: a title, the recipes picked from the library, their order (or days). */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import type { Recipe } from '../../../lib/api';
import { PRODUCT_TYPES } from '../../../lib/format';
import { describeError, fieldErrors, messageFor } from '../../../lib/problem';
import { useCreateProduct, type MealPlanDay } from '../api/products';
import { MealPlanDays } from './MealPlanDays';
import { RecipeOrder } from './RecipeOrder';
import { RecipePicker } from './RecipePicker';

const route = getRouteApi('/studio/products/new');

const LEADS = {
  ebook: 'A book of your recipes, in the order you choose: a title page, contents and a chapter each, as PDF and EPUB.',
  recipe_card_pack: 'One printable card per recipe, 6 × 4 in by default.',
  meal_plan: 'Days of meals, with the shopping list added up for the whole plan.',
} as const;

export function NewProductPage() {
  const { type } = route.useSearch();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [picked, setPicked] = useState<Recipe[]>([]);
  const [days, setDays] = useState<MealPlanDay[]>([]);
  const ids = picked.map((recipe) => recipe.id);
  const errors = fieldErrors(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { title, ...(description.trim() === '' ? {} : { description }) };
    create.mutate(type === 'meal_plan' ? { type, ...common, days } : { type, ...common, recipe_ids: ids }, {
      onSuccess: (product) => void navigate({ to: '/products/$productId', params: { productId: product.id } }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={`New ${PRODUCT_TYPES[type].toLowerCase()}`}
        lead={LEADS[type]}
        actions={
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : `Create the ${PRODUCT_TYPES[type].toLowerCase()}`}
          </button>
        }
      />
      {create.isError ? <Notice tone="error">{Object.keys(errors).length > 0 ? 'Some fields need a look: see the messages under them.' : describeError(create.error)}</Notice> : null}
      <div className="editor-layout">
        <div className="stack">
          <section className="panel" aria-labelledby="about-title">
            <h2 id="about-title">About it</h2>
            <Field label="Title" error={messageFor(errors, 'title')}>
              {(control) => <input {...control} name="title" value={title} onChange={(event) => setTitle(event.target.value)} />}
            </Field>
            <Field label="Description" hint="Shown on the title page and in listings." error={messageFor(errors, 'description')}>
              {(control) => <textarea {...control} name="description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />}
            </Field>
          </section>
          <section className="panel" aria-labelledby="recipes-title">
            <h2 id="recipes-title">{type === 'meal_plan' ? 'Recipes in the plan' : 'Recipes, in order'}</h2>
            {messageFor(errors, 'recipe_ids') === undefined ? null : <p className="field__error">{messageFor(errors, 'recipe_ids')}</p>}
            <RecipeOrder
              ids={ids}
              recipes={new Map(picked.map((recipe) => [recipe.id, recipe]))}
              onChange={(order) => setPicked(order.map((id) => picked.find((recipe) => recipe.id === id)).filter((recipe): recipe is Recipe => recipe !== undefined))}
            />
          </section>
          {type === 'meal_plan' ? (
            <section className="panel" aria-labelledby="days-title">
              <h2 id="days-title">Days</h2>
              {messageFor(errors, 'days') === undefined ? null : <p className="field__error">{messageFor(errors, 'days')}</p>}
              <MealPlanDays days={days} pool={picked} onChange={setDays} />
            </section>
          ) : null}
        </div>
        <aside className="panel editor-layout__side" aria-label="Your library">
          <RecipePicker chosen={ids} onAdd={(recipe) => setPicked([...picked, recipe])} />
        </aside>
      </div>
    </form>
  );
}
