export * from './product-document.js';
export * from './document-options.js';
export * from './document-renderer.js';
export { formatMinutes, fractionsAsGlyphs, fileStemOf, recipeFacts } from './document-text.js';
export { buildProductDocument, documentContentKey, documentVersionKey, groupShoppingList, orderedRecipes, type DocumentSource, type ShoppingLine } from './build-document.js';
export * from './prepare-document.js';
export * from './render-queue.js';
export * from './document-file.js';
export * from './cover-image.js';
