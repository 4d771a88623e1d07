/** Ebooks and lead magnets: title page, copyright page, contents with page numbers, one chapter per recipe. */
import type { BookDocument } from '@larder/domain';
import type { PageTheme } from '../theme.js';
import { frontSections, pageFurniture } from './front-matter.js';
import { recipeSection } from './recipe-blocks.js';
import type { PdfPlan } from './sections.js';

export function bookPlan(document: BookDocument, page: PageTheme): PdfPlan {
  const furniture = pageFurniture(document.running_title, page);
  return {
    front: frontSections(document, page),
    contents: furniture,
    body: document.recipes.map((recipe) => ({ ...recipeSection(recipe, page), ...furniture })),
  };
}
