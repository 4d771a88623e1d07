/**
 * EPUB 3 through @lesjoursfr/html-to-epub: one XHTML file per recipe (and, for a meal plan, the plan and the
 * shopping list), its navigation document as the contents. The library assembles the book in a private temporary
 * directory, which is removed once the file has been read out. The content holds no link; its images (the cover,
 * recipes' photos) are files of that directory, so the library's downloader only copies them (`epub-images.ts`). The bytes depend on the document only (its strong ETag promises it): the
 * identifier and the dates come from the product and its version, and the zip is rewritten with fixed entry times.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EPub, type EpubContentOptions } from '@lesjoursfr/html-to-epub';
import type { ProductDocument } from '@larder/domain';
import { WORDS } from '../theme.js';
import { epubCss } from './epub-css.js';
import { copyrightHtml, planHtml, recipeHtml, shoppingListHtml, titlePageHtml } from './epub-html.js';
import { epubIdentifier } from './epub-identifier.js';
import { nameImagesAfterFiles, writeEpubImages, type EpubImageFiles } from './epub-images.js';
import { OPF_TEMPLATE } from './epub-opf-template.js';
import { deterministicEpubZip } from './epub-zip.js';

function chapters(document: ProductDocument, images: EpubImageFiles): EpubContentOptions[] {
  const front: EpubContentOptions[] = [
    { title: document.title_page.title, data: titlePageHtml(document.title_page), beforeToc: true, excludeFromToc: true, filename: 'title-page' },
    ...(document.copyright === null ? [] : [{ title: WORDS.copyright, data: copyrightHtml(document.copyright), beforeToc: true, excludeFromToc: true, filename: 'copyright' }]),
  ];
  const plan: EpubContentOptions[] =
    document.layout === 'meal_plan'
      ? [
          { title: WORDS.plan, data: planHtml(document.days), filename: 'plan' },
          { title: WORDS.shoppingList, data: shoppingListHtml(document.shopping_list), filename: 'shopping-list' },
        ]
      : [];
  const recipes = document.recipes.map((recipe) => ({ title: recipe.title, data: recipeHtml(recipe, images.photos.get(recipe.anchor) ?? null), filename: recipe.anchor }));
  return [...front, ...plan, ...recipes];
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

export async function renderEpub(document: ProductDocument): Promise<AsyncIterable<Uint8Array>> {
  const directory = await mkdtemp(join(tmpdir(), 'larder-epub-'));
  try {
    const output = join(directory, 'book.epub');
    const opfTemplate = join(directory, 'content.opf.ejs');
    await writeFile(opfTemplate, OPF_TEMPLATE);
    const images = await writeEpubImages(document, directory);
    const epub = new EPub(
      {
        title: document.title_page.title,
        description: document.title_page.description ?? document.title_page.title,
        // The creator (dc:creator, dc:publisher and the rights line name them); the service's name without a brand.
        author: document.author ?? 'Larder',
        publisher: document.author ?? 'Larder',
        tocTitle: WORDS.contents,
        appendChapterTitles: false,
        date: document.updated_at.toISOString(),
        lang: 'en',
        css: epubCss(document.brand_color),
        content: chapters(document, images),
        ...(images.cover === null ? {} : { cover: images.cover }),
        tempDir: join(directory, 'work'),
        customOpfTemplatePath: opfTemplate,
        verbose: false,
      },
      output,
    );
    // Read by the templates at render time only (the constructor also named its temporary folder after the random
    // one it drew, which stays private to this render).
    epub.uuid = epubIdentifier(document);
    nameImagesAfterFiles(epub);
    await epub.render();
    return once(deterministicEpubZip(await readFile(output), document.updated_at));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
