/** Every field of a recipe, with the API's refusals under the field they are about. */
import type { Dispatch, SetStateAction } from 'react';
import { Field } from '../../../components/Field';
import { messageFor } from '../../../lib/problem';
import type { RecipeForm } from '../recipe-form';
import { IngredientPreview } from './IngredientPreview';

interface RecipeFieldsProps {
  form: RecipeForm;
  setForm: Dispatch<SetStateAction<RecipeForm>>;
  errors: Record<string, string>;
}

export function RecipeFields({ form, setForm, errors }: RecipeFieldsProps) {
  const set =
    <K extends keyof RecipeForm>(key: K) =>
    (value: RecipeForm[K]) =>
      setForm((previous) => ({ ...previous, [key]: value }));
  const text = (key: keyof RecipeForm, label: string, options: { hint?: string; type?: string; inputMode?: 'numeric' | 'url' } = {}) => (
    <Field label={label} hint={options.hint} error={messageFor(errors, key)}>
      {(control) => (
        <input
          {...control}
          name={key}
          type={options.type ?? 'text'}
          {...(options.inputMode === undefined ? {} : { inputMode: options.inputMode })}
          value={form[key] as string}
          onChange={(event) => set(key)(event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="stack">
      <section className="panel" aria-labelledby="basics-title">
        <h2 id="basics-title">The recipe</h2>
        {text('title', 'Title')}
        <Field label="Description" hint="A sentence or two a reader sees first." error={messageFor(errors, 'description')}>
          {(control) => <textarea {...control} name="description" rows={3} value={form.description} onChange={(event) => set('description')(event.target.value)} />}
        </Field>
        <div className="grid-3">
          {text('servings', 'Servings', { inputMode: 'numeric' })}
          {text('prep_time_minutes', 'Preparation (minutes)', { inputMode: 'numeric' })}
          {text('cook_time_minutes', 'Cooking (minutes)', { inputMode: 'numeric' })}
        </div>
        <Field label="Status" error={messageFor(errors, 'status')}>
          {(control) => (
            <select {...control} name="status" value={form.status} onChange={(event) => set('status')(event.target.value as RecipeForm['status'])}>
              <option value="active">Active: ready for products</option>
              <option value="draft">Draft: still in the works</option>
            </select>
          )}
        </Field>
      </section>

      <section className="panel" aria-labelledby="ingredients-title">
        <h2 id="ingredients-title">Ingredients</h2>
        <Field
          label="One ingredient a line"
          hint={'A line ending with a colon starts a section: “For the dressing:”. Amounts like 1 ½, 2-3 and ¼ are understood.'}
          error={messageFor(errors, 'ingredients')}
        >
          {(control) => <textarea {...control} name="ingredients" rows={10} className="mono-ish" value={form.ingredients} onChange={(event) => set('ingredients')(event.target.value)} />}
        </Field>
        <IngredientPreview text={form.ingredients} />
      </section>

      <section className="panel" aria-labelledby="method-title">
        <h2 id="method-title">Method</h2>
        <Field label="One step a line" hint="Each line becomes a numbered step." error={messageFor(errors, 'instructions')}>
          {(control) => <textarea {...control} name="instructions" rows={8} value={form.instructions} onChange={(event) => set('instructions')(event.target.value)} />}
        </Field>
        <Field label="Notes" hint="Tips, swaps, how it keeps." error={messageFor(errors, 'notes')}>
          {(control) => <textarea {...control} name="notes" rows={3} value={form.notes} onChange={(event) => set('notes')(event.target.value)} />}
        </Field>
      </section>

      <section className="panel" aria-labelledby="details-title">
        <h2 id="details-title">Finding it</h2>
        {text('dietary_tags', 'Diets', { hint: 'Separated by commas: vegetarian, gluten-free.' })}
        <div className="grid-3">
          {text('cuisine', 'Cuisine')}
          {text('meal_type', 'Meal')}
          {text('season', 'Season')}
        </div>
        <div className="checkbox">
          <input id="email-ready" type="checkbox" checked={form.email_ready} onChange={(event) => set('email_ready')(event.target.checked)} />
          <label htmlFor="email-ready">Ready for free samples (a free sample takes only recipes marked so)</label>
        </div>
        <details className="more">
          <summary>More details</summary>
          {text('source_url', 'Source address', { type: 'url', inputMode: 'url' })}
          {text('image_url', 'Image address (kept as a reference; never fetched)', { type: 'url', inputMode: 'url' })}
          {text('collection_id', 'Collection')}
          {text('engagement_score', 'Engagement score', { hint: 'Your own measure of how loved it is; sorts the library.' })}
          {text('external_id', 'External id', { hint: 'Your id for it elsewhere; batch imports update by it.' })}
        </details>
      </section>
    </div>
  );
}
