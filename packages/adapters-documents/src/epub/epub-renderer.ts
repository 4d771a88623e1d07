/**
 * EPUB 3 through @lesjoursfr/html-to-epub: one XHTML file per recipe (and, for a meal plan, the plan and the
 * shopping list), its navigation document as the contents. The library assembles the book in a private temporary
 * directory, which is removed once the file has been read out. The content holds no image or link, so the
 * library's downloader never runs.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EPub, type EpubContentOptions } from '@lesjoursfr/html-to-epub';
import type { ProductDocument } from '@larder/domain';
import { WORDS } from '../theme.js';
import { EPUB_CSS } from './epub-css.js';
import { planHtml, recipeHtml, shoppingListHtml, titlePageHtml } from './epub-html.js';

function chapters(document: ProductDocument): EpubContentOptions[] {
  const front: EpubContentOptions[] = [
    { title: document.title_page.title, data: titlePageHtml(document.title_page), beforeToc: true, excludeFromToc: true, filename: 'title-page' },
  ];
  const plan: EpubContentOptions[] =
    document.layout === 'meal_plan'
      ? [
          { title: WORDS.plan, data: planHtml(document.days), filename: 'plan' },
          { title: WORDS.shoppingList, data: shoppingListHtml(document.shopping_list), filename: 'shopping-list' },
        ]
      : [];
  const recipes = document.recipes.map((recipe) => ({ title: recipe.title, data: recipeHtml(recipe), filename: recipe.anchor }));
  return [...front, ...plan, ...recipes];
}

async function* readThenRemove(path: string, directory: string): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of createReadStream(path)) yield chunk as Buffer;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export async function renderEpub(document: ProductDocument): Promise<AsyncIterable<Uint8Array>> {
  const directory = await mkdtemp(join(tmpdir(), 'larder-epub-'));
  try {
    const output = join(directory, 'book.epub');
    const epub = new EPub(
      {
        title: document.title_page.title,
        description: document.title_page.description ?? document.title_page.title,
        author: 'Larder',
        publisher: 'Larder',
        tocTitle: WORDS.contents,
        appendChapterTitles: false,
        date: document.updated_at.toISOString(),
        lang: 'en',
        css: EPUB_CSS,
        content: chapters(document),
        tempDir: join(directory, 'work'),
        verbose: false,
      },
      output,
    );
    await epub.render();
    return readThenRemove(output, directory);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
