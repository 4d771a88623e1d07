/** The live preview of the ingredient lines: amount, unit, name and note as the API reads them, by section. */
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { Ingredient } from '../../../lib/api';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useParsedIngredients } from '../api/recipes';
import { linesOf } from '../recipe-form';

const amount = (ingredient: Ingredient) => {
  if (ingredient.quantity === null) return '—';
  const low = Number(ingredient.quantity.toFixed(3)).toString();
  return ingredient.quantity_max === null ? low : `${low}–${Number(ingredient.quantity_max.toFixed(3))}`;
};

export function IngredientPreview({ text }: { text: string }) {
  const lines = linesOf(useDebouncedValue(text, 350));
  const parsed = useParsedIngredients(lines.slice(0, 200));
  const problems = Object.entries(fieldErrors(parsed.error));
  if (lines.length === 0) return null;
  const sections: { name: string | null; items: Ingredient[] }[] = [];
  for (const ingredient of parsed.data?.ingredients ?? []) {
    const last = sections.at(-1);
    if (last !== undefined && last.name === ingredient.section) last.items.push(ingredient);
    else sections.push({ name: ingredient.section, items: [ingredient] });
  }
  return (
    <div className="ingredient-preview" aria-live="polite" aria-busy={parsed.isFetching}>
      <p className="ingredient-preview__title">How Larder reads these lines</p>
      {problems.length > 0 ? (
        <ul className="field__error">
          {problems.map(([pointer, message]) => {
            const line = /^ingredients\.(\d+)/.exec(pointer)?.[1];
            return <li key={pointer}>{line === undefined ? message : `Line ${Number(line) + 1} (“${lines[Number(line)] ?? ''}”): ${message}`}</li>;
          })}
        </ul>
      ) : parsed.isError ? (
        <p className="field__error">{describeError(parsed.error)}</p>
      ) : null}
      {sections.map((section, index) => (
        <table key={`${section.name ?? ''}-${index}`} className={`parsed${parsed.isPlaceholderData ? ' is-stale' : ''}`}>
          {section.name === null ? null : <caption>{section.name}</caption>}
          <thead>
            <tr>
              <th scope="col">Amount</th>
              <th scope="col">Unit</th>
              <th scope="col">Ingredient</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {section.items.map((ingredient, row) => (
              <tr key={`${ingredient.text}-${row}`}>
                <td>{amount(ingredient)}</td>
                <td>{ingredient.unit ?? '—'}</td>
                <td>{ingredient.name}</td>
                <td>{ingredient.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
