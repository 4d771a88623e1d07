/**
 * PDF through pdfmake's layout engine, one section at a time (see pdfmake-engine.ts): each section is laid out,
 * written and dropped, and the bytes written so far are handed out before the next section starts. So a large book
 * holds the memory of one chapter, its first bytes leave while the rest is being laid out, and the event loop gets a
 * turn between sections (a chapter takes milliseconds, never the whole book). Reading is pull-based: a slow reader
 * pauses the rendering instead of letting written bytes pile up.
 *
 * Fonts come from the bundled DejaVu files in memory; nothing is fetched and no local file is read while rendering.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DynamicContent } from 'pdfmake/interfaces.js';
import type { PageSize, ProductDocument } from '@larder/domain';
import { COLOURS, FAMILIES, type PageTheme } from '../theme.js';
import { pageTheme, printCoverWidth } from '../cover/document-cover-width.js';
import { withDrawnCover } from '../cover/generated-cover.js';
import { bookPlan } from './book-layout.js';
import { renderBookPages } from './book/book-renderer.js';
import { cardPackPlan } from './card-layout.js';
import { contents, type ContentsLine } from './front-matter.js';
import { mealPlanPlan } from './meal-plan-layout.js';
import { forgetImage, layOut, moveLastPages, openDocument, renderPages, takeWritten, type PageSetup, type PdfKitDocument } from './pdfmake-engine.js';
import { printJpeg } from './print-images.js';
import type { Furniture, PdfPlan, PdfSection } from './sections.js';
import { stylesFor } from './styles.js';

/** The document's sections: exposed so that tests can inspect a layout without parsing a PDF. */
export function pdfPlan(document: ProductDocument, page: PageTheme): PdfPlan {
  switch (document.layout) {
    case 'book':
      return bookPlan(document, page);
    case 'meal_plan':
      return mealPlanPlan(document, page);
    case 'card_pack':
      return cardPackPlan(document, page);
  }
}

function pageSetup(page: PageTheme): PageSetup {
  return {
    width: page.width,
    height: page.height,
    margins: page.margins,
    styles: stylesFor(page),
    defaultStyle: { font: FAMILIES.text, fontSize: page.type.body, color: COLOURS.text },
  };
}

/** pdfmake's header/footer callback for a section that starts after `pagesBefore` pages of the document. */
function dynamic(furniture: Furniture | undefined, pagesBefore: number): DynamicContent | undefined {
  return furniture === undefined ? undefined : (index, count) => furniture({ number: pagesBefore + index, index, count });
}

export { pageTheme };

/**
 * `options.pdfmakeBooks`: a book laid out by pdfmake, as before `book/` set books itself (the tests compare the two,
 * page by page and word by word).
 */
export async function* renderPdf(given: ProductDocument, pageSize: PageSize, options: { readonly pdfmakeBooks?: boolean } = {}): AsyncGenerator<Uint8Array, void, undefined> {
  const page = pageTheme(given, pageSize);
  // A generated cover is drawn at the pixels the title page prints it with (IMAGES.maxDpi across the text width).
  const document = await withDrawnCover(given, printCoverWidth(page));
  const bookPages = document.layout === 'book' && options.pdfmakeBooks !== true;
  const setup = pageSetup(page);
  const images: Record<string, string> = {};
  const pdf: PdfKitDocument = openDocument(
    setup,
    {
      title: document.title_page.title,
      ...(document.author === null ? {} : { author: document.author }),
      creator: 'Larder',
      producer: bookPages ? 'Larder' : 'Larder (pdfmake)',
      date: document.updated_at,
    },
    images,
  );
  if (bookPages && document.layout === 'book') {
    yield* renderBookPages(pdf, document, page);
    return;
  }
  const plan = pdfPlan(document, page);
  let pages = 0;
  const write = async (section: PdfSection): Promise<number> => {
    // A section's pictures are scaled for print (off this thread, in libuv's pool) just before it is laid out.
    for (const placed of section.images ?? []) {
      const data = await printJpeg(placed);
      if (data !== null) images[placed.name] = data;
    }
    const laidOut = layOut(pdf, setup, section.content(), dynamic(section.header, pages), dynamic(section.footer, pages));
    renderPages(pdf, laidOut);
    for (const placed of section.images ?? []) {
      delete images[placed.name];
      forgetImage(pdf, placed.name);
    }
    pages += laidOut.length;
    return laidOut.length;
  };

  for (const section of plan.front) await write(section);
  // The first use of each font parses it: a turn of the event loop before the contents are laid out.
  await nextTurn();

  // The contents are laid out now, to know how many pages they take (their numbers are laid out as `00000`), and
  // written last, once every section has its page; then they are moved to their place in the page tree.
  const lines: ContentsLine[] = plan.body.flatMap((section) => (section.entry === undefined ? [] : [{ ...section.entry, page: { positions: [] } }]));
  const contentsAfter = pages;
  let contentsPages: ReturnType<typeof layOut> = [];
  if (plan.contents !== null) {
    contentsPages = layOut(pdf, setup, contents(lines, page), dynamic(plan.contents.header, pages), dynamic(plan.contents.footer, pages));
    pages += contentsPages.length;
  }
  const lineOf = new Map(lines.map((line) => [line.anchor, line]));

  for (const section of plan.body) {
    const first = pages + 1;
    await write(section);
    if (section.entry !== undefined) lineOf.get(section.entry.anchor)?.page.positions.push({ pageNumber: first });
    const written = takeWritten(pdf);
    if (written !== null) yield written;
    await nextTurn();
  }

  if (contentsPages.length > 0) {
    renderPages(pdf, contentsPages);
    moveLastPages(pdf, contentsPages.length, contentsAfter);
    await nextTurn();
  }
  // Ending embeds the font subsets and writes the page tree and the cross-reference table.
  pdf.end();
  const rest = takeWritten(pdf);
  if (rest !== null) yield rest;
}
