/**
 * @larder/adapters-documents: the domain's `DocumentRenderer` for PDF (pdfmake) and EPUB 3. It knows the document
 * model and nothing of HTTP or databases.
 */
export { createDocumentRenderer } from './document-renderer.js';
export { pdfPlan, pageTheme } from './pdf/pdf-renderer.js';
export { FONT_DIRECTORY, FONT_FILES } from './fonts.js';
export { createCoverArtist } from './cover/generated-cover.js';
export * as theme from './theme.js';
export { createRenderPool, defaultRenderThreads, type RenderPool, type RenderPoolOptions } from './render-pool/render-pool.js';
export { backgroundIdle } from './render-pool/background-priority.js';
