/**
 * Meal plans: title page, contents, the day-by-day table (each meal with its servings), the shopping list by aisle
 * with a tick box per item, then the recipes.
 */
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { DocumentDay, MealPlanDocument, ShoppingListGroup } from '@larder/domain';
import { COLOURS, SPACING, WORDS, type PageTheme } from '../theme.js';
import { frontSections, pageFurniture } from './front-matter.js';
import { recipeSection } from './recipe-blocks.js';
import type { PdfPlan } from './sections.js';

const cellPad = (page: PageTheme) => page.type.body * 0.45;

function dayRows(day: DocumentDay, page: PageTheme): TableCell[][] {
  return day.meals.map((meal, index): TableCell[] => [
    index === 0 ? { text: day.label, style: 'tableCell', bold: true, noWrap: true } : { text: '' },
    { text: meal.meal_type, style: 'tableCell', color: COLOURS.muted, noWrap: true },
    { text: meal.recipe_title, style: 'tableCell', linkToDestination: meal.recipe_anchor },
    { text: meal.servings === null ? '–' : String(meal.servings), style: 'tableCell', alignment: 'right', margin: [0, 0, cellPad(page), 0] },
  ]);
}

function planTable(days: readonly DocumentDay[], page: PageTheme): Content {
  const firstRows = new Set<number>();
  let row = 1;
  for (const day of days) {
    firstRows.add(row);
    row += day.meals.length;
  }
  const head = [WORDS.day, WORDS.meal, WORDS.recipe, WORDS.serves].map((text, index): TableCell => ({ text: text.toUpperCase(), style: 'tableHead', alignment: index === 3 ? 'right' : 'left', margin: index === 3 ? [0, 0, cellPad(page), 0] : [0, 0, 0, 0] }));
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ['auto', 'auto', '*', 'auto'], body: [head, ...days.flatMap((day) => dayRows(day, page))] },
    layout: {
      hLineWidth: (index) => (index === 1 || firstRows.has(index) ? 0.75 : 0),
      hLineColor: () => COLOURS.rule,
      vLineWidth: () => 0,
      paddingLeft: () => cellPad(page),
      paddingRight: () => cellPad(page),
      paddingTop: () => cellPad(page),
      paddingBottom: () => cellPad(page),
    },
  };
}

function aisleBlock(group: ShoppingListGroup, page: PageTheme): Content[] {
  const item = (text: string): Content => ({ text: [{ text: `${WORDS.tickBox}  `, style: 'tick' }, { text, style: 'ingredient' }], margin: [0, 1.5, 0, 1.5] });
  const [first, ...rest] = group.items;
  const heading: Content = { text: group.label, style: 'subheading', margin: [0, page.type.body * SPACING.beforeSubheading, 0, page.type.body * 0.3] };
  return [{ stack: [heading, ...(first === undefined ? [] : [item(first)])], unbreakable: true }, ...rest.map(item)];
}

/** Anchors of the plan and the shopping list (recipes' anchors are `recipe-N`). */
const PLAN_ANCHOR = 'the-plan';
const SHOPPING_LIST_ANCHOR = 'shopping-list';

export function mealPlanPlan(document: MealPlanDocument, page: PageTheme): PdfPlan {
  const furniture = pageFurniture(document.running_title, page);
  return {
    front: frontSections(document, page),
    contents: furniture,
    body: [
      {
        entry: { title: WORDS.plan, anchor: PLAN_ANCHOR },
        content: () => [{ text: WORDS.plan, style: 'heading', id: PLAN_ANCHOR }, planTable(document.days, page)],
        ...furniture,
      },
      {
        entry: { title: WORDS.shoppingList, anchor: SHOPPING_LIST_ANCHOR },
        content: () => [{ text: WORDS.shoppingList, style: 'heading', id: SHOPPING_LIST_ANCHOR }, ...document.shopping_list.flatMap((group) => aisleBlock(group, page))],
        ...furniture,
      },
      ...document.recipes.map((recipe) => ({ ...recipeSection(recipe, page), ...furniture })),
    ],
  };
}
