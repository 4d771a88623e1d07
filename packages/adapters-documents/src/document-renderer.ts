import type { DocumentRenderer } from '@larder/domain';
import { renderEpub } from './epub/epub-renderer.js';
import { renderPdf } from './pdf/pdf-renderer.js';

/** Bump when a layout changes, so that validators (ETags) derived from a document change with it. */
export const LAYOUT_REVISION = '7';

export function createDocumentRenderer(): DocumentRenderer {
  return {
    revision: LAYOUT_REVISION,
    render: async (document, { format, pageSize }) => (format === 'pdf' ? renderPdf(document, pageSize) : renderEpub(document)),
  };
}
