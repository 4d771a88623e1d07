/**
 * What a document request may ask for, and which combinations a product type allows: books and plans come in
 * a4, letter or a5 (PDF or EPUB); card packs are PDF only, in 4x6 in, 5x7 in or A6 cards.
 */
import { err, ok, type Result } from 'neverthrow';
import { ruleViolation, validationFailed, type RuleViolation, type ValidationFailed } from '../shared/errors.js';
import type { ProductType } from '../product/product.js';
import type { UnitsChoice } from '../ingredient/unit-conversion.js';

export const DOCUMENT_FORMATS = ['pdf', 'epub'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const BOOK_PAGE_SIZES = ['a4', 'letter', 'a5'] as const;
export const CARD_PAGE_SIZES = ['4x6', '5x7', 'a6'] as const;
export const PAGE_SIZES = [...BOOK_PAGE_SIZES, ...CARD_PAGE_SIZES] as const;
export type BookPageSize = (typeof BOOK_PAGE_SIZES)[number];
export type CardPageSize = (typeof CARD_PAGE_SIZES)[number];
export type PageSize = BookPageSize | CardPageSize;

export const DOCUMENT_MEDIA_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
};

/** As asked: page size and units may be absent (the type's defaults apply). */
export interface DocumentRequest {
  readonly format: DocumentFormat;
  readonly page_size?: string | undefined;
  readonly units?: UnitsChoice | undefined;
}

/** As settled: every choice made. */
export interface DocumentOptions {
  readonly format: DocumentFormat;
  readonly page_size: PageSize;
  readonly units: UnitsChoice;
}

const isCardPack = (type: ProductType): boolean => type === 'recipe_card_pack';

/** The defaults of a type, and a 400 for a size the type does not come in, a 422 for a card pack's EPUB. */
export function settleDocumentOptions(type: ProductType, request: DocumentRequest): Result<DocumentOptions, ValidationFailed | RuleViolation> {
  const sizes: readonly string[] = isCardPack(type) ? CARD_PAGE_SIZES : BOOK_PAGE_SIZES;
  const pageSize = request.page_size ?? sizes[0];
  if (pageSize === undefined || !sizes.includes(pageSize)) {
    const what = isCardPack(type) ? 'a recipe card pack' : 'an ebook, meal plan or lead magnet';
    return err(validationFailed([{ pointer: '/page_size', message: `must be one of ${sizes.join(', ')} for ${what}` }]));
  }
  if (isCardPack(type) && request.format === 'epub') {
    return err(ruleViolation('a recipe card pack is printed cards: it is available as PDF only'));
  }
  return ok({ format: request.format, page_size: pageSize as PageSize, units: request.units ?? 'original' });
}
