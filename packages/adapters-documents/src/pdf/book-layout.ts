/** Ebooks and lead magnets: title page, contents with page numbers, one chapter per recipe. */
import type { BookDocument } from '@larder/domain';
import type { PageTheme } from '../theme.js';
import { pageFurniture, titlePage, titlePageCover } from './front-matter.js';
import { recipeSection } from './recipe-blocks.js';
import type { PdfPlan } from './sections.js';

export function bookPlan(document: BookDocument, page: PageTheme): PdfPlan {
  const furniture = pageFurniture(document.running_title, page);
  const cover = titlePageCover(document.cover, page);
  return {
    front: [{ content: () => [titlePage(document.title_page, page, cover)], ...(cover === null ? {} : { images: [cover] }) }],
    contents: furniture,
    body: document.recipes.map((recipe) => ({ ...recipeSection(recipe, page), ...furniture })),
  };
}
