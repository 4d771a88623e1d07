/** The sample library in memory, and every document its products come in (every format and page size). */
import { BOOK_PAGE_SIZES, CARD_PAGE_SIZES, DEFAULT_SALES_PLATFORMS, prepareProductDocument, type DocumentFormat, type PageSize, type PreparedDocument, type Product } from '@larder/domain';
import { InMemoryProductRepository, InMemoryRecipeRepository, ManualClock, sequentialIds } from '@larder/domain/testing';
import { loadSampleLibrary } from '../../src/sample-library/index.js';

export async function sampleLibrary() {
  const deps = {
    recipes: new InMemoryRecipeRepository(),
    products: new InMemoryProductRepository(),
    clock: new ManualClock(),
    ids: sequentialIds('sample'),
    salesPlatforms: DEFAULT_SALES_PLATFORMS,
  };
  (await loadSampleLibrary(deps))._unsafeUnwrap();
  const products = (await deps.products.list({}, { page: 1, perPage: 100 }))._unsafeUnwrap().items;
  return { deps, products };
}

export interface SampleDocument {
  readonly product: Product;
  readonly format: DocumentFormat;
  readonly pageSize: PageSize;
  readonly prepared: PreparedDocument;
  /** `weeknight-dinners-around-the-world-a4.pdf`. */
  readonly name: string;
}

export async function sampleDocuments(formats: readonly DocumentFormat[] = ['pdf', 'epub']): Promise<SampleDocument[]> {
  const { deps, products } = await sampleLibrary();
  const prepare = prepareProductDocument(deps);
  const documents: SampleDocument[] = [];
  for (const product of products) {
    const cards = product.type === 'recipe_card_pack';
    for (const format of formats) {
      if (cards && format === 'epub') continue;
      const sizes = format === 'epub' ? [BOOK_PAGE_SIZES[0]] : cards ? CARD_PAGE_SIZES : BOOK_PAGE_SIZES;
      for (const pageSize of sizes) {
        const prepared = (await prepare({ id: product.id, format, page_size: pageSize }))._unsafeUnwrap();
        const name = `${prepared.document.file_stem}${format === 'pdf' ? `-${pageSize}` : ''}.${format}`;
        documents.push({ product, format, pageSize, prepared, name });
      }
    }
  }
  return documents;
}
