/** The title page, the contents, and the running title and page number every later page carries. */
import type { Content, DynamicContent } from 'pdfmake/interfaces.js';
import type { DocumentTitlePage } from '@larder/domain';
import { COLOURS, WORDS, type PageTheme } from '../theme.js';

export function titlePage(title: DocumentTitlePage, page: PageTheme): Content {
  const textWidth = page.width - page.margins[0] - page.margins[2];
  const blocks: Content[] = [
    { text: title.title, style: 'title', margin: [0, page.height * 0.22, 0, page.type.body] },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: Math.min(textWidth, page.type.title * 3), y2: 0, lineWidth: 2, lineColor: COLOURS.accent }] },
  ];
  if (title.description !== null) blocks.push({ text: title.description, style: 'lede', margin: [0, page.type.body * 1.5, 0, 0] });
  if (title.source_line !== null) blocks.push({ text: title.source_line, style: 'source', margin: [0, page.type.body * 1.5, 0, 0] });
  return { stack: blocks };
}

export function contents(page: PageTheme): Content {
  return {
    toc: {
      title: { text: WORDS.contents, style: 'heading' },
      textStyle: 'tocEntry',
      numberStyle: 'tocNumber',
      textMargin: [0, page.type.body * 0.25, 0, page.type.body * 0.25],
    },
    pageBreak: 'before',
  };
}

/** Running title at the head and the page number at the foot of every page but the title page. */
export function pageFurniture(runningTitle: string, page: PageTheme): { header: DynamicContent; footer: DynamicContent } {
  const [left, top, right, bottom] = page.margins;
  return {
    header: (currentPage) =>
      currentPage === 1 ? null : { text: runningTitle, style: 'running', alignment: 'center', margin: [left, Math.max(page.headerOffset, top - page.type.caption * 3), right, 0] },
    footer: (currentPage) =>
      currentPage === 1 ? null : { text: String(currentPage), style: 'folio', alignment: 'center', margin: [left, bottom - page.footerOffset, right, 0] },
  };
}
