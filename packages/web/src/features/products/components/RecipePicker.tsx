/** Adding recipes to a product: search the library and add; what is already in shows as added. */
import { useState } from 'react';
import { Field } from '../../../components/Field';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { Recipe } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { useRecipeChoices } from '../api/products';

export function RecipePicker({ chosen, onAdd }: { chosen: string[]; onAdd: (recipe: Recipe) => void }) {
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(words.trim(), 250);
  const choices = useRecipeChoices(settled, page);
  return (
    <div className="picker">
      <Field label="Find recipes to add" hint="Search your library by title or ingredient.">
        {(control) => (
          <input
            {...control}
            type="search"
            value={words}
            onChange={(event) => {
              setWords(event.target.value);
              setPage(1);
            }}
          />
        )}
      </Field>
      {choices.isError ? <p className="field__error">{describeError(choices.error)}</p> : null}
      <ul className="picker__list" aria-busy={choices.isFetching}>
        {choices.data?.data.map((recipe) => {
          const added = chosen.includes(recipe.id);
          return (
            <li key={recipe.id}>
              <span>{recipe.title}</span>
              <button type="button" className="button button--small" disabled={added} onClick={() => onAdd(recipe)}>
                {added ? 'Added' : 'Add'}
                <span className="visually-hidden"> {recipe.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {choices.data === undefined ? null : <Pager page={page} totalPages={choices.data.pagination.total_pages} onPage={setPage} label="Pages of recipes to add" small />}
    </div>
  );
}
