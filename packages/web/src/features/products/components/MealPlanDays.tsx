/** A meal plan's days: each day's meals, each a meal type and one of the plan's recipes, with optional servings. */
import type { Recipe } from '../../../lib/api';
import type { MealPlanDay } from '../api/products';

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'];

interface MealPlanDaysProps {
  days: MealPlanDay[];
  pool: Recipe[];
  onChange: (days: MealPlanDay[]) => void;
}

export function MealPlanDays({ days, pool, onChange }: MealPlanDaysProps) {
  const setDay = (index: number, day: MealPlanDay) => onChange(days.map((other, at) => (at === index ? day : other)));
  const addDay = () => {
    const first = pool[0];
    onChange([...days, { day: (days.at(-1)?.day ?? 0) + 1, meals: first === undefined ? [] : [{ meal_type: 'dinner', recipe_id: first.id }] }]);
  };
  return (
    <div className="stack">
      {days.map((day, index) => (
        <fieldset key={day.day} className="day">
          <legend>Day {day.day}</legend>
          {day.meals.map((meal, mealIndex) => {
            const setMeal = (changes: Partial<MealPlanDay['meals'][number]>) =>
              setDay(index, { ...day, meals: day.meals.map((other, at) => (at === mealIndex ? { ...other, ...changes } : other)) });
            const id = `day-${day.day}-meal-${mealIndex}`;
            return (
              <div key={id} className="meal-row">
                <label htmlFor={`${id}-type`} className="visually-hidden">
                  Day {day.day}, meal {mealIndex + 1}: which meal
                </label>
                <select id={`${id}-type`} value={meal.meal_type} onChange={(event) => setMeal({ meal_type: event.target.value })}>
                  {MEALS.map((name) => (
                    <option key={name} value={name}>
                      {name[0]?.toUpperCase()}
                      {name.slice(1)}
                    </option>
                  ))}
                </select>
                <label htmlFor={`${id}-recipe`} className="visually-hidden">
                  Day {day.day}, meal {mealIndex + 1}: recipe
                </label>
                <select id={`${id}-recipe`} value={meal.recipe_id} onChange={(event) => setMeal({ recipe_id: event.target.value })}>
                  {pool.map((recipe) => (
                    <option key={recipe.id} value={recipe.id}>
                      {recipe.title}
                    </option>
                  ))}
                </select>
                <button type="button" className="button button--small button--quiet" onClick={() => setDay(index, { ...day, meals: day.meals.filter((_, at) => at !== mealIndex) })}>
                  Remove<span className="visually-hidden"> meal {mealIndex + 1} of day {day.day}</span>
                </button>
              </div>
            );
          })}
          <div className="day__actions">
            <button
              type="button"
              className="button button--small"
              disabled={pool.length === 0}
              onClick={() => setDay(index, { ...day, meals: [...day.meals, { meal_type: 'lunch', recipe_id: pool[0]?.id ?? '' }] })}
            >
              Add a meal<span className="visually-hidden"> to day {day.day}</span>
            </button>
            <button type="button" className="button button--small button--quiet" onClick={() => onChange(days.filter((_, at) => at !== index))}>
              Remove day {day.day}
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" className="button" disabled={pool.length === 0 || days.length >= 31} onClick={addDay}>
        Add a day
      </button>
      {pool.length === 0 ? <p className="muted">Add recipes to the plan first; then give each day its meals.</p> : null}
    </div>
  );
}
