/** Ebooks and lead magnets: title page, contents with page numbers, one chapter per recipe. */
import type { Content } from 'pdfmake/interfaces.js';
import type { BookDocument } from '@larder/domain';
import type { PageTheme } from '../theme.js';
import { contents, titlePage } from './front-matter.js';
import { recipeChapter } from './recipe-blocks.js';

export function bookContent(document: BookDocument, page: PageTheme): Content[] {
  return [titlePage(document.title_page, page), contents(page), ...document.recipes.flatMap((recipe) => recipeChapter(recipe, page))];
}
