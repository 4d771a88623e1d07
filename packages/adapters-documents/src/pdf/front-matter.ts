/** The title page, the contents, and the running title and page number every later page carries. */
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { CopyrightPage, DocumentImage, DocumentTitlePage, ProductDocument } from '@larder/domain';
import { IMAGES, WORDS, type PageTheme } from '../theme.js';
import { printable, type PlacedImage } from './print-images.js';
import { pageNumberCell, type PageNumberReference } from './pdfmake-engine.js';
import type { Furniture, PdfSection } from './sections.js';

/** The product's cover placed on the title page, when it has one whose bytes were read. */
export function titlePageCover(cover: DocumentImage | undefined, page: PageTheme): PlacedImage | null {
  const [left, top, right, bottom] = page.margins;
  return printable(cover) ? { name: 'cover', image: cover, box: [page.width - left - right, (page.height - top - bottom) * IMAGES.coverHeightShare] } : null;
}

/** The title page: the cover (when there is one) above the title, else the title a fifth of the way down. */
export function titlePage(title: DocumentTitlePage, page: PageTheme, cover: PlacedImage | null = null): Content {
  const textWidth = page.width - page.margins[0] - page.margins[2];
  const blocks: Content[] = [
    ...(cover === null ? [] : [{ image: cover.name, fit: [cover.box[0], cover.box[1]], alignment: 'center', margin: [0, 0, 0, page.type.title] } satisfies Content]),
    { text: title.title, style: 'title', margin: [0, cover === null ? page.height * 0.22 : 0, 0, page.type.body] },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: Math.min(textWidth, page.type.title * 3), y2: 0, lineWidth: 2, lineColor: page.colours.accent }] },
  ];
  if (title.byline !== null) blocks.push({ text: title.byline, style: 'byline', margin: [0, page.type.body, 0, 0] });
  if (title.description !== null) blocks.push({ text: title.description, style: 'lede', margin: [0, page.type.body * 1.5, 0, 0] });
  if (title.source_line !== null) blocks.push({ text: title.source_line, style: 'source', margin: [0, page.type.body * 1.5, 0, 0] });
  return { stack: blocks };
}

/**
 * The copyright page: the notice, the creator's website (a link) and the terms, set small in the lower half of the
 * page, as books print them. A card pack prints the same as its last card.
 */
export function copyrightPageContent(copyright: CopyrightPage, page: PageTheme): Content {
  const gap = page.type.body * 0.8;
  const blocks: Content[] = [{ text: copyright.notice, style: 'copyrightNotice' }];
  if (copyright.website_url !== null) blocks.push({ text: copyright.website_url, style: 'copyrightLink', link: copyright.website_url, margin: [0, gap * 0.5, 0, 0] });
  blocks.push({ text: copyright.terms, style: 'copyright', margin: [0, gap, 0, 0] });
  return { stack: blocks, margin: [0, (page.height - page.margins[1] - page.margins[3]) * 0.5, 0, 0] };
}

/** The sections before the contents: the title page (with the cover), then the copyright page when there is one. */
export function frontSections(document: Pick<ProductDocument, 'title_page' | 'copyright' | 'cover'>, page: PageTheme): PdfSection[] {
  const cover = titlePageCover(document.cover, page);
  const copyright = document.copyright;
  return [
    { content: () => [titlePage(document.title_page, page, cover)], ...(cover === null ? {} : { images: [cover] }) },
    ...(copyright === null ? [] : [{ content: () => [copyrightPageContent(copyright, page)] }]),
  ];
}

/** A line of the contents: a title and where the page number of its section will be known. */
export interface ContentsLine {
  readonly title: string;
  readonly anchor: string;
  readonly page: PageNumberReference;
}

/**
 * The contents as pdfmake draws its own: the title on the left, the page number on the right, both linked to the
 * section. The numbers are laid out as `00000` and written once their sections have been placed.
 */
export function contents(lines: readonly ContentsLine[], page: PageTheme): Content[] {
  const margin: [number, number, number, number] = [0, page.type.body * 0.25, 0, page.type.body * 0.25];
  const body: TableCell[][] = lines.map((line) => [
    { text: line.title, linkToDestination: line.anchor, alignment: 'left', style: 'tocEntry', margin },
    pageNumberCell(line.page, { linkToDestination: line.anchor, alignment: 'right', style: 'tocNumber', margin: [0, margin[1], 0, margin[3]] }),
  ]);
  const heading: Content = { text: WORDS.contents, style: 'heading' };
  return body.length === 0 ? [heading] : [heading, { table: { dontBreakRows: true, widths: ['*', 'auto'], body }, layout: 'noBorders' }];
}

/** Running title at the head and the page number at the foot of every page but the title page. */
export function pageFurniture(runningTitle: string, page: PageTheme): { header: Furniture; footer: Furniture } {
  const [left, top, right, bottom] = page.margins;
  return {
    header: ({ number }) =>
      number === 1 ? null : { text: runningTitle, style: 'running', alignment: 'center', margin: [left, Math.max(page.headerOffset, top - page.type.caption * 3), right, 0] },
    footer: ({ number }) =>
      number === 1 ? null : { text: String(number), style: 'folio', alignment: 'center', margin: [left, bottom - page.footerOffset, right, 0] },
  };
}
