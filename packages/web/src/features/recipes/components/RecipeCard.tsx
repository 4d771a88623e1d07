/** One recipe in the library: its photo, what it is, and archive or restore. */
import { Link } from '@tanstack/react-router';
import { Photo } from '../../../components/Photo';
import type { Recipe } from '../../../lib/api';
import { minutes } from '../../../lib/format';

interface RecipeCardProps {
  recipe: Recipe;
  eager: boolean;
  busy: boolean;
  onArchive: () => void;
  onRestore: () => void;
}

export function RecipeCard({ recipe, eager, busy, onArchive, onRestore }: RecipeCardProps) {
  const capital = (text: string | null) => (text === null ? null : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`);
  const facts = [capital(recipe.cuisine), capital(recipe.meal_type), minutes((recipe.prep_time_minutes ?? 0) + (recipe.cook_time_minutes ?? 0) || null)].filter(Boolean);
  return (
    <li className="recipe-card">
      <div className="recipe-card__media">
        {recipe.photo === null ? (
          <div className="recipe-card__placeholder" aria-hidden="true" data-tone={tone(recipe.title)}>
            {recipe.title.trim()[0]?.toUpperCase()}
          </div>
        ) : (
          <Photo photo={recipe.photo} alt="" sizes="(max-width: 600px) 100vw, 280px" eager={eager} />
        )}
        {recipe.status === 'active' ? null : <span className={`badge badge--${recipe.status}`}>{recipe.status === 'draft' ? 'Draft' : 'Archived'}</span>}
      </div>
      <div className="recipe-card__body">
        <h2 className="recipe-card__title">
          <Link to="/recipes/$recipeId" params={{ recipeId: recipe.id }}>
            {recipe.title}
          </Link>
        </h2>
        {facts.length === 0 ? null : <p className="recipe-card__facts">{facts.join(' · ')}</p>}
        {recipe.dietary_tags.length === 0 ? null : (
          <ul className="tags" aria-label="Diets">
            {recipe.dietary_tags.slice(0, 3).map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="recipe-card__actions">
        {recipe.status === 'archived' ? (
          <button type="button" className="button button--small" disabled={busy} onClick={onRestore}>
            Restore<span className="visually-hidden"> {recipe.title}</span>
          </button>
        ) : (
          <button type="button" className="button button--small button--quiet" disabled={busy} onClick={onArchive}>
            Archive<span className="visually-hidden"> {recipe.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** One of four warm tones for a recipe without a photo, always the same for the same title. */
function tone(title: string): number {
  let sum = 0;
  for (const character of title) sum = (sum + (character.codePointAt(0) ?? 0)) % 4;
  return sum;
}
