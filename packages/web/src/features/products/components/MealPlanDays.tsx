/** A meal plan's days: each day's meals, each a meal type and one of the plan's recipes, with optional servings. */
import type { Dispatch, SetStateAction } from 'react';
import type { Recipe } from '../../../lib/api';
import type { MealPlanDay } from '../api/products';

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'];

interface MealPlanDaysProps {
  days: MealPlanDay[];
  pool: Recipe[];
  /** The days' state setter: every change is made from the latest days (two changes in one turn both count). */
  onChange: Dispatch<SetStateAction<MealPlanDay[]>>;
}

export function MealPlanDays({ days, pool, onChange }: MealPlanDaysProps) {
  const changeDay = (index: number, change: (day: MealPlanDay) => MealPlanDay) => onChange((latest) => latest.map((other, at) => (at === index ? change(other) : other)));
  const addDay = () => {
    const first = pool[0];
    onChange((latest) => [...latest, { day: (latest.at(-1)?.day ?? 0) + 1, meals: first === undefined ? [] : [{ meal_type: 'dinner', recipe_id: first.id }] }]);
  };
  return (
    <div className="stack">
      {days.map((day, index) => (
        <fieldset key={day.day} className="day">
          <legend>Day {day.day}</legend>
          {day.meals.map((meal, mealIndex) => {
            const setMeal = (changes: Partial<MealPlanDay['meals'][number]>) =>
              changeDay(index, (latest) => ({ ...latest, meals: latest.meals.map((other, at) => (at === mealIndex ? { ...other, ...changes } : other)) }));
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
                  {/* A recipe whose title is still being read keeps its place (a select without its value shows the first). */}
                  {pool.some((recipe) => recipe.id === meal.recipe_id) ? null : <option value={meal.recipe_id}>Loading…</option>}
                  {pool.map((recipe) => (
                    <option key={recipe.id} value={recipe.id}>
                      {recipe.title}
                    </option>
                  ))}
                </select>
                <button type="button" className="button button--small button--quiet" onClick={() => changeDay(index, (latest) => ({ ...latest, meals: latest.meals.filter((_, at) => at !== mealIndex) }))}>
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
              onClick={() => changeDay(index, (latest) => ({ ...latest, meals: [...latest.meals, { meal_type: 'lunch', recipe_id: pool[0]?.id ?? '' }] }))}
            >
              Add a meal<span className="visually-hidden"> to day {day.day}</span>
            </button>
            <button type="button" className="button button--small button--quiet" onClick={() => onChange((latest) => latest.filter((_, at) => at !== index))}>
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
