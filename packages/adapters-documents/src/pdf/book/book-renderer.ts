/**
 * A book as PDF (ebooks and lead magnets), through `book-pages.ts`: the title and copyright pages, the contents'
 * lines set to learn how many pages they take, every chapter written (its bytes handed out as soon as it is done, so
 * a large book holds one chapter's memory and its first bytes leave early), then the contents, numbered, moved to
 * their place after the front pages.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BookDocument as BookModel } from '@larder/domain';
import type { PageTheme } from '../../theme.js';
import { moveLastPages, takeWritten, type PdfKitDocument } from '../pdfmake-engine.js';
import { titlePageCover } from '../front-matter.js';
import { BookPages } from './book-pages.js';
import type { BookDocument } from './type-setter.js';

export async function* renderBookPages(pdf: PdfKitDocument, document: BookModel, page: PageTheme): AsyncGenerator<Uint8Array, void, undefined> {
  const pages = new BookPages(pdf as BookDocument, page, document.running_title);
  await pages.titlePage(document.title_page, titlePageCover(document.cover, page));
  if (document.copyright !== null) pages.copyrightPage(document.copyright);
  const contents = pages.planContents(document.recipes.map((recipe) => ({ title: recipe.title, anchor: recipe.anchor })));
  const contentsAt = pages.pages;
  const firstContentsNumber = pages.nextNumber;
  pages.reserve(contents.pages.length);
  const pageOf = new Map<string, number>();
  for (const recipe of document.recipes) {
    pageOf.set(recipe.anchor, pages.nextNumber);
    await pages.chapter(recipe);
    const written = takeWritten(pdf);
    if (written !== null) yield written;
    await nextTurn();
  }
  pages.writeContents(contents, pageOf, firstContentsNumber);
  pages.finish();
  moveLastPages(pdf, contents.pages.length, contentsAt);
  // Ending embeds the font subsets and writes the page tree and the cross-reference table.
  pdf.end();
  const rest = takeWritten(pdf);
  if (rest !== null) yield rest;
}
