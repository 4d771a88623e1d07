/** The recipe as a reader gets it, scaled to other servings or converted to metric or US units, by the API. */
import { useState } from 'react';
import { Field } from '../../../components/Field';
import type { Recipe } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { useRecipeView, type RecipeView } from '../api/recipes';

export function ReaderView({ recipe }: { recipe: Recipe }) {
  const [servings, setServings] = useState(recipe.servings === null ? '' : String(recipe.servings));
  const [units, setUnits] = useState<NonNullable<RecipeView['units']>>('original');
  const wanted = /^\d{1,4}$/.test(servings) && Number(servings) >= 1 ? Number(servings) : undefined;
  const view: RecipeView = { units, ...(wanted === undefined || recipe.servings === null ? {} : { servings: wanted }) };
  const shown = useRecipeView(recipe.id, view, true);
  return (
    <section className="panel reader-view" aria-labelledby="reader-view-title">
      <h2 id="reader-view-title">As a reader sees it</h2>
      <div className="reader-view__controls">
        <Field label="Servings" hint={recipe.servings === null ? 'Give the recipe its servings to scale it.' : `Written for ${recipe.servings}.`}>
          {(control) => <input {...control} type="number" min={1} max={1000} inputMode="numeric" disabled={recipe.servings === null} value={servings} onChange={(event) => setServings(event.target.value)} />}
        </Field>
        <fieldset className="segmented">
          <legend>Units</legend>
          {(
            [
              ['original', 'As written'],
              ['metric', 'Metric'],
              ['us', 'US'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="units" value={value} checked={units === value} onChange={() => setUnits(value)} />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      {shown.isError ? <p className="field__error">{describeError(shown.error)}</p> : null}
      <ul className={`reader-view__list${shown.isPlaceholderData ? ' is-stale' : ''}`}>
        {(shown.data?.ingredients ?? recipe.ingredients).map((ingredient, index) => (
          <li key={`${ingredient.text}-${index}`}>{ingredient.text}</li>
        ))}
      </ul>
    </section>
  );
}
