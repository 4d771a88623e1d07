/**
 * How wide, in pixels, a document prints its generated cover: a PDF across its title page's text width at
 * `IMAGES.maxDpi`, an EPUB at its cover width. The renderer draws the cover at that size (see `withDrawnCover`), and
 * the documents read the narrowest stored rendition at least that wide (`RenderQueue.coverWidth`): one number, one
 * place.
 */
import type { ProductDocument, RenderOptions } from '@larder/domain';
import { BOOK_PAGES, CARD_PAGES, documentColours, EPUB_IMAGES, IMAGES, type PageTheme } from '../theme.js';

/** The page size's theme, in the creator's colours when the document carries a brand colour. */
export function pageTheme(document: Pick<ProductDocument, 'layout'> & { readonly brand_color?: string | null }, pageSize: RenderOptions['pageSize']): PageTheme {
  const theme = document.layout === 'card_pack' ? CARD_PAGES[pageSize as keyof typeof CARD_PAGES] : BOOK_PAGES[pageSize as keyof typeof BOOK_PAGES];
  if (theme === undefined) throw new Error(`page size ${pageSize} does not apply to a ${document.layout} document`);
  return document.brand_color == null ? theme : { ...theme, colours: documentColours(document.brand_color) };
}

/** The pixels a PDF's title page prints a cover with: `IMAGES.maxDpi` across the text width. */
export const printCoverWidth = (page: PageTheme): number => Math.floor(((page.width - page.margins[0] - page.margins[2]) / 72) * IMAGES.maxDpi);

export function documentCoverWidth(document: Pick<ProductDocument, 'layout'>, options: RenderOptions): number {
  return options.format === 'epub' ? EPUB_IMAGES.coverWidth : printCoverWidth(pageTheme(document, options.pageSize));
}
