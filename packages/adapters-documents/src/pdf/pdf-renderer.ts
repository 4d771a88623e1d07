/**
 * PDF through pdfmake. Fonts come from the bundled DejaVu files through pdfmake's in-memory file system, and both
 * access policies deny everything: no URL is ever fetched (pdfmake < 0.3.6 fetched image URLs, CVE-2026-26801)
 * and no local file is ever read while rendering.
 */
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, DynamicContent, Content } from 'pdfmake/interfaces.js';
import type { CardPageSize, BookPageSize, PageSize, ProductDocument } from '@larder/domain';
import { fontBuffers, FONT_FILES } from '../fonts.js';
import { BOOK_PAGES, CARD_PAGES, COLOURS, FAMILIES, type PageTheme } from '../theme.js';
import { bookContent } from './book-layout.js';
import { cardPackLayout } from './card-layout.js';
import { pageFurniture } from './front-matter.js';
import { mealPlanContent } from './meal-plan-layout.js';
import { stylesFor } from './styles.js';

interface VirtualFileSystem {
  writeFileSync(name: string, content: Buffer): void;
}

let configured = false;
function configure(): void {
  if (configured) return;
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFileSystem }).virtualfs;
  for (const [name, content] of fontBuffers()) vfs.writeFileSync(name, content);
  pdfmake.setFonts(FONT_FILES);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  configured = true;
}

export function pageTheme(document: ProductDocument, pageSize: PageSize): PageTheme {
  const theme = document.layout === 'card_pack' ? CARD_PAGES[pageSize as CardPageSize] : BOOK_PAGES[pageSize as BookPageSize];
  if (theme === undefined) throw new Error(`page size ${pageSize} does not apply to a ${document.layout} document`);
  return theme;
}

function layout(document: ProductDocument, page: PageTheme): { content: Content[]; header: DynamicContent; footer: DynamicContent } {
  switch (document.layout) {
    case 'book':
      return { content: bookContent(document, page), ...pageFurniture(document.running_title, page) };
    case 'meal_plan':
      return { content: mealPlanContent(document, page), ...pageFurniture(document.running_title, page) };
    case 'card_pack':
      return cardPackLayout(document, page);
  }
}

/** The pdfmake document definition: exposed so that tests can inspect a layout without parsing a PDF. */
export function pdfDefinition(document: ProductDocument, pageSize: PageSize): TDocumentDefinitions {
  const page = pageTheme(document, pageSize);
  const { content, header, footer } = layout(document, page);
  return {
    pageSize: { width: page.width, height: page.height },
    pageMargins: [...page.margins],
    info: {
      title: document.title_page.title,
      creator: 'Larder',
      producer: 'Larder (pdfmake)',
      creationDate: document.updated_at,
      modDate: document.updated_at,
    },
    language: 'en',
    defaultStyle: { font: FAMILIES.text, fontSize: page.type.body, color: COLOURS.text },
    styles: stylesFor(page),
    content,
    header,
    footer,
  };
}

export async function renderPdf(document: ProductDocument, pageSize: PageSize): Promise<AsyncIterable<Uint8Array>> {
  configure();
  const pdf = await pdfmake.createPdf(pdfDefinition(document, pageSize)).getStream();
  // pdfkit writes the fonts and the cross-reference table once the document is ended.
  pdf.end();
  return pdf;
}
