/**
 * The XHTML fragments of an EPUB: every piece of text escaped, no links outside the book but the creator's website
 * on the copyright page; a recipe's photo is a
 * file of the book (its `src` a file in the render's private directory, which the library copies in). The reading
 * system chooses the fonts; the style sheet only sets the hierarchy (epub.css).
 */
import type { CopyrightPage, DocumentDay, DocumentRecipe, DocumentTitlePage, ShoppingListGroup } from '@larder/domain';
import { WORDS } from '../theme.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

const paragraph = (className: string, text: string | null): string => (text === null ? '' : `<p class="${className}">${escapeHtml(text)}</p>`);

export function titlePageHtml(title: DocumentTitlePage): string {
  return `<section class="title-page"><h1 class="book-title">${escapeHtml(title.title)}</h1>${paragraph('byline', title.byline)}${paragraph('lede', title.description)}${paragraph('source', title.source_line)}</section>`;
}

/** The copyright page: the notice, the creator's website (the book's one link out), the terms. */
export function copyrightHtml(copyright: CopyrightPage): string {
  const website = copyright.website_url === null ? '' : `<p class="website"><a href="${escapeHtml(copyright.website_url)}">${escapeHtml(copyright.website_url)}</a></p>`;
  return `<section class="copyright">${paragraph('notice', copyright.notice)}${website}${paragraph('terms', copyright.terms)}</section>`;
}

/** The ingredient list, one `<ul>` per section, each after its `<h3>` (lines before the first section have none). */
function ingredientLists(recipe: DocumentRecipe): string {
  const starts = new Map((recipe.ingredient_sections ?? []).map((section) => [section.before, section.title]));
  let html = '';
  let open = false;
  recipe.ingredients.forEach((text, index) => {
    const heading = starts.get(index);
    if (heading !== undefined) {
      if (open) html += '</ul>';
      html += `<h3>${escapeHtml(heading)}</h3><ul>`;
      open = true;
    } else if (!open) {
      html += '<ul>';
      open = true;
    }
    html += `<li>${escapeHtml(text)}</li>`;
  });
  return open ? `${html}</ul>` : html;
}

export function recipeHtml(recipe: DocumentRecipe, photoSrc: string | null = null): string {
  const photo = photoSrc === null ? '' : `<figure class="photo"><img src="${escapeHtml(photoSrc)}" alt="${escapeHtml(recipe.title)}"/></figure>`;
  const facts = recipe.facts.length === 0 ? '' : `<p class="facts">${escapeHtml(recipe.facts.join(' · '))}</p>`;
  const tags = recipe.dietary_tags.length === 0 ? '' : `<p class="tags">${escapeHtml(recipe.dietary_tags.join(' · '))}</p>`;
  const ingredients =
    recipe.ingredients.length === 0
      ? ''
      : `<section class="ingredients"><h2>${WORDS.ingredients}</h2>${ingredientLists(recipe)}</section>`;
  const method =
    recipe.instructions.length === 0
      ? ''
      : `<section class="method"><h2>${WORDS.method}</h2><ol>${recipe.instructions.map((text) => `<li>${escapeHtml(text)}</li>`).join('')}</ol></section>`;
  const notes = recipe.notes === null ? '' : `<section class="notes"><h2>${WORDS.notes}</h2>${paragraph('note', recipe.notes)}</section>`;
  return `<h1 id="${recipe.anchor}">${escapeHtml(recipe.title)}</h1>${photo}${paragraph('lede', recipe.description)}${facts}${tags}${ingredients}${method}${notes}`;
}

export function planHtml(days: readonly DocumentDay[]): string {
  const rows = days.flatMap((day) =>
    day.meals.map(
      (meal, index) =>
        `<tr${index === 0 ? ' class="day-start"' : ''}><th scope="row">${index === 0 ? escapeHtml(day.label) : ''}</th><td>${escapeHtml(meal.meal_type)}</td><td>${escapeHtml(meal.recipe_title)}</td><td class="serves">${meal.servings ?? '–'}</td></tr>`,
    ),
  );
  const head = `<tr><th scope="col">${WORDS.day}</th><th scope="col">${WORDS.meal}</th><th scope="col">${WORDS.recipe}</th><th scope="col" class="serves">${WORDS.serves}</th></tr>`;
  return `<h1>${WORDS.plan}</h1><table class="plan"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

export function shoppingListHtml(groups: readonly ShoppingListGroup[]): string {
  const aisles = groups.map(
    (group) => `<h2>${escapeHtml(group.label)}</h2><ul class="shopping">${group.items.map((text) => `<li><span class="tick">${WORDS.tickBox}</span> ${escapeHtml(text)}</li>`).join('')}</ul>`,
  );
  return `<h1>${WORDS.shoppingList}</h1>${aisles.join('')}`;
}
